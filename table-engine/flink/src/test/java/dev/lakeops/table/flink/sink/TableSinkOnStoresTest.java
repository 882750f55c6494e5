package dev.lakeops.table.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import dev.lakeops.table.flink.maintenance.MaintenanceJobs;
import dev.lakeops.table.io.hdfs.MiniDfs;
import dev.lakeops.table.io.s3.S3ProxyServer;
import dev.lakeops.table.meta.CommitKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The sink and the compaction job on an object store and on HDFS: the tasks open the warehouse from
 * its URI and options, a failover on either still writes every change once, and the table compacts
 * on the cluster.
 */
@ExtendWith({S3ProxyServer.class, MiniDfs.class})
class TableSinkOnStoresTest {

  @BeforeAll
  static void startFlink() throws Exception {
    SinkTestJobs.flink();
  }

  @AfterEach
  void disarm() {
    Faults.disarm();
  }

  private static void writesEveryChangeOnceThroughFailovers(
      String warehouse, Map<String, String> options) throws Exception {
    // write-only: the writers never compact, so the compaction job below always has sorted runs
    // to merge (a fast store had let the writers compact everything before it)
    Table orders =
        SinkTestJobs.orders(Catalog.open(warehouse, options), Map.of("write-only", "true"));
    long n = 800;
    Faults.arm(7, 3, 1.0 / 150, 0, 0, 0);
    StreamExecutionEnvironment env = SinkTestJobs.env(10);
    TableSink.forTable(warehouse, "shop.orders")
        .options(options)
        .sinkFrom(SinkTestJobs.rows(SinkTestJobs.events(env, n, 1000), SinkTestJobs::orderEvent));
    JobResult result =
        SinkTestJobs.flink().await(SinkTestJobs.flink().submit(env), Duration.ofMinutes(2));

    assertThat(result.getJobStatus()).contains(JobStatus.FINISHED);
    assertThat(Faults.injected.get()).isEqualTo(3);
    assertThat(SinkTestJobs.sorted(SinkTestJobs.read(orders)))
        .isEqualTo(SinkTestJobs.ordersAfter(n));

    assertThat(orders.refresh().newScan().plan().fileCount()).isGreaterThan(6);

    // and a compaction job submitted over REST to the cluster compacts it in place
    TableLocation location = TableLocation.of(warehouse, options, "shop.orders");
    FlinkJobRunner.Outcome compacted =
        FlinkJobRunner.run(
                SinkTestJobs.flink().rest(),
                List.of(),
                "compact shop.orders",
                e ->
                    MaintenanceJobs.addCompaction(
                            e, location, PartitionFilter.all(), true, "compact-job", 2)
                        > 0,
                Duration.ofMinutes(2),
                line -> {})
            .orElseThrow();
    assertThat(compacted.succeeded()).as("%s", compacted).isTrue();
    Table after = orders.refresh();
    assertThat(after.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(after.newScan().plan().fileCount()).isEqualTo(6);
    assertThat(SinkTestJobs.sorted(SinkTestJobs.read(after)))
        .isEqualTo(SinkTestJobs.ordersAfter(n));
  }

  @Test
  void onS3() throws Exception {
    S3ProxyServer s3 = S3ProxyServer.get();
    writesEveryChangeOnceThroughFailovers("s3://" + s3.newBucket() + "/wh", s3.options());
  }

  @Test
  void onHdfs() throws Exception {
    writesEveryChangeOnceThroughFailovers(MiniDfs.newWarehouse(), MiniDfs.options());
  }
}
