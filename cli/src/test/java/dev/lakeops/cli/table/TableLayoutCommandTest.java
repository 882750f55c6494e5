package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops table layout}: a table with a head shop in one bucket and an even one, as text and
 * JSON, one partition, and the failures.
 */
class TableLayoutCommandTest {

  @TempDir Path dir;

  private final CliRun cli = new CliRun();

  /**
   * {@code db.sales} (dt, shop_id, order_id, amount), bucket-key shop_id, 4 buckets: shop 9 sells
   * 2,000 orders on 2024-11-11, 30 other shops 10 each; on 2024-11-12 each of 200 shops sells 5.
   */
  @BeforeEach
  void writeTables() {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabase("db");
    Table sales =
        catalog.createTable(
            Identifier.of("db", "sales"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("shop_id", AtomicType.of(TypeRoot.BIGINT))
                .column("order_id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .partitionKeys("dt")
                .primaryKey("dt", "shop_id", "order_id")
                .option("bucket", "4")
                .option("bucket-key", "shop_id")
                .option("file.format", "avro")
                .build());
    List<Row> rows = new ArrayList<>();
    for (long o = 1; o <= 2000; o++) {
      rows.add(Row.of("2024-11-11", 9L, o, 4242));
    }
    for (long shop = 100; shop < 130; shop++) {
      for (long o = 0; o < 10; o++) {
        rows.add(Row.of("2024-11-11", shop, shop * 100 + o, 4242));
      }
    }
    for (long shop = 1; shop <= 200; shop++) {
      for (long o = 0; o < 5; o++) {
        rows.add(Row.of("2024-11-12", shop, shop * 100 + o, 4242));
      }
    }
    try (TableWrite write = sales.newWrite("cli-test")) {
      rows.forEach(write::write);
      sales.newCommit().commit(write.prepareCommit(1));
    }
  }

  @Test
  void printsTheHotBucketAndTheHotKeyAsTextAndJson() throws Exception {
    assertThat(cli.run("table", "layout", "--warehouse", dir.toString(), "db.sales"))
        .as(cli.err())
        .isZero();
    assertThat(cli.out())
        .contains("table.layout")
        .contains("WARN  table.layout.skew")
        .contains("WARN  table.layout.hot-key")
        .contains("hotKey: shop_id=9")
        .contains("suggestedBucketKey: shop_id,order_id")
        .doesNotContain("4242");

    assertThat(cli.run("table", "layout", "--warehouse", dir.toString(), "db.sales", "--json"))
        .isZero();
    JsonNode report = cli.json();
    assertThat(report.get("tool").asText()).isEqualTo("table.layout");
    assertThat(cli.findingCodes())
        .containsExactly("table.layout.skew", "table.layout.hot-key", "table.layout.buckets");
    JsonNode skew = report.get("findings").get(0).get("evidence");
    assertThat(skew.get("partitionSpec").asText()).isEqualTo("dt=2024-11-11");
    assertThat(skew.get("hotKeyDominates").asText()).isEqualTo("true");
  }

  @Test
  void oneEvenPartitionIsHealthy() throws Exception {
    assertThat(
            cli.run(
                "table",
                "layout",
                dir.resolve("db.db/sales").toString(),
                "--partition",
                "dt=2024-11-12",
                "--json"))
        .as(cli.err())
        .isZero();
    assertThat(cli.findingCodes()).containsExactly("table.layout.healthy", "table.layout.buckets");
  }

  @Test
  void aMissingTableABadPartitionSpecOrAnAbsentPartitionEndsWithOneClearLine() {
    assertThat(cli.run("table", "layout", "--warehouse", dir.toString(), "db.nope")).isEqualTo(1);
    assertThat(cli.out()).contains("NO_DATA");
    assertThat(cli.err()).contains("db.nope").contains("db.db/nope").doesNotContain("Exception");

    assertThat(
            cli.run(
                "table", "layout", "--warehouse", dir.toString(), "db.sales", "--partition", "dt"))
        .isEqualTo(1);
    assertThat(cli.err())
        .contains("invalid argument")
        .contains("partition 'dt'")
        .contains("expected key=value")
        .doesNotContain("Exception");

    assertThat(
            cli.run(
                "table",
                "layout",
                "--warehouse",
                dir.toString(),
                "db.sales",
                "--partition",
                "dt=2024-12-12"))
        .isEqualTo(1);
    assertThat(cli.err())
        .contains("partition 'dt=2024-12-12' holds no files")
        .contains("dt=2024-11-11, dt=2024-11-12")
        .doesNotContain("Exception");
  }
}
