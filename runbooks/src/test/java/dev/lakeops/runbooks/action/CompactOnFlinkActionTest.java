package dev.lakeops.runbooks.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.flink.sink.SinkTestJobs;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code table.compact} with {@code lakeops.tables.maintenance.flink-cluster} set: the approved
 * compaction runs as a job on that cluster (a MiniCluster reached over REST), its job id in the
 * outcome, and the verification reads the same rows.
 */
class CompactOnFlinkActionTest {

  @TempDir Path dir;

  private Table orders;

  @BeforeEach
  void writeTable() {
    orders = SinkTestJobs.orders(Catalog.open(dir.toString(), Map.of()), Map.of());
    for (long c = 1; c <= 3; c++) {
      try (TableWrite write = orders.newWrite("writer")) {
        for (long i = (c - 1) * 60; i < c * 60; i++) {
          write.write(SinkTestJobs.orderEvent(i));
        }
        orders.newCommit().commit(write.prepareCommit(c));
      }
    }
    orders = orders.refresh();
  }

  private static ConfiguredTargets targets(String maintenanceCluster) {
    return new ConfiguredTargets(
        KafkaClusters.fromProperties(new Properties()),
        Map.of("maintenance", SinkTestJobs.flink().rest().toString()),
        Duration.ofSeconds(5),
        Map.of(),
        maintenanceCluster);
  }

  private Action compact(ConfiguredTargets targets) {
    return new Actions(targets)
        .create(
            ActionArgs.of(
                ActionKind.TABLE_COMPACT,
                Map.of("warehouse", dir.toString(), "table", "shop.orders")),
            Instant.now());
  }

  @Test
  void anApprovedCompactionRunsAsAJobOnTheMaintenanceClusterAndVerifies() {
    Action action = compact(targets("maintenance"));
    long filesBefore = orders.newScan().plan().fileCount();

    ActionOutcome outcome = action.execute(new ExecutionContext("p-1"));

    assertThat(outcome.items("flink cluster"))
        .containsExactly(SinkTestJobs.flink().rest().toString());
    assertThat(outcome.items("flink job")).hasSize(1);
    assertThat(outcome.summary())
        .contains("on the Flink cluster at " + SinkTestJobs.flink().rest())
        .contains("(job " + outcome.items("flink job").get(0));
    Snapshot latest = orders.refresh().latestSnapshot().orElseThrow();
    assertThat(latest.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(latest.commitUser()).isEqualTo(CompactAction.COMMIT_USER);
    assertThat(outcome.figures().get("live files after")).isEqualTo(6L).isLessThan(filesBefore);
    assertThat(action.verify(outcome).passed()).isTrue();
  }

  @Test
  void aMaintenanceClusterThatIsDownFailsTheExecutionNamingItAndCommitsNothing() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    long before = orders.latestSnapshot().orElseThrow().id();
    Action action = compact(targets("http://127.0.0.1:" + port));

    assertThatThrownBy(() -> action.execute(new ExecutionContext("p-2")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("to the Flink cluster at http://127.0.0.1:" + port);
    assertThat(orders.refresh().latestSnapshot().orElseThrow().id()).isEqualTo(before);
  }

  @Test
  void refusesAMaintenanceClusterThatIsNeitherAProfileNorAUrl() {
    assertThatThrownBy(() -> targets("nowhere"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Invalid lakeops.tables.maintenance.flink-cluster 'nowhere': neither a configured"
                + " Flink cluster nor a REST URL http://HOST:PORT");
  }
}
