package dev.lakeops.table.flink.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableSinkTest {

  private static FlinkCluster flink;

  @TempDir Path dir;

  @BeforeAll
  static void startFlink() throws Exception {
    flink = SinkTestJobs.flink();
  }

  @AfterEach
  void disarm() {
    Faults.disarm();
  }

  @Test
  void aJobFailingOverTwentyTimesWritesEveryChangeExactlyOnceIntoAPrimaryKeyAndAnAppendTable()
      throws Exception {
    String warehouse = "faulty://local" + dir.resolve("wh");
    Catalog catalog = Catalog.open(warehouse, Map.of());
    Table orders = SinkTestJobs.orders(catalog, Map.of());
    Table payments = SinkTestJobs.payments(catalog);
    long n = 3000;
    Faults.arm(16, 24, 1.0 / 150, 3, 3, 1.0 / 30);

    StreamExecutionEnvironment env = SinkTestJobs.env(1000);
    DataStream<Long> events = SinkTestJobs.events(env, n, 600);
    TableSink.forTable(warehouse, "shop.orders")
        .sinkFrom(SinkTestJobs.rows(events, SinkTestJobs::orderEvent));
    TableSink.forTable(warehouse, "shop.payments")
        .sinkFrom(SinkTestJobs.rows(events, i -> Row.of(i, "payment " + i)));
    JobID job = flink.submit(env);
    int kills = 0;
    for (; kills < 5; kills++) {
      Thread.sleep(900);
      if (flink.get("/jobs/" + job).path("state").asText().equals("FINISHED")) {
        break;
      }
      flink.killTaskManager();
    }
    JobResult result = flink.await(job, Duration.ofMinutes(3));

    assertThat(result.getJobStatus()).contains(JobStatus.FINISHED);
    assertThat(SinkTestJobs.sorted(SinkTestJobs.read(orders)))
        .isEqualTo(SinkTestJobs.ordersAfter(n));
    Map<Long, Integer> counts = SinkTestJobs.paymentCounts(payments);
    assertThat(counts).hasSize((int) n);
    assertThat(counts.values()).allMatch(c -> c == 1);
    for (Table t : List.of(orders, payments)) {
      List<Snapshot> snapshots = SinkTestJobs.snapshots(t);
      assertThat(snapshots.stream().map(Snapshot::commitUser).distinct()).hasSize(1);
      List<Long> appends =
          snapshots.stream()
              .filter(s -> s.commitKind() == dev.lakeops.table.meta.CommitKind.APPEND)
              .map(Snapshot::commitIdentifier)
              .toList();
      assertThat(appends).isSorted().doesNotHaveDuplicates();
    }
    assertThat(paimonOrders(dir.resolve("wh"))).isEqualTo(text(SinkTestJobs.ordersAfter(n)));
    assertThat(kills).isEqualTo(5);
    assertThat(Faults.injected.get()).isGreaterThanOrEqualTo(18);
    assertThat(flink.failures(job)).isGreaterThanOrEqualTo(20);
  }

  private static List<String> text(List<Row> rows) {
    return rows.stream().map(r -> r.get(0) + "|" + r.get(1) + "|" + r.get(2)).sorted().toList();
  }

  /** Apache Paimon's rows of shop.orders, as text, sorted. */
  private static List<String> paimonOrders(Path warehouse) throws Exception {
    Options o = new Options();
    o.set("warehouse", warehouse.toUri().toString());
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

  @Test
  void aJobStartedWithoutItsStateWritesTheCommittedCheckpointsAgainAsANewCommitUser()
      throws Exception {
    String warehouse = dir.resolve("wh").toString();
    Table payments = SinkTestJobs.payments(Catalog.open(warehouse, Map.of()));

    StreamExecutionEnvironment first = SinkTestJobs.env(0);
    TableSink.forTable(warehouse, "shop.payments")
        .sinkFrom(
            SinkTestJobs.rows(
                SinkTestJobs.events(first, 100_000, 400), i -> Row.of(i, "payment " + i)));
    JobID firstJob = flink.submit(first);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (SinkTestJobs.snapshots(payments).size() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    flink.cancel(firstJob);
    flink.await(firstJob, Duration.ofSeconds(60));
    Map<Long, Integer> committedByFirst = SinkTestJobs.paymentCounts(payments);
    assertThat(committedByFirst).isNotEmpty();
    long firstCount = committedByFirst.size();

    StreamExecutionEnvironment second = SinkTestJobs.env(0);
    long n = firstCount + 200;
    TableSink.forTable(warehouse, "shop.payments")
        .sinkFrom(
            SinkTestJobs.rows(
                SinkTestJobs.events(second, n, 2000), i -> Row.of(i, "payment " + i)));
    JobResult result = flink.await(flink.submit(second), Duration.ofSeconds(60));

    assertThat(result.isSuccess()).isTrue();
    Map<Long, Integer> counts = SinkTestJobs.paymentCounts(payments);
    Map<Long, Integer> expected = new HashMap<>();
    for (long i = 0; i < n; i++) {
      expected.put(i, committedByFirst.containsKey(i) ? 2 : 1);
    }
    assertThat(counts).isEqualTo(expected);
    assertThat(committedByFirst.keySet())
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.LongStream.range(0, firstCount).boxed().toList());
    List<String> users =
        SinkTestJobs.snapshots(payments).stream().map(Snapshot::commitUser).distinct().toList();
    assertThat(users).hasSize(2);
  }

  @Test
  void aCorruptChangeSetInTheCheckpointFailsTheRestoreNamingTheCheckpointAndCommitsNothing()
      throws Exception {
    String warehouse = dir.resolve("wh").toString();
    Table payments = SinkTestJobs.payments(Catalog.open(warehouse, Map.of()));
    Path checkpoints = dir.resolve("checkpoints");
    Configuration conf = new Configuration();
    conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
    conf.set(
        CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
        ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
    StreamExecutionEnvironment first = SinkTestJobs.env(0, conf);
    TableSink.forTable(warehouse, "shop.payments")
        .commitUser("payments-loader")
        .sinkFrom(
            SinkTestJobs.rows(
                SinkTestJobs.events(first, 100_000, 400), i -> Row.of(i, "payment " + i)));
    JobID job = flink.submit(first);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (SinkTestJobs.snapshots(payments).size() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    flink.cancel(job);
    flink.await(job, Duration.ofSeconds(60));
    List<Snapshot> before = SinkTestJobs.snapshots(payments);
    Path metadata;
    try (var files = java.nio.file.Files.walk(checkpoints)) {
      metadata =
          files
              .filter(f -> f.getFileName().toString().equals("_metadata"))
              .max(java.util.Comparator.comparing(f -> f.getParent().getFileName().toString()))
              .orElseThrow();
    }
    long checkpoint = Long.parseLong(metadata.getParent().getFileName().toString().substring(4));
    byte[] bytes = java.nio.file.Files.readAllBytes(metadata);
    // a pending change set starts with its version, then the commit user in modified UTF-8
    byte[] start =
        ("\u0001\u0000\u000fpayments-loader")
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    int at = indexOf(bytes, start);
    assertThat(at).as("a pending change set in %s", metadata).isPositive();
    bytes[at + start.length + 9] ^= 0x40;
    java.nio.file.Files.write(metadata, bytes);

    Configuration restore = new Configuration(conf);
    restore.set(StateRecoveryOptions.SAVEPOINT_PATH, metadata.getParent().toUri().toString());
    StreamExecutionEnvironment second = SinkTestJobs.env(0, restore);
    TableSink.forTable(warehouse, "shop.payments")
        .commitUser("payments-loader")
        .sinkFrom(
            SinkTestJobs.rows(
                SinkTestJobs.events(second, 100_000, 400), i -> Row.of(i, "payment " + i)));
    JobResult result = flink.await(flink.submit(second), Duration.ofSeconds(60));

    assertThat(result.isSuccess()).isFalse();
    Throwable failure =
        result.getSerializedThrowable().orElseThrow().deserializeError(getClass().getClassLoader());
    assertThat(org.apache.flink.util.ExceptionUtils.stringifyException(failure))
        .containsPattern(
            java.util.regex.Pattern.quote(
                    "Cannot restore the lake committer of shop.payments in "
                        + warehouse
                        + " from checkpoint "
                        + checkpoint
                        + ": pending change set 1 of ")
                + "\\d is corrupt: Invalid change set: checksum mismatch");
    assertThat(SinkTestJobs.snapshots(payments)).isEqualTo(before);
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void refusesATableItCannotWriteOrFindAndAJobThatDoesNotCheckpointAlignedBeforeItRuns() {
    String warehouse = dir.resolve("wh").toString();
    Catalog catalog = Catalog.open(warehouse, Map.of());
    SinkTestJobs.orders(catalog, Map.of("bucket", "-2"));
    StreamExecutionEnvironment env = SinkTestJobs.env(0);
    DataStream<Row> rows =
        SinkTestJobs.rows(SinkTestJobs.events(env, 10, 100), SinkTestJobs::orderEvent);

    assertThatThrownBy(() -> TableSink.forTable(warehouse, "shop.orders").sinkFrom(rows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot write lake table shop.orders in " + warehouse + " from Flink")
        .hasMessageContaining("bucket=-2");
    assertThatThrownBy(() -> TableSink.forTable(warehouse, "shop.missing").sinkFrom(rows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot open lake table shop.missing in " + warehouse);
    assertThatThrownBy(() -> TableSink.forTable("gs://lake/wh", "shop.orders").sinkFrom(rows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot open lake table shop.orders in gs://lake/wh")
        .hasMessageContaining("gs");
    assertThatThrownBy(() -> TableSink.forTable(warehouse, "orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected database.table");

    StreamExecutionEnvironment unchecked =
        StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
    DataStream<Row> uncheckedRows =
        SinkTestJobs.rows(SinkTestJobs.events(unchecked, 10, 100), SinkTestJobs::orderEvent);
    assertThatThrownBy(() -> TableSink.forTable(warehouse, "shop.orders").sinkFrom(uncheckedRows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("enable checkpointing (execution.checkpointing.interval)");

    Configuration unaligned = new Configuration();
    unaligned.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
    unaligned.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
    StreamExecutionEnvironment u = StreamExecutionEnvironment.getExecutionEnvironment(unaligned);
    DataStream<Row> unalignedRows =
        SinkTestJobs.rows(SinkTestJobs.events(u, 10, 100), SinkTestJobs::orderEvent);
    assertThatThrownBy(() -> TableSink.forTable(warehouse, "shop.orders").sinkFrom(unalignedRows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs aligned checkpoints");
  }
}
