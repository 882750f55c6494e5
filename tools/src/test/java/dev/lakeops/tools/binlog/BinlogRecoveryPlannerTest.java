package dev.lakeops.tools.binlog;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.NONE;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.binlog.file.BinlogEventLister;
import dev.lakeops.tools.binlog.file.BinlogFixtures;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.ListedEvent;
import dev.lakeops.tools.binlog.file.SyntheticBinlog;
import dev.lakeops.tools.binlog.plan.BinlogRecoveryPlanner;
import dev.lakeops.tools.binlog.plan.ConnectorOffset;
import dev.lakeops.tools.binlog.plan.DataLoss;
import dev.lakeops.tools.binlog.plan.FileEvidence;
import dev.lakeops.tools.binlog.plan.GtidSet;
import dev.lakeops.tools.binlog.plan.RecoveryOption;
import dev.lakeops.tools.binlog.plan.RecoveryPlan;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans on real MariaDB files damaged in the test, and on MySQL-layout files built from the
 * documented bytes.
 */
class BinlogRecoveryPlannerTest {

  @TempDir Path dir;

  private FileEvidence evidence(String name, byte[] content) {
    return BinlogTools.evidence(BinlogFixtures.write(dir, name, content));
  }

  private static RecoveryPlan plan(
      List<FileEvidence> files,
      @Nullable String replica,
      @Nullable String purged,
      @Nullable ConnectorOffset offset) {
    return BinlogRecoveryPlanner.plan(
        new BinlogRecoveryPlanner.Request(
            files,
            replica == null ? null : GtidSet.parse(replica),
            purged == null ? null : GtidSet.parse(purged),
            offset));
  }

  private static RecoveryOption option(RecoveryPlan plan, String name) {
    return plan.options().stream()
        .filter(o -> o.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no option " + name + " in " + plan.options()));
  }

  /** A flip inside UPDATE_ROWS_V1 at 1961 of GTID 0-1-6 (1776..2068). */
  private FileEvidence flippedRowsEvent() {
    return evidence("mysql-bin.000002", BinlogFixtures.flipped(bytes(CRC32), 1990));
  }

  @Test
  void planOffsetsAreTheVerdictsRestartAndResumePositions() {
    FileEvidence damaged = flippedRowsEvent();
    BinlogVerdict v = damaged.verdict();

    RecoveryPlan plan = plan(List.of(damaged), null, null, null);

    assertThat(plan.status()).isEqualTo(RecoveryPlan.Status.DAMAGED);
    RecoveryPlan.Gap gap = plan.gap();
    assertThat(gap.file()).isEqualTo("mysql-bin.000002");
    assertThat(gap.offset()).isEqualTo(1961);
    assertThat(gap.restartPosition()).isEqualTo(v.restartPosition()).isEqualTo(1776);
    assertThat(gap.resyncOffset()).isEqualTo(v.resyncOffset()).isEqualTo(2037);
    assertThat(gap.resumePosition()).isEqualTo(v.resumeOffset()).isEqualTo(2068);
    assertThat(gap.resumeGtid()).isEqualTo("0-1-7");
    assertThat(gap.openTransaction()).isEqualTo("0-1-6");

    RecoveryOption skip = option(plan, "specific-offset-after-damage");
    assertThat(skip.applicable()).isTrue();
    assertThat(skip.connectorOptions())
        .containsExactly(
            java.util.Map.entry("scan.startup.mode", "specific-offset"),
            java.util.Map.entry("scan.startup.specific-offset.file", "mysql-bin.000002"),
            java.util.Map.entry("scan.startup.specific-offset.pos", "2068"));
    DataLoss loss = skip.loss();
    assertThat(loss.kind()).isEqualTo(DataLoss.Kind.LOST);
    assertThat(loss.transactions()).isEqualTo(1);
    assertThat(loss.gtids()).isEqualTo("domain 0 seq 6");
    assertThat(loss.bytes()).isEqualTo(2068 - 1776);
    assertThat(loss.tables()).containsExactly("shop.orders");
  }

  @Test
  void lossCountsTheEventsAndTimeWindowAroundTheGap() {
    FileEvidence damaged = flippedRowsEvent();
    List<ListedEvent> events = new ArrayList<>();
    BinlogEventLister.list(
        BinlogFixtures.write(dir, "listing.bin", BinlogFixtures.flipped(bytes(CRC32), 1990)),
        0,
        1000,
        events::add);
    long skippedValid =
        events.stream()
            .filter(
                e ->
                    e.damage() == null
                        && ((e.offset() >= 1776 && e.offset() < 1961)
                            || (e.offset() >= 2037 && e.offset() < 2068)))
            .count();
    long from =
        events.stream()
            .filter(e -> e.offset() >= 1776 && e.offset() < 1961)
            .mapToLong(ListedEvent::timestamp)
            .min()
            .orElseThrow();
    long to = events.stream().filter(e -> e.offset() == 2068).findFirst().orElseThrow().timestamp();

    RecoveryPlan plan = plan(List.of(damaged), null, null, null);

    DataLoss loss = option(plan, "specific-offset-after-damage").loss();
    assertThat(loss.events()).isEqualTo(skippedValid + 1);
    assertThat(loss.window().from()).isEqualTo(Instant.ofEpochSecond(from));
    assertThat(loss.window().to()).isEqualTo(Instant.ofEpochSecond(to));
    assertThat(plan.backfill().window().from())
        .isEqualTo(Instant.ofEpochSecond(from).minus(BinlogRecoveryPlanner.MARGIN));
    assertThat(plan.backfill().queries())
        .singleElement()
        .satisfies(
            q -> {
              assertThat(q.table()).isEqualTo("shop.orders");
              assertThat(q.sql())
                  .contains(
                      "FROM `shop`.`orders`", "<pk>", "<updated_at>", "SET time_zone = '+00:00'");
              assertThat(q.placeholders()).isNotEmpty();
            });
  }

  @Test
  void replicaContainingTheCutTransactionWithNothingPurgedProvesNoLoss() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), "0-1-9", "0-1-3", null);

    RecoveryOption replica = option(plan, "read-from-replica");
    assertThat(plan.replica().containsNeeded()).isTrue();
    assertThat(plan.replica().needed()).isEqualTo("domain 0 seq 6");
    assertThat(replica.applicable()).isTrue();
    assertThat(replica.loss().kind()).isEqualTo(DataLoss.Kind.NONE);
    assertThat(replica.connectorOptions())
        .containsEntry("scan.startup.mode", "specific-offset")
        .containsEntry("scan.startup.specific-offset.gtid-set", "0-1-5");
    assertThat(plan.options().get(0).name()).isEqualTo("read-from-replica");
  }

  @Test
  void replicaWithoutPurgeInformationIsNoLossOnlyIfPreconditionsHold() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), "0-1-9", null, null);

    RecoveryOption replica = option(plan, "read-from-replica");
    assertThat(replica.loss().kind()).isEqualTo(DataLoss.Kind.NONE_IF_PRECONDITIONS_HOLD);
    assertThat(replica.preconditions()).anySatisfy(p -> assertThat(p).contains("not purged"));
  }

  @Test
  void replicaBehindTheCutTransactionCannotServeIt() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), "0-1-5", null, null);

    RecoveryOption replica = option(plan, "read-from-replica");
    assertThat(plan.replica().containsNeeded()).isFalse();
    assertThat(replica.applicable()).isFalse();
    assertThat(replica.loss().kind()).isEqualTo(DataLoss.Kind.LOST);
    assertThat(plan.replica().verdict()).contains("only up to 5");
  }

  @Test
  void replicaThatPurgedTheCutTransactionCannotServeIt() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), "0-1-9", "0-1-7", null);

    assertThat(plan.replica().purgedAny()).isTrue();
    assertThat(option(plan, "read-from-replica").applicable()).isFalse();
  }

  @Test
  void withoutAReplicaNoOptionClaimsProvenNoLoss() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), null, null, null);

    assertThat(plan.options()).extracting(o -> o.loss().kind()).doesNotContain(DataLoss.Kind.NONE);
    assertThat(option(plan, "skip-with-warn").loss().kind())
        .isEqualTo(DataLoss.Kind.LOST_UNBOUNDED);
    assertThat(option(plan, "skip-with-warn").connectorOptions())
        .containsEntry("debezium.event.deserialization.failure.handling.mode", "warn");
    assertThat(option(plan, "skip-with-warn").loss().explanation())
        .contains("does not check CRC32");
  }

  @Test
  void gtidSetAfterTheDamageCountsTheCutTransactionAsDone() {
    RecoveryPlan plan = plan(List.of(flippedRowsEvent()), null, null, null);

    assertThat(option(plan, "gtid-set-after-damage").connectorOptions())
        .containsEntry("scan.startup.specific-offset.gtid-set", "0-1-6");
  }

  @Test
  void timestampStartupIsRuledOutWithoutTheNextFile() {
    RecoveryOption timestamp =
        option(plan(List.of(flippedRowsEvent()), null, null, null), "timestamp-after-damage");

    assertThat(timestamp.applicable()).isFalse();
    assertThat(timestamp.loss().explanation()).contains("crosses the damaged event again");
  }

  @Test
  void truncationMidTransactionResumesAtTheNextFile() {
    FileEvidence cut = evidence("mysql-bin.000002", Arrays.copyOf(bytes(CRC32), 2000));
    FileEvidence next = evidence("mysql-bin.000004", bytes(NONE));

    RecoveryPlan alone = plan(List.of(cut), null, null, null);
    RecoveryPlan withNext = plan(List.of(cut, next), null, null, null);

    assertThat(alone.gap().restartPosition())
        .isEqualTo(cut.verdict().restartPosition())
        .isEqualTo(1776);
    assertThat(alone.gap().resyncOffset()).isNull();
    assertThat(option(alone, "specific-offset-after-damage").applicable()).isFalse();
    assertThat(withNext.gap().resumeFile()).isEqualTo("mysql-bin.000004");
    assertThat(withNext.gap().resumePosition()).isEqualTo(4);
    RecoveryOption skip = option(withNext, "specific-offset-after-damage");
    assertThat(skip.connectorOptions())
        .containsEntry("scan.startup.specific-offset.file", "mysql-bin.000004")
        .containsEntry("scan.startup.specific-offset.pos", "4");
    assertThat(skip.loss().bytes()).isEqualTo(2000 - 1776);
    RecoveryOption timestamp = option(withNext, "timestamp-after-damage");
    assertThat(timestamp.applicable()).isTrue();
    assertThat(timestamp.connectorOptions())
        .containsEntry("scan.startup.mode", "timestamp")
        .containsKey("scan.startup.timestamp-millis");
    long millis = Long.parseLong(timestamp.connectorOptions().get("scan.startup.timestamp-millis"));
    assertThat(millis).isEqualTo((next.times().firstTimestamp() + 1) * 1000);
  }

  @Test
  void aCleanFileHasNoOptionsAndSaysWhereToLookInstead() {
    RecoveryPlan plan =
        plan(List.of(evidence("mysql-bin.000002", bytes(CRC32))), "0-1-9", null, null);

    assertThat(plan.status()).isEqualTo(RecoveryPlan.Status.CLEAN);
    assertThat(plan.options()).isEmpty();
    assertThat(plan.warnings()).anySatisfy(w -> assertThat(w).contains("binlog classify"));
  }

  @Test
  void placesTheConnectorOffsetRelativeToTheDamage() {
    FileEvidence damaged = flippedRowsEvent();

    assertThat(
            plan(List.of(damaged), null, null, ConnectorOffset.parse("mysql-bin.000002:981"))
                .connectorOffset())
        .contains("before the damage");
    assertThat(
            plan(List.of(damaged), null, null, ConnectorOffset.parse("mysql-bin.000002:1905"))
                .connectorOffset())
        .contains("inside the damaged range");
    assertThat(
            plan(List.of(damaged), null, null, ConnectorOffset.parse("mysql-bin.000003:4"))
                .connectorOffset())
        .contains("already past the damage");
    assertThatThrownBy(() -> ConnectorOffset.parse("mysql-bin.000002"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FILE:POS");
  }

  @Test
  void laterDamageIsWarnedAbout() {
    FileEvidence first = flippedRowsEvent();
    FileEvidence second = evidence("mysql-bin.000004", BinlogFixtures.flipped(bytes(NONE), 20));

    RecoveryPlan plan = plan(List.of(first, second), null, null, null);

    assertThat(plan.gap().file()).isEqualTo("mysql-bin.000002");
    assertThat(plan.warnings())
        .anySatisfy(w -> assertThat(w).contains("mysql-bin.000004 is damaged too"));
  }

  @Test
  void aMysqlFileGetsUuidGtidSetsAndAReplicaCheckOnIntervals() {
    SyntheticBinlog b = new SyntheticBinlog().previousGtids(1, 40);
    b.gtid(41).query("BEGIN").tableMap(5, "t").writeRowsV2(5, 1).xid(1);
    long gtid42 = b.position();
    b.gtid(42).query("BEGIN").tableMap(5, "t");
    long rows = b.position();
    b.writeRowsV2(5, 2).xid(2);
    long gtid43 = b.position();
    b.gtid(43).query("BEGIN").tableMap(5, "t").writeRowsV2(5, 3).xid(3).rotate("binlog.000008");
    FileEvidence damaged =
        evidence("binlog.000007", BinlogFixtures.flipped(b.bytes(), (int) rows + 25));
    String uuid = SyntheticBinlog.UUID;

    RecoveryPlan contains = plan(List.of(damaged), uuid + ":1-45", uuid + ":1-10", null);
    RecoveryPlan gap = plan(List.of(damaged), uuid + ":1-41:43-45", null, null);

    assertThat(contains.gap().restartPosition()).isEqualTo(gtid42);
    assertThat(contains.gap().resumePosition()).isEqualTo(gtid43);
    assertThat(contains.replica().needed()).isEqualTo(uuid + ":42");
    assertThat(option(contains, "read-from-replica").loss().kind()).isEqualTo(DataLoss.Kind.NONE);
    assertThat(option(contains, "read-from-replica").connectorOptions())
        .containsEntry("scan.startup.specific-offset.gtid-set", uuid + ":1-41");
    assertThat(option(contains, "gtid-set-after-damage").connectorOptions())
        .containsEntry("scan.startup.specific-offset.gtid-set", uuid + ":1-42");
    assertThat(gap.replica().containsNeeded()).isFalse();
    assertThat(option(gap, "read-from-replica").applicable()).isFalse();
  }

  @Test
  void planningNothingIsAClearError() {
    assertThatThrownBy(() -> BinlogRecoveryPlanner.plan(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one file");
  }
}
