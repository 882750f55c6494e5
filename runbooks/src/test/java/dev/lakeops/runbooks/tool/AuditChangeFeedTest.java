package dev.lakeops.runbooks.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.FileAuditLog;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.Change;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeTargets;
import dev.lakeops.tools.change.ChangeText;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.change.ChangeWindow;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.table.TableLocator;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** lakeops' own audited actions as changes. */
class AuditChangeFeedTest {

  private static final Instant ALERT = Instant.parse("2026-12-01T10:00:00Z");
  @TempDir Path dir;

  @Test
  void reportsTheExecutedAndFailedActionsInTheWindowThatNameATarget() {
    FileAuditLog log = log();
    append(
        log,
        ALERT.minus(Duration.ofMinutes(90)),
        AuditEvent.EXECUTED,
        "table.compact",
        "compacted 1 buckets of orders: 3 files");
    append(
        log,
        ALERT.minus(Duration.ofMinutes(20)),
        AuditEvent.PROPOSED,
        "table.rollback_to",
        "rollback orders to 5");
    append(
        log,
        ALERT.minus(Duration.ofMinutes(15)),
        AuditEvent.EXECUTED,
        "table.rollback_to",
        "rolled orders back from snapshot 9 to 5");
    append(
        log,
        ALERT.minus(Duration.ofMinutes(10)),
        AuditEvent.EXECUTED,
        "table.compact",
        "compacted 2 buckets of payments: 8 files");
    append(
        log,
        ALERT.minus(Duration.ofMinutes(5)),
        AuditEvent.FAILED,
        "flink.cancel",
        "flink.cancel failed: job 9430a5b6 gone");
    append(
        log,
        ALERT.plus(Duration.ofMinutes(1)),
        AuditEvent.EXECUTED,
        "table.compact",
        "compacted 1 buckets of orders: 2 files");
    ChangeTargets targets =
        ChangeTargets.of("orders-to-lake", "db.orders", null, null).withAliases(Set.of("9430a5b6"));

    List<Change> changes =
        new AuditChangeFeed(log)
            .changes(targets, ChangeWindow.beforeAlert(ALERT, Duration.ofMinutes(60)));

    assertThat(changes)
        .extracting(Change::phrase)
        .containsExactly("ran table.rollback_to", "action flink.cancel failed");
    Change rollback = changes.get(0);
    assertThat(rollback.at()).isEqualTo(ALERT.minus(Duration.ofMinutes(15)));
    assertThat(rollback.details())
        .containsEntry("actor", "alice")
        .containsEntry("proposal", "p-1")
        .containsEntry("event", "EXECUTED");
    assertThat(rollback.before()).isEqualTo("latest snapshot=9");
    assertThat(rollback.after()).isEqualTo("latest snapshot=5");
  }

  @Test
  void addsTheActionsToTheReportOfTheChangeProbe() {
    FileAuditLog log = log();
    Path warehouse = dir.resolve("warehouse");
    ChangeBindingsTest.table(warehouse, "w1");
    append(
        log,
        Instant.now().minus(Duration.ofMinutes(3)),
        AuditEvent.EXECUTED,
        "table.compact",
        "compacted 1 buckets of orders: 3 files");
    TableLocator locator = TableLocator.local(warehouse);
    FlinkClusters flink =
        FlinkClusters.single(
            new FlinkTools(
                new FlinkJobProbe(new RecordedChangeRest("no-change")),
                new BackpressureAnalyzer()));
    ChangeTools tools =
        new ChangeTools(
                new ChangeSources(flink, KafkaClusters.of(List.of()), locator),
                KafkaProbeOptions.defaults(),
                ChangeHistory.defaults(),
                Clock.systemUTC())
            .withFeed(new AuditChangeFeed(log));
    ToolRegistry registry = new ToolRegistry().register(ChangeBindings.confined(tools, locator));

    ToolReport report =
        registry.call(
            "changes.recent", Map.of("table", "db.orders", "alert_at", Instant.now().toString()));

    Finding action =
        report.findings().stream()
            .filter(f -> f.code().equals("change.lakeops.action"))
            .findFirst()
            .orElseThrow();
    assertThat(action.evidence())
        .containsEntry("minutesBeforeAlert", "3")
        .containsEntry("action", "table.compact");
    assertThat(ChangeText.line(report)).contains("; 3 minutes before: lakeops ran table.compact");
  }

  private FileAuditLog log() {
    return new FileAuditLog(dir.resolve("audit.jsonl"), Clock.systemUTC());
  }

  private static void append(
      FileAuditLog log, Instant at, AuditEvent event, String action, String summary) {
    FileAuditLog atTime = new FileAuditLog(log.file(), Clock.fixed(at, ZoneOffset.UTC));
    atTime.append(
        AuditEntry.of(event, "alice", "p-1", action, summary)
            .withBefore(Map.of("latest snapshot", "9"))
            .withAfter(Map.of("latest snapshot", "5")));
  }
}
