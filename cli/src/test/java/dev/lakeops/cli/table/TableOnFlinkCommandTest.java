package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.flink.sink.FlinkCluster;
import dev.lakeops.table.flink.sink.SinkTestJobs;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code table compact|expire --on-flink}: the job runs on a MiniCluster reached over REST, the
 * command follows it and reports what the table shows afterwards; bad targets are named.
 */
class TableOnFlinkCommandTest {

  private static FlinkCluster flink;

  @TempDir Path dir;

  private final CliRun cli = new CliRun();
  private String warehouse;
  private Table orders;

  @BeforeAll
  static void startFlink() {
    flink = SinkTestJobs.flink();
  }

  @BeforeEach
  void writeTable() {
    warehouse = dir.resolve("wh").toString();
    orders = SinkTestJobs.orders(Catalog.open(warehouse, Map.of()), Map.of());
    // four commits: below the universal compaction's trigger (5 sorted runs), so every bucket
    // holds four files for the full compaction to merge
    for (long c = 1; c <= 4; c++) {
      try (TableWrite write = orders.newWrite("writer")) {
        for (long i = (c - 1) * 80; i < c * 80; i++) {
          write.write(SinkTestJobs.orderEvent(i));
        }
        orders.newCommit().commit(write.prepareCommit(c));
      }
    }
    orders = orders.refresh();
  }

  private List<String> rows() {
    return SinkTestJobs.sorted(SinkTestJobs.read(orders)).stream().map(Object::toString).toList();
  }

  @Test
  void compactsOnTheClusterAndReportsTheJobAndTheSnapshot() throws Exception {
    List<String> before = rows();
    String rest = flink.rest().toString();

    int code =
        cli.run(
            "table",
            "compact",
            "shop.orders",
            "--warehouse",
            warehouse,
            "--full",
            "--on-flink",
            "--rest",
            rest,
            "--json");

    assertThat(code).as(cli.err()).isZero();
    JsonNode r = cli.json();
    Snapshot latest = orders.refresh().latestSnapshot().orElseThrow();
    assertThat(latest.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(r.get("snapshot").asLong()).isEqualTo(latest.id());
    assertThat(r.get("flinkStatus").asText()).isEqualTo("FINISHED");
    assertThat(r.get("bucketsCompacted").asInt()).isEqualTo(6);
    assertThat(r.get("liveFilesAfter").asInt()).isEqualTo(6);
    assertThat(r.get("liveFilesBefore").asInt()).isGreaterThan(6);
    assertThat(cli.err()).contains("Flink job " + r.get("flinkJobId").asText() + ": FINISHED");
    assertThat(rows()).isEqualTo(before);

    // everything is one sorted run now: a second job has nothing to do and is not submitted
    assertThat(
            cli.run(
                "table",
                "compact",
                "shop.orders",
                "--warehouse",
                warehouse,
                "--full",
                "--on-flink",
                "--rest",
                rest))
        .as(cli.err())
        .isZero();
    assertThat(cli.out())
        .contains("Nothing to compact in shop.orders")
        .contains("no job submitted");
  }

  @Test
  void expiresOnTheClusterAndSaysWhichSnapshotsWent() throws Exception {
    long latest = orders.latestSnapshot().orElseThrow().id();

    int code =
        cli.run(
            "table",
            "expire",
            "shop.orders",
            "--warehouse",
            warehouse,
            "--retain-min",
            "1",
            "--retain-max",
            "1",
            "--older-than",
            "0s",
            "--on-flink",
            "--rest",
            flink.rest().toString(),
            "--json");

    assertThat(code).as(cli.err()).isZero();
    JsonNode r = cli.json();
    assertThat(r.get("flinkStatus").asText()).isEqualTo("FINISHED");
    assertThat(r.get("expiredSnapshots")).hasSize((int) latest - 1);
    assertThat(orders.refresh().snapshotStore().findSnapshot(latest - 1)).isEmpty();
    assertThat(orders.refresh().snapshotStore().findSnapshot(latest)).isPresent();
  }

  @Test
  void namesATargetThatIsMissingMalformedOrDown() throws Exception {
    assertThat(
            cli.run(
                "table",
                "compact",
                "shop.orders",
                "--warehouse",
                warehouse,
                "--rest",
                "http://127.0.0.1:1"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--rest needs --on-flink");

    assertThat(
            cli.run(
                "table",
                "compact",
                "shop.orders",
                "--warehouse",
                warehouse,
                "--on-flink",
                "--rest",
                "127.0.0.1:8081"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--rest 127.0.0.1:8081: expected http://HOST:PORT");

    assertThat(
            cli.run(
                "table",
                "compact",
                dir.resolve("wh/shop.db/orders").toString(),
                "--on-flink",
                "--rest",
                flink.rest().toString()))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--on-flink needs --warehouse DIR|URI and DATABASE.TABLE");

    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    assertThat(
            cli.run(
                "table",
                "compact",
                "shop.orders",
                "--warehouse",
                warehouse,
                "--full",
                "--on-flink",
                "--rest",
                "http://127.0.0.1:" + port))
        .isEqualTo(1);
    assertThat(cli.err())
        .contains(
            "Cannot submit lakeops compact shop.orders to the Flink cluster at http://127.0.0.1:"
                + port)
        .doesNotContain("\tat ");
    assertThat(orders.refresh().latestSnapshot().orElseThrow().commitKind())
        .isEqualTo(CommitKind.APPEND);
  }
}
