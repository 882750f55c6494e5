package dev.lakeops.table.system;

import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.read.SnapshotNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * System tables of tables that lakeops wrote; agreement with Paimon is checked in the compat tests.
 */
class SystemTablesTest {

  private static final ZoneId UTC = ZoneOffset.UTC;

  @TempDir Path dir;

  private Catalog catalog;
  private Table orders;
  private Snapshot first;
  private Snapshot second;

  @BeforeEach
  void writeTwoCommits() {
    catalog = TestTables.warehouse(dir);
    orders = TestTables.orders(catalog, "orders", Map.of());
    first =
        TestTables.commit(
            orders,
            1,
            List.of(
                order("2024-01-01", 1, "a", 1.0),
                order("2024-01-01", 2, "b", 2.0),
                order("2024-01-02", 3, "c", 3.0)));
    second = TestTables.commit(orders, 2, List.of(order("2024-01-02", 3, "c2", null)));
  }

  private SystemTableRows read(String name, ScanTarget target) {
    return SystemTables.read(orders, name, target, UTC);
  }

  private static List<Object> column(SystemTableRows rows, String column) {
    int i = rows.rowType().indexOf(column);
    return rows.rows().stream().map(r -> r.get(i)).toList();
  }

  @Test
  void listsEverySnapshotWithItsCommitAndCountsAndTheCommitTimeInTheGivenZone() {
    SystemTableRows snapshots = read("$snapshots", ScanTarget.LATEST);

    assertThat(snapshots.rowType().fieldNames())
        .containsExactly(
            "snapshot_id",
            "schema_id",
            "commit_user",
            "commit_identifier",
            "commit_kind",
            "commit_time",
            "base_manifest_list",
            "delta_manifest_list",
            "changelog_manifest_list",
            "total_record_count",
            "delta_record_count",
            "changelog_record_count",
            "watermark");
    assertThat(column(snapshots, "snapshot_id")).containsExactly(first.id(), second.id());
    assertThat(column(snapshots, "commit_identifier")).containsExactly(1L, 2L);
    assertThat(column(snapshots, "commit_user")).containsOnly(TestTables.USER);
    assertThat(column(snapshots, "total_record_count")).containsExactly(3L, 4L);
    assertThat(column(snapshots, "commit_time"))
        .first()
        .isEqualTo(LocalDateTime.ofInstant(Instant.ofEpochMilli(first.timeMillis()), UTC));
    assertThat(
            SystemTables.read(orders, "snapshots", ScanTarget.LATEST, ZoneId.of("Asia/Shanghai"))
                .rows()
                .get(0)
                .get(5))
        .isEqualTo(
            LocalDateTime.ofInstant(Instant.ofEpochMilli(first.timeMillis()), UTC).plusHours(8));
  }

  @Test
  void showsTheLiveFilesOfTheChosenSnapshotNotOnlyOfTheLatest() {
    SystemTableRows latest = read("files", ScanTarget.LATEST);
    SystemTableRows older = read("files", new ScanTarget.SnapshotId(first.id()));

    assertThat(latest.snapshotId()).hasValue(second.id());
    assertThat(older.snapshotId()).hasValue(first.id());
    assertThat(column(latest, "record_count").stream().mapToLong(v -> (Long) v).sum()).isEqualTo(4);
    assertThat(column(older, "record_count").stream().mapToLong(v -> (Long) v).sum()).isEqualTo(3);
    assertThat(column(latest, "partition")).contains("{2024-01-01}", "{2024-01-02}");
    assertThat(column(latest, "file_format")).containsOnly("avro");
    assertThat(column(latest, "level")).containsOnly(0);
    assertThat(column(latest, "file_path"))
        .allSatisfy(
            p ->
                assertThat((String) p)
                    .startsWith("file:" + orders.paths().root().toAbsolutePath())
                    .endsWith(".avro"));
  }

  @Test
  void printsKeysAndValueStatisticsOfEachFile() {
    SystemTableRows files = read("files", new ScanTarget.SnapshotId(first.id()));
    Row partition1 =
        files.rows().stream()
            .filter(r -> r.get(0).equals("{2024-01-01}"))
            .findFirst()
            .orElseThrow();

    assertThat(partition1.get(files.rowType().indexOf("min_key"))).isEqualTo("[1]");
    assertThat(partition1.get(files.rowType().indexOf("max_key"))).isEqualTo("[2]");
    assertThat(partition1.get(files.rowType().indexOf("null_value_counts")))
        .isEqualTo("{dt=0, id=0, name=0, price=0}");
    assertThat(partition1.get(files.rowType().indexOf("min_value_stats")))
        .isEqualTo("{dt=2024-01-01, id=1, name=a, price=1.0}");
    assertThat(partition1.get(files.rowType().indexOf("max_value_stats")))
        .isEqualTo("{dt=2024-01-01, id=2, name=b, price=2.0}");
  }

  @Test
  void showsNoKeyForTablesWithoutPrimaryKey() {
    Table log = TestTables.log(catalog, "log", Map.of());
    TestTables.commit(log, 1, List.of(Row.of(1L, "x")));

    SystemTableRows files = SystemTables.read(log, "files", ScanTarget.LATEST, UTC);

    assertThat(column(files, "min_key")).containsExactly((Object) null);
    assertThat(column(files, "partition")).containsExactly("{}");
  }

  @Test
  void sumsLiveFilesPerPartitionAndPerBucket() {
    SystemTableRows partitions = read("partitions", ScanTarget.LATEST);
    SystemTableRows buckets = read("buckets", ScanTarget.LATEST);

    assertThat(column(partitions, "partition")).containsExactly("{2024-01-01}", "{2024-01-02}");
    assertThat(column(partitions, "record_count")).containsExactly(2L, 2L);
    assertThat(column(partitions, "file_count")).containsExactly(1L, 2L);
    assertThat(column(buckets, "record_count").stream().mapToLong(v -> (Long) v).sum())
        .isEqualTo(4);
    assertThat(column(buckets, "file_count").stream().mapToLong(v -> (Long) v).sum()).isEqualTo(3);
    assertThat(column(partitions, "last_update_time")).doesNotContainNull();
  }

  @Test
  void listsTheBaseAndDeltaManifestsOfTheSnapshot() {
    SystemTableRows manifests = read("manifests", ScanTarget.LATEST);

    assertThat(column(manifests, "num_added_files").stream().mapToLong(v -> (Long) v).sum())
        .isEqualTo(3);
    assertThat(column(manifests, "min_partition_stats")).contains("{2024-01-01}", "{2024-01-02}");
    assertThat(read("manifests", new ScanTarget.SnapshotId(first.id())).rows()).hasSize(1);
  }

  @Test
  void showsSchemasAsPaimonsCompactJsonAndOptionsInFileOrder() {
    SystemTableRows schemas = read("schemas", ScanTarget.LATEST);
    SystemTableRows options = read("options", ScanTarget.LATEST);

    assertThat(column(schemas, "schema_id")).containsExactly(0L);
    assertThat(column(schemas, "fields"))
        .containsExactly(
            "[{\"id\":0,\"name\":\"dt\",\"type\":\"STRING NOT"
                + " NULL\"},{\"id\":1,\"name\":\"id\",\"type\":\"INT NOT"
                + " NULL\"},{\"id\":2,\"name\":\"name\",\"type\":\"STRING\"},"
                + "{\"id\":3,\"name\":\"price\",\"type\":\"DOUBLE\"}]");
    assertThat(column(schemas, "partition_keys")).containsExactly("[\"dt\"]");
    assertThat(column(schemas, "primary_keys")).containsExactly("[\"dt\",\"id\"]");
    assertThat(column(schemas, "options"))
        .containsExactly("{\"bucket\":\"2\",\"file.format\":\"avro\"}");
    assertThat(options.rows())
        .containsExactly(Row.of("bucket", "2"), Row.of("file.format", "avro"));
  }

  @Test
  void showsTagsWithTheirSnapshotAndRetention() {
    Tags tags = new Tags(orders.io(), orders.paths());
    tags.createTag("kept", first.id());
    tags.createTag("daily", second.id(), Duration.ofHours(36));

    SystemTableRows rows = read("tags", ScanTarget.LATEST);

    assertThat(column(rows, "tag_name")).containsExactly("kept", "daily");
    assertThat(column(rows, "snapshot_id")).containsExactly(first.id(), second.id());
    assertThat(column(rows, "record_count")).containsExactly(3L, 4L);
    assertThat(column(rows, "time_retained")).containsExactly(null, "PT36H");
    assertThat(column(rows, "create_time").get(1)).isNotNull();
    assertThat(column(read("files", new ScanTarget.TagName("kept")), "record_count")).hasSize(2);
  }

  @Test
  void showsConsumersAndTheirNextSnapshot() {
    orders
        .io()
        .writeAtomically(
            orders.paths().consumerFile("etl"),
            ConsumerJson.toJson(new Consumer(2)).getBytes(StandardCharsets.UTF_8));

    assertThat(read("consumers", ScanTarget.LATEST).rows()).containsExactly(Row.of("etl", 2L));
  }

  @Test
  void describesNoFilesOfATableWithoutSnapshots() {
    Table empty = TestTables.log(catalog, "empty", Map.of());

    for (String name :
        List.of("snapshots", "files", "manifests", "partitions", "buckets", "tags", "consumers")) {
      SystemTableRows rows = SystemTables.read(empty, name, ScanTarget.LATEST, UTC);
      assertThat(rows.rows()).as(name).isEmpty();
      assertThat(rows.snapshotId()).isEmpty();
    }
    assertThat(SystemTables.read(empty, "schemas", ScanTarget.LATEST, UTC).rows()).hasSize(1);
  }

  @Test
  void knowsItsTablesWithAndWithoutDollar() {
    assertThat(SystemTables.names())
        .containsExactly(
            "snapshots",
            "schemas",
            "options",
            "files",
            "manifests",
            "partitions",
            "buckets",
            "tags",
            "consumers");
    assertThat(SystemTables.named("$files").name()).isEqualTo("files");
    assertThat(SystemTables.named("files").name()).isEqualTo("files");
  }

  @Test
  void rejectsAnUnknownSystemTableNamingTheKnownOnes() {
    assertThatThrownBy(() -> read("$audit_log", ScanTarget.LATEST))
        .isInstanceOf(UnknownSystemTableException.class)
        .hasMessageContaining("$audit_log")
        .hasMessageContaining("$snapshots, $schemas");
  }

  @Test
  void rejectsASnapshotThatDoesNotExistNamingTheRangeThatDoes() {
    assertThatThrownBy(() -> read("files", new ScanTarget.SnapshotId(9)))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("Snapshot 9")
        .hasMessageContaining("snapshots 1..2 exist");
  }

  @Test
  void rejectsATagThatDoesNotExistNamingTheTagsThatDo() {
    new Tags(orders.io(), orders.paths()).createTag("kept", first.id());

    assertThatThrownBy(() -> read("files", new ScanTarget.TagName("nightly")))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("'nightly'")
        .hasMessageContaining("tags: kept");
  }
}
