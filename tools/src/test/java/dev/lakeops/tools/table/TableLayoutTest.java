package dev.lakeops.tools.table;

import static dev.lakeops.tools.table.TableFixtures.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout tool on tables the engine wrote: a head merchant blowing up one bucket, buckets too
 * many for their data, an oversized partition, a level-0 pile, full dynamic buckets, a healthy
 * control, and the failures.
 */
class TableLayoutTest {

  @TempDir Path warehouse;

  private TableTools tools() {
    return new TableTools(TableLocator.local(warehouse));
  }

  private static List<String> codes(ToolReport report) {
    return report.findings().stream().map(Finding::code).toList();
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("findings %s in %s", code, codes(report)).hasSize(1);
    return found.get(0);
  }

  private static List<Finding> warnings(ToolReport report) {
    return report.findings().stream()
        .filter(f -> f.severity().compareTo(Severity.WARN) >= 0)
        .toList();
  }

  /**
   * {@code db.<name>}: orders (dt, merchant_id, order_id, amount), primary key (dt, merchant_id,
   * order_id), partitioned by dt, bucket-key merchant_id, 4 buckets.
   */
  private Table merchantOrders(String name, Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("merchant_id", AtomicType.of(TypeRoot.BIGINT))
            .column("order_id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .partitionKeys("dt")
            .primaryKey("dt", "merchant_id", "order_id")
            .option("bucket", "4")
            .option("bucket-key", "merchant_id")
            .option("file.format", "avro");
    options.forEach(b::option);
    return catalog.createTable(Identifier.of("db", name), b.build());
  }

  /** {@code count} orders of {@code merchant} in {@code dt}, order ids from {@code firstOrder}. */
  private static List<Row> ordersOf(String dt, long merchant, long firstOrder, int count) {
    List<Row> rows = new ArrayList<>();
    for (long o = firstOrder; o < firstOrder + count; o++) {
      rows.add(Row.of(dt, merchant, o, 1000 + (int) o));
    }
    return rows;
  }

  @Test
  void aHeadMerchantBlowsUpOneBucketAndIsNamedAsTheHotKeyWithAnotherBucketKey() {
    Table t = merchantOrders("orders", Map.of());
    List<Row> rows = new ArrayList<>(ordersOf("2024-11-11", 7, 1, 3000));
    for (long m = 100; m < 140; m++) {
      rows.addAll(ordersOf("2024-11-11", m, m * 1000, 10));
    }
    commit(t, "writer", 1, rows);

    ToolReport report = tools().layout("db.orders", null);

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    Finding skew = only(report, "table.layout.skew");
    assertThat(skew.severity()).isEqualTo(Severity.WARN);
    assertThat(skew.evidence())
        .containsEntry("partitionSpec", "dt=2024-11-11")
        .containsEntry("hotKeyDominates", "true")
        .containsEntry("numBuckets", "4")
        .containsEntry("rescaleRewritesFiles", "4");
    assertThat(Long.parseLong(skew.evidence().get("hotBucketRows"))).isGreaterThan(3000);
    assertThat(Double.parseDouble(skew.evidence().get("maxOverMedian"))).isGreaterThan(10);
    assertThat(Double.parseDouble(skew.evidence().get("gini"))).isGreaterThan(0.5);
    Finding hot = only(report, "table.layout.hot-key");
    assertThat(hot.evidence())
        .containsEntry("hotKey", "merchant_id=7")
        .containsEntry("hotKeyRows", "3000")
        .containsEntry("bucket", skew.evidence().get("hotBucket"))
        .containsEntry("bucket-key", "merchant_id")
        .containsEntry("suggestedBucketKey", "merchant_id,order_id")
        .containsEntry("sampleTruncated", "false");
    assertThat(hot.evidence().get("topKeys")).startsWith("merchant_id=7:3000 | merchant_id=");
    // Keys and counts only: no other column value is read into the finding.
    assertThat(hot.toString()).doesNotContain("amount=").doesNotContain("order_id=");
    assertThat(codes(report))
        .contains("table.layout.buckets")
        .doesNotContain("table.layout.healthy");
  }

  @Test
  void theHotKeySampleIsBoundedAndSaysSo() {
    Table t = merchantOrders("orders", Map.of());
    commit(t, "writer", 1, ordersOf("2024-11-11", 7, 1, 500));
    TableTools bounded =
        new TableTools(
            TableLocator.local(warehouse),
            CommitTimelineRules.defaults(),
            TableTools.DEFAULT_MAX_ROWS,
            new TableLayoutRules(2.0, 1_000, 0.2, 100, 1L << 30, 64L << 30, 5_000));

    Finding hot = only(bounded.layout("db.orders", null), "table.layout.hot-key");

    assertThat(hot.evidence())
        .containsEntry("sampledRows", "100")
        .containsEntry("hotKeyRows", "100")
        .containsEntry("sampleTruncated", "true");
  }

  @Test
  void manySmallFilesInTooManyBucketsGiveTheBucketCountForTheTargetSize() {
    Table t =
        TableFixtures.keyedOrders(warehouse, "events", Map.of("bucket", "8", "write-only", "true"));
    for (int i = 1; i <= 6; i++) {
      commit(t, "writer", i, TableFixtures.keyed("2024-01-01", i * 100, i * 100 + 79, 0));
    }

    ToolReport report = tools().layout("db.events", "dt=2024-01-01");

    Finding small = only(report, "table.layout.small-files");
    assertThat(small.evidence())
        .containsEntry("cause", "too-many-buckets")
        .containsEntry("proposedBuckets", "1")
        .containsEntry("worstPartitionSpec", "dt=2024-01-01")
        .containsEntry("partitionFilter", "dt=2024-01-01");
    assertThat(Integer.parseInt(small.evidence().get("bucketsWithSmallFiles"))).isGreaterThan(4);
    assertThat(Integer.parseInt(small.evidence().get("rescaleRewritesFiles"))).isGreaterThan(30);
    assertThat(small.summary()).contains("1 buckets would give about 1073741824 bytes each");
    Finding l0 = only(report, "table.layout.l0-backlog");
    assertThat(l0.evidence()).containsEntry("atStopTrigger", "false");
    assertThat(Integer.parseInt(l0.evidence().get("level0Files"))).isGreaterThanOrEqualTo(5);
    assertThat(l0.summary()).contains("write-only");
  }

  @Test
  void aPartitionWithTooManyFilesGetsAFinerGranularity() {
    Table t = TableFixtures.keyedOrders(warehouse, "events", Map.of("write-only", "true"));
    for (int i = 1; i <= 12; i++) {
      commit(t, "writer", i, TableFixtures.keyed("2024-01-01", i, i, 0));
    }
    commit(t, "writer", 13, TableFixtures.keyed("2024-01-02", 1, 1, 0));
    TableTools strict =
        new TableTools(
            TableLocator.local(warehouse),
            CommitTimelineRules.defaults(),
            TableTools.DEFAULT_MAX_ROWS,
            new TableLayoutRules(2.0, 1_000, 0.2, 100_000, 1L << 30, 64L << 30, 5));

    Finding big = only(strict.layout("db.events", null), "table.layout.partition-too-big");

    assertThat(big.evidence())
        .containsEntry("partitionSpec", "dt=2024-01-01")
        .containsEntry("partitionFiles", "12")
        .containsEntry("partitionsTooBig", "1")
        .containsEntry("splitFactor", "3")
        .containsEntry("partition-keys", "dt");
    assertThat(big.summary()).contains("3 times finer");
  }

  @Test
  void dynamicBucketsPastTheirTargetRowCountAreFull() {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "users"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "-1")
                .option("dynamic-bucket.target-row-num", "10")
                .option("dynamic-bucket.max-buckets", "2")
                .option("file.format", "avro")
                .build());
    List<Row> rows = new ArrayList<>();
    for (long id = 1; id <= 60; id++) {
      rows.add(Row.of(id, "u" + id));
    }
    commit(t, "writer", 1, rows);

    ToolReport report = tools().layout("db.users", null);

    Finding full = only(report, "table.layout.dynamic-bucket-full");
    assertThat(full.evidence())
        .containsEntry("bucketMode", "dynamic")
        .containsEntry("keysFrom", "hash-index")
        .containsEntry("dynamic-bucket.target-row-num", "10")
        .containsEntry("bucketsOverTarget", "2");
    assertThat(Long.parseLong(full.evidence().get("keys"))).isGreaterThan(10);
  }

  @Test
  void aHealthyTableGivesHealthyAndNoWarning() {
    Table t = merchantOrders("orders", Map.of("bucket-key", "merchant_id,order_id"));
    List<Row> rows = new ArrayList<>();
    for (long m = 1; m <= 400; m++) {
      rows.addAll(ordersOf("2024-11-11", m, m * 10, 5));
    }
    commit(t, "writer", 1, rows);
    commit(t, "writer", 2, ordersOf("2024-11-12", 1, 1, 50));

    ToolReport report = tools().layout("db.orders", null);

    assertThat(warnings(report)).as("warnings in %s", report.findings()).isEmpty();
    Finding healthy = only(report, "table.layout.healthy");
    assertThat(healthy.severity()).isEqualTo(Severity.OK);
    assertThat(healthy.evidence()).containsEntry("partitions", "2").containsEntry("buckets", "8");
    Finding buckets = only(report, "table.layout.buckets");
    assertThat(buckets.evidence())
        .containsEntry("rows", "2050")
        .containsKey("partition dt=2024-11-11");
    assertThat(Double.parseDouble(healthy.evidence().get("maxOverMedian"))).isLessThan(2);
  }

  @Test
  void aTableWithoutSnapshotIsHealthyAndSaysSo() {
    merchantOrders("orders", Map.of());

    ToolReport report = tools().layout("db.orders", null);

    assertThat(codes(report)).containsExactly("table.layout.healthy");
    assertThat(report.findings().get(0).summary()).contains("no snapshot");
  }

  @Test
  void aPartitionThatHoldsNoFileIsNoDataNamingThePartitionsThereAre() {
    Table t = merchantOrders("orders", Map.of());
    commit(t, "writer", 1, ordersOf("2024-11-11", 7, 1, 10));

    ToolReport report = tools().layout("db.orders", "dt=2024-11-12");

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error())
        .contains("partition 'dt=2024-11-12' holds no files")
        .contains("partitions: dt=2024-11-11");
  }

  @Test
  void badArgumentsAreErrorsNamingTheArgument() {
    Table t = merchantOrders("orders", Map.of());
    commit(t, "writer", 1, ordersOf("2024-11-11", 7, 1, 10));

    ToolReport malformed = tools().layout("db.orders", "2024-11-11");
    assertThat(malformed.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(malformed.error()).contains("'2024-11-11'").contains("expected key=value");

    ToolReport notAKey = tools().layout("db.orders", "hr=10");
    assertThat(notAKey.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(notAKey.error()).contains("'hr' is not a partition key");

    ToolReport missing = tools().layout("db.nope", null);
    assertThat(missing.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(missing.error()).contains("db.nope");
  }

  @Test
  void rulesOutOfRangeAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> new TableLayoutRules(1.0, 1, 0.2, 1, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("skewRatio: 1.0");
    assertThatThrownBy(() -> new TableLayoutRules(2.0, 1, 1.5, 1, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hotKeyShare: 1.5");
  }
}
