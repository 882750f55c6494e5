package dev.lakeops.runbooks.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table-layout runbook through the planner, on tables the engine wrote: a head merchant in one
 * bucket (a Prometheus-style skew alert, a "late after a big sale" alert, a Chinese one), buckets
 * too many for their data, and a healthy control.
 */
class TableLayoutRunbookTest {

  @TempDir Path warehouse;

  private DeterministicPlanner planner() {
    TableLocator locator = TableLocator.local(warehouse);
    return DeterministicPlanner.shipped(
        new ToolRegistry().registerAll(TableBindings.inWarehouse(new TableTools(locator), locator)),
        Clock.systemUTC());
  }

  private TriageReport triage(String alertname, String table, String summary) {
    return planner()
        .triage(
            new AlertSignal(
                Map.of("alertname", alertname, "table", table), Map.of("summary", summary)));
  }

  private static TriageReport ranBy(TriageReport report, String runbook) {
    return Stream.concat(Stream.of(report), report.others().stream())
        .filter(r -> r.runbook().equals(runbook))
        .findFirst()
        .orElseThrow(() -> new AssertionError(runbook + " did not run: " + report.runbooksRun()));
  }

  /**
   * {@code db.<name>}: orders (dt, merchant_id, order_id, amount), primary key (dt, merchant_id,
   * order_id), bucket-key {@code bucketKey}, {@code buckets} buckets, one commit of {@code rows}.
   */
  private Table orders(String name, String bucketKey, int buckets, List<Row> rows) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", name),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("merchant_id", AtomicType.of(TypeRoot.BIGINT))
                .column("order_id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .partitionKeys("dt")
                .primaryKey("dt", "merchant_id", "order_id")
                .option("bucket", Integer.toString(buckets))
                .option("bucket-key", bucketKey)
                .option("file.format", "avro")
                .option("write-only", "true")
                .build());
    commit(t, 1, rows);
    return t;
  }

  private static void commit(Table t, long identifier, List<Row> rows) {
    try (TableWrite write = t.newWrite("writer")) {
      rows.forEach(write::write);
      t.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  /** Merchant 7 with 3,000 orders on 2024-11-11, 40 others with 10 each. */
  private static List<Row> bigSale() {
    List<Row> rows = new ArrayList<>();
    for (long o = 1; o <= 3000; o++) {
      rows.add(Row.of("2024-11-11", 7L, o, 1));
    }
    for (long m = 100; m < 140; m++) {
      for (long o = 0; o < 10; o++) {
        rows.add(Row.of("2024-11-11", m, m * 1000 + o, 1));
      }
    }
    return rows;
  }

  private static List<Row> even(String dt, int merchants) {
    List<Row> rows = new ArrayList<>();
    for (long m = 1; m <= merchants; m++) {
      for (long o = 0; o < 5; o++) {
        rows.add(Row.of(dt, m, m * 100 + o, 1));
      }
    }
    return rows;
  }

  @Test
  void aPrometheusSkewAlertFindsTheHotMerchantAndProposesAnotherBucketKey() {
    orders("orders", "merchant_id", 4, bigSale());

    TriageReport report =
        triage("PaimonBucketSkew", "db.orders", "bucket 3 of orders holds 80% of rows");

    assertThat(report.runbook()).as(report.toMarkdown()).isEqualTo("table-layout");
    assertThat(report.verdict().category()).isEqualTo(Category.TABLE_LAYOUT);
    assertThat(report.verdict().entities())
        .containsEntry("table", "db.orders")
        .containsEntry("hotKey", "merchant_id=7")
        .containsEntry("snapshot", "1");
    assertThat(report.evidenceCodes()).contains("table.layout.hot-key", "table.layout.skew");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("bucket key to merchant_id,order_id"))
        .anySatisfy(a -> assertThat(a).contains("merchant_id=7 holds"));
    assertThat(report.verdict().proposals()).isEmpty();
  }

  @Test
  void aTableLateAfterABigSaleIsTriagedByItsLayout() {
    orders("orders", "merchant_id", 4, bigSale());

    TriageReport report =
        triage("OrdersLakeTableLate", "db.orders", "orders table late after the big sale");

    TriageReport layout = ranBy(report, "table-layout");
    assertThat(layout.verdict().category()).isEqualTo(Category.TABLE_LAYOUT);
    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.TABLE_LAYOUT);

    TriageReport zh = triage("湖表查询超时", "db.orders", "大促后 orders 表查询超时, 数据倾斜");
    assertThat(zh.runbook()).as(zh.toMarkdown()).isEqualTo("table-layout");
    assertThat(zh.verdict().category()).isEqualTo(Category.TABLE_LAYOUT);
  }

  @Test
  void tooManyBucketsForTheirDataGiveTheRescaleWhatIfAsANextActionOnly() {
    Table t = orders("events", "merchant_id,order_id", 8, even("2024-01-01", 20));
    for (int i = 2; i <= 6; i++) {
      commit(t, i, even("2024-01-01", 20));
    }

    TriageReport report = triage("PaimonBucketSkew", "db.events", "slow query on events");

    TriageReport layout = ranBy(report, "table-layout");
    assertThat(layout.verdict().category()).as(layout.toMarkdown()).isEqualTo(Category.SMALL_FILES);
    assertThat(layout.verdict().nextActions())
        .anySatisfy(
            a -> assertThat(a).contains("rescale to 1 buckets").contains("what-if, not run"));
    assertThat(layout.verdict().proposals()).isEmpty();
  }

  @Test
  void aHealthyTableConcludesNoFault() {
    orders("orders", "merchant_id,order_id", 4, even("2024-11-11", 300));

    TriageReport report = triage("PaimonBucketSkew", "db.orders", "bucket skew on orders");

    TriageReport layout = ranBy(report, "table-layout");
    assertThat(layout.verdict().category()).as(layout.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(layout.evidenceCodes()).contains("table.layout.healthy");
  }

  @Test
  void aMissingTableIsNotFound() {
    TriageReport report = triage("PaimonBucketSkew", "db.nope", "bucket skew");

    assertThat(ranBy(report, "table-layout").verdict().category()).isEqualTo(Category.NOT_FOUND);
  }
}
