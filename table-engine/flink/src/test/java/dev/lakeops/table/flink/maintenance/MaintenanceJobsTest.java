package dev.lakeops.table.flink.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.sink.FlinkCluster;
import dev.lakeops.table.flink.sink.SinkTestJobs;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compaction and expiry submitted over REST to a running MiniCluster, checked by Apache Paimon. */
class MaintenanceJobsTest {

  @TempDir Path dir;

  private Table ordersWithCommits(int commits) {
    Table orders =
        SinkTestJobs.orders(Catalog.open(dir.resolve("wh").toString(), Map.of()), Map.of());
    for (long c = 1; c <= commits; c++) {
      try (TableWrite write = orders.newWrite("writer")) {
        for (long i = (c - 1) * 100; i < c * 100; i++) {
          write.write(SinkTestJobs.orderEvent(i));
        }
        orders.newCommit().commit(write.prepareCommit(c));
      }
    }
    return orders.refresh();
  }

  private List<String> paimonRows() throws Exception {
    Options o = new Options();
    o.set("warehouse", dir.resolve("wh").toUri().toString());
    org.apache.paimon.table.Table t =
        CatalogFactory.createCatalog(CatalogContext.create(o))
            .getTable(org.apache.paimon.catalog.Identifier.create("shop", "orders"));
    ReadBuilder rb = t.newReadBuilder();
    List<String> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan())) {
      reader.forEachRemaining(
          r -> rows.add(r.getString(0) + "|" + r.getLong(1) + "|" + r.getLong(2)));
    }
    return rows.stream().sorted().toList();
  }

  private TableLocation location() {
    return TableLocation.of(dir.resolve("wh").toString(), Map.of(), "shop.orders");
  }

  @Test
  void aFullCompactionJobOnTheClusterLeavesOneFilePerBucketAndTheSameRows() throws Exception {
    Table orders = ordersWithCommits(6);
    List<String> before = paimonRows();
    int filesBefore = orders.newScan().plan().fileCount();
    FlinkCluster flink = SinkTestJobs.flink();
    int[] buckets = new int[1];
    List<String> progress = new ArrayList<>();

    FlinkJobRunner.Outcome outcome =
        FlinkJobRunner.run(
                flink.rest(),
                List.of(),
                "compact shop.orders",
                env -> {
                  buckets[0] =
                      MaintenanceJobs.addCompaction(
                          env, location(), PartitionFilter.all(), true, "compact-job", 2);
                  return buckets[0] > 0;
                },
                Duration.ofMinutes(2),
                progress::add)
            .orElseThrow();

    assertThat(outcome.succeeded()).as("%s", outcome).isTrue();
    assertThat(outcome.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(progress.get(0))
        .startsWith("submitted compact shop.orders as Flink job " + outcome.jobId());
    assertThat(progress).contains("Flink job " + outcome.jobId() + ": FINISHED");
    Table after = orders.refresh();
    Snapshot latest = after.latestSnapshot().orElseThrow();
    assertThat(latest.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(latest.commitUser()).isEqualTo("compact-job");
    assertThat(buckets[0]).isEqualTo(6); // 2 partitions x 3 buckets
    assertThat(after.newScan().plan().fileCount()).isEqualTo(6).isLessThan(filesBefore);
    assertThat(paimonRows()).isEqualTo(before);
  }

  @Test
  void anExpiryJobOnTheClusterKeepsTheRetainedSnapshotsAndTheRows() throws Exception {
    Table orders = ordersWithCommits(6);
    List<String> before = paimonRows();
    long latest = orders.latestSnapshot().orElseThrow().id();

    FlinkJobRunner.Outcome outcome =
        FlinkJobRunner.run(
                SinkTestJobs.flink().rest(),
                List.of(),
                "expire shop.orders",
                env -> {
                  MaintenanceJobs.addExpiry(
                      env, location(), new ExpireRetention(2, 2, Duration.ZERO, 50));
                  return true;
                },
                Duration.ofMinutes(2),
                line -> {})
            .orElseThrow();

    assertThat(outcome.succeeded()).as("%s", outcome).isTrue();
    Table after = orders.refresh();
    assertThat(after.snapshotStore().findSnapshot(1)).isEmpty();
    assertThat(after.snapshotStore().findSnapshot(latest - 2)).isEmpty();
    assertThat(after.snapshotStore().findSnapshot(latest - 1)).isPresent();
    assertThat(after.latestSnapshot().orElseThrow().id()).isEqualTo(latest);
    assertThat(paimonRows()).isEqualTo(before);
  }

  @Test
  void aJobThatFailsOnTheClusterReportsItsCauseAndAClusterThatIsDownIsNamed() {
    ordersWithCommits(2);
    TableLocation missing = TableLocation.of(dir.resolve("wh").toString(), Map.of(), "shop.gone");

    FlinkJobRunner.Outcome failed =
        FlinkJobRunner.run(
                SinkTestJobs.flink().rest(),
                List.of(),
                "expire shop.gone",
                env -> {
                  MaintenanceJobs.addExpiry(
                      env, missing, new ExpireRetention(1, 1, Duration.ZERO, 50));
                  return true;
                },
                Duration.ofMinutes(2),
                line -> {})
            .orElseThrow();

    assertThat(failed.succeeded()).isFalse();
    assertThat(failed.status()).isEqualTo(JobStatus.FAILED);
    assertThat(failed.failure()).contains("Table not found at", "shop.db/gone");

    URI down = URI.create("http://127.0.0.1:" + freePort());
    assertThatThrownBy(
            () ->
                FlinkJobRunner.run(
                    down,
                    List.of(),
                    "expire shop.orders",
                    env -> {
                      MaintenanceJobs.addExpiry(
                          env, location(), new ExpireRetention(1, 1, Duration.ZERO, 50));
                      return true;
                    },
                    Duration.ofMinutes(1),
                    line -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot submit expire shop.orders to the Flink cluster at " + down);
  }

  private static int freePort() {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
