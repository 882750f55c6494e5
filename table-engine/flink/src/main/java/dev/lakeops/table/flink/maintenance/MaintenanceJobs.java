package dev.lakeops.table.flink.maintenance;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.sink.TableCommitterOperator;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableCompaction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * The table's maintenance as Flink jobs, for a cluster to run where the table lives: compaction
 * (Paimon's dedicated compaction job: buckets spread over compaction subtasks, one COMPACT commit
 * when they are all done) and snapshot expiry.
 */
public final class MaintenanceJobs {

  private MaintenanceJobs() {}

  /**
   * Adds the compaction of the buckets of {@code table} that {@code partitions} matches and that
   * the compaction picker (or {@code full}) finds work in; adds nothing when there is none.
   *
   * @return the number of buckets the job compacts
   * @throws UnsupportedOperationException a table the engine cannot compact (names it)
   */
  public static int addCompaction(
      StreamExecutionEnvironment env,
      TableLocation location,
      PartitionFilter partitions,
      boolean full,
      String commitUser,
      int parallelism) {
    Table table = location.open();
    TableCompaction compaction = new TableCompaction(table.store());
    compaction.checkCompactable();
    List<byte[]> tasks = new ArrayList<>();
    compaction
        .plan(partitions, full ? CompactionMode.FULL : CompactionMode.UNIVERSAL)
        .keySet()
        .forEach(b -> tasks.add(BucketCompactOperator.task(b.getKey(), b.getValue())));
    if (tasks.isEmpty()) {
      return 0;
    }
    int workers = Math.max(1, Math.min(parallelism, tasks.size()));
    DataStream<byte[]> compacted =
        env.fromData(tasks, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO)
            .name("buckets to compact: " + location.table())
            .setParallelism(1)
            .partitionCustom(new SpreadTasks(), task -> java.util.Arrays.hashCode(task))
            .transform(
                "lake compaction: " + location.table(),
                PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                new BucketCompactOperator(location, commitUser, full))
            .setParallelism(workers);
    compacted
        .transform(
            "lake committer: " + location.table(),
            Types.VOID,
            new TableCommitterOperator(location, commitUser))
        .setParallelism(1)
        .setMaxParallelism(1)
        .sinkTo(new DiscardingSink<>())
        .setParallelism(1);
    return tasks.size();
  }

  /** Spreads the bucket tasks over the compaction subtasks. */
  private static final class SpreadTasks implements Partitioner<Integer> {
    @Override
    public int partition(Integer key, int numPartitions) {
      return Math.floorMod(key, numPartitions);
    }
  }

  /** Adds the expiry of {@code table}'s snapshots by {@code retention}. */
  public static void addExpiry(
      StreamExecutionEnvironment env, TableLocation location, ExpireRetention retention) {
    env.fromData(List.of(location.table()), Types.STRING)
        .name("table to expire")
        .setParallelism(1)
        .map(
            new Expire(
                location,
                retention.minRetained(),
                retention.maxRetained(),
                retention.timeRetained().toMillis(),
                retention.maxExpires()))
        .name("lake snapshot expiry: " + location.table())
        .setParallelism(1)
        .sinkTo(new DiscardingSink<>())
        .setParallelism(1);
  }

  private static final class Expire implements MapFunction<String, String> {
    private final TableLocation location;
    private final int min;
    private final int max;
    private final long retainedMillis;
    private final int limit;

    Expire(TableLocation location, int min, int max, long retainedMillis, int limit) {
      this.location = location;
      this.min = min;
      this.max = max;
      this.retainedMillis = retainedMillis;
      this.limit = limit;
    }

    @Override
    public String map(String table) {
      Table t = location.open();
      return new TableMaintenance(t.io(), t.paths())
          .expireSnapshots(new ExpireRetention(min, max, Duration.ofMillis(retainedMillis), limit))
          .expiredSnapshotIds()
          .toString();
    }
  }
}
