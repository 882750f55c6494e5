package dev.lakeops.table.flink.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.sink.SinkTestJobs;
import dev.lakeops.table.flink.sink.TableSink;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.read.StreamPlan;
import dev.lakeops.table.read.StreamingScan;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableSourceTest {

  private static final int PER_COMMIT = 200;

  @TempDir Path dir;

  @AfterEach
  void disarm() {
    SinkTestJobs.disarm();
  }

  private static void commit(Table table, long identifier) {
    try (TableWrite write = table.newWrite("source-test")) {
      for (long i = (identifier - 1) * PER_COMMIT; i < identifier * PER_COMMIT; i++) {
        write.write(SinkTestJobs.orderEvent(i));
      }
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  private static List<Row> collect(DataStream<Row> rows) throws Exception {
    List<Row> all = new ArrayList<>();
    try (CloseableIterator<Row> it = rows.executeAndCollect()) {
      it.forEachRemaining(all::add);
    }
    return all;
  }

  @Test
  void aBoundedReadReturnsTheMergedRowsOfTheLatestOrOfAGivenSnapshot() throws Exception {
    String warehouse = dir.resolve("wh").toString();
    Table orders = SinkTestJobs.orders(Catalog.open(warehouse, Map.of()), Map.of());
    for (long c = 1; c <= 3; c++) {
      commit(orders, c);
    }
    StreamExecutionEnvironment env = SinkTestJobs.env(0);

    List<Row> latest =
        collect(
            env.fromSource(
                TableSource.forTable(warehouse, "shop.orders").bounded(),
                WatermarkStrategy.noWatermarks(),
                "orders"));
    List<Row> first =
        collect(
            env.fromSource(
                TableSource.forTable(warehouse, "shop.orders").bounded(1),
                WatermarkStrategy.noWatermarks(),
                "orders at 1"));

    assertThat(SinkTestJobs.sorted(latest)).isEqualTo(SinkTestJobs.ordersAfter(3 * PER_COMMIT));
    assertThat(SinkTestJobs.sorted(first)).isEqualTo(SinkTestJobs.ordersAfter(PER_COMMIT));
  }

  /** Passes rows on, failing the task now and then while faults are armed. */
  static final class FailingCopy implements MapFunction<Row, Row> {
    @Override
    public Row map(Row row) {
      if (SinkTestJobs.strikeRecord()) {
        throw new IllegalStateException("Injected failure copying " + row);
      }
      return row;
    }
  }

  @Test
  void aStreamingCopyThroughFailoversEndsEqualToTheSourceAndSavesItsConsumer() throws Exception {
    String warehouse = dir.resolve("wh").toString();
    Catalog catalog = Catalog.open(warehouse, Map.of());
    Table orders = SinkTestJobs.orders(catalog, Map.of());
    Table copy = SinkTestJobs.ordersCopy(catalog);
    Table changeLog = SinkTestJobs.payments(catalog);
    commit(orders, 1);
    commit(orders, 2);
    SinkTestJobs.arm(5, 4, 1.0 / 120);

    StreamExecutionEnvironment env = SinkTestJobs.env(20);
    DataStream<Row> changes =
        env.fromSource(
            TableSource.forTable(warehouse, "shop.orders")
                .streaming(
                    Map.of(
                        "scan.mode", "from-snapshot-full",
                        "scan.snapshot-id", "1",
                        "consumer-id", "copy-job",
                        "continuous.discovery-interval", "100ms"),
                    5L),
            WatermarkStrategy.noWatermarks(),
            "orders changes");
    DataStream<Row> copied = changes.map(new FailingCopy()).returns(TypeInformation.of(Row.class));
    TableSink.forTable(warehouse, "shop.orders_copy").sinkFrom(copied);
    // every change once, as an append row: a change read twice would show here
    TableSink.forTable(warehouse, "shop.payments")
        .sinkFrom(copied.map(TableSourceTest::asAppendRow).returns(TypeInformation.of(Row.class)));
    JobID job = SinkTestJobs.flink().submit(env);
    for (long c = 3; c <= 5; c++) {
      Thread.sleep(400);
      commit(orders, c);
    }
    JobResult result = SinkTestJobs.flink().await(job, Duration.ofMinutes(2));

    assertThat(result.getJobStatus()).contains(JobStatus.FINISHED);
    assertThat(SinkTestJobs.injected()).isEqualTo(4);
    assertThat(SinkTestJobs.sorted(SinkTestJobs.read(copy)))
        .isEqualTo(SinkTestJobs.ordersAfter(5 * PER_COMMIT));
    List<String> expectedChanges = new ArrayList<>();
    StreamingScan engine =
        orders
            .refresh()
            .newStreamingScan(Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "1"))
            .withLastSnapshot(5);
    for (Optional<StreamPlan> p = engine.poll(); p.isPresent(); p = engine.poll()) {
      orders
          .newRead()
          .readAll(p.get().plan())
          .forEach(r -> expectedChanges.add(text(asAppendRow(r))));
    }
    List<String> logged = new ArrayList<>();
    SinkTestJobs.read(changeLog).forEach(r -> logged.add(text(r)));
    assertThat(logged).hasSizeGreaterThan(4 * PER_COMMIT);
    assertThat(logged).containsExactlyInAnyOrderElementsOf(expectedChanges);
    Optional<Consumer> consumer = new Consumers(orders.io(), orders.paths()).find("copy-job");
    assertThat(consumer).isPresent();
    assertThat(consumer.get().nextSnapshot()).isBetween(2L, 6L);
  }

  private static Row asAppendRow(Row change) {
    return Row.of(
        change.get(2), change.kind().shortString() + " " + change.get(0) + " " + change.get(1));
  }

  private static String text(Row appendRow) {
    return appendRow.get(0) + " " + appendRow.get(1);
  }

  @Test
  void refusesAStreamingReadItCannotDoBeforeTheJobRuns() {
    String warehouse = dir.resolve("wh").toString();
    SinkTestJobs.orders(Catalog.open(warehouse, Map.of()), Map.of());

    assertThatThrownBy(
            () ->
                TableSource.forTable(warehouse, "shop.orders")
                    .streaming(Map.of("scan.mode", "from-snapshot")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "Cannot read lake table shop.orders in " + warehouse + " as a stream")
        .hasMessageContaining("scan.snapshot-id");
    assertThatThrownBy(() -> TableSource.forTable(warehouse, "shop.missing").streaming(Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot read lake table shop.missing");
  }
}
