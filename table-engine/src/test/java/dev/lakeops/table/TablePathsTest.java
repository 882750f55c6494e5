package dev.lakeops.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TablePathsTest {

  private static final UUID UUID_1 = UUID.fromString("533f39cc-1111-2222-3333-444455556666");
  private final TablePaths paths = TablePaths.of(Path.of("/wh"), "db", "t");

  @Test
  void laysOutTheTableDirectoryLikePaimon() {
    assertThat(paths.root()).isEqualTo(Path.of("/wh/db.db/t"));
    assertThat(paths.schemaFile(0)).isEqualTo(Path.of("/wh/db.db/t/schema/schema-0"));
    assertThat(paths.snapshotFile(4)).isEqualTo(Path.of("/wh/db.db/t/snapshot/snapshot-4"));
    assertThat(paths.earliestHint()).isEqualTo(Path.of("/wh/db.db/t/snapshot/EARLIEST"));
    assertThat(paths.latestHint()).isEqualTo(Path.of("/wh/db.db/t/snapshot/LATEST"));
    assertThat(paths.manifestFile("manifest-x-0"))
        .isEqualTo(Path.of("/wh/db.db/t/manifest/manifest-x-0"));
    assertThat(paths.indexFile("index-x-0")).isEqualTo(Path.of("/wh/db.db/t/index/index-x-0"));
    assertThat(paths.tagFile("tag1")).isEqualTo(Path.of("/wh/db.db/t/tag/tag-tag1"));
    assertThat(paths.consumerFile("c1")).isEqualTo(Path.of("/wh/db.db/t/consumer/consumer-c1"));
    assertThat(paths.changelogFile(3)).isEqualTo(Path.of("/wh/db.db/t/changelog/changelog-3"));
    assertThat(paths.statisticsFile("stat-x-0"))
        .isEqualTo(Path.of("/wh/db.db/t/statistics/stat-x-0"));
    assertThat(paths.branchDir("b1")).isEqualTo(Path.of("/wh/db.db/t/branch/branch-b1"));
  }

  @Test
  void placesDataFilesUnderPartitionAndBucketDirectories() {
    assertThat(paths.dataFile("dt=2024-01-01", 1, "data-x-0.parquet"))
        .isEqualTo(Path.of("/wh/db.db/t/dt=2024-01-01/bucket-1/data-x-0.parquet"));
    assertThat(paths.dataFile("", 0, "data-x-0.avro"))
        .isEqualTo(Path.of("/wh/db.db/t/bucket-0/data-x-0.avro"));
  }

  @Test
  void namesFilesWithUuidAndCounter() {
    assertThat(TablePaths.manifestFileName(UUID_1, 2))
        .isEqualTo("manifest-533f39cc-1111-2222-3333-444455556666-2");
    assertThat(TablePaths.manifestListFileName(UUID_1, 0))
        .isEqualTo("manifest-list-533f39cc-1111-2222-3333-444455556666-0");
    assertThat(TablePaths.indexManifestFileName(UUID_1, 0))
        .isEqualTo("index-manifest-533f39cc-1111-2222-3333-444455556666-0");
    assertThat(TablePaths.indexFileName(UUID_1, 1))
        .isEqualTo("index-533f39cc-1111-2222-3333-444455556666-1");
    assertThat(TablePaths.statisticsFileName(UUID_1, 1))
        .isEqualTo("stat-533f39cc-1111-2222-3333-444455556666-1");
    assertThat(TablePaths.dataFileName("data-", UUID_1, 3, "parquet"))
        .isEqualTo("data-533f39cc-1111-2222-3333-444455556666-3.parquet");
    assertThat(TablePaths.dataFileName("changelog-", UUID_1, 0, "zstd.avro"))
        .isEqualTo("changelog-533f39cc-1111-2222-3333-444455556666-0.zstd.avro");
    assertThat(TablePaths.tempFileName("snapshot-3", UUID_1))
        .isEqualTo(".snapshot-3.533f39cc-1111-2222-3333-444455556666.tmp");
  }

  @Test
  void rejectsInvalidIdsAndNames() {
    assertThatThrownBy(() -> paths.snapshotFile(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0");
    assertThatThrownBy(() -> TablePaths.schemaFileName(-1)).hasMessageContaining("-1");
    assertThatThrownBy(() -> TablePaths.bucketDirName(-2)).hasMessageContaining("-2");
    assertThatThrownBy(() -> TablePaths.manifestFileName(UUID_1, -1)).hasMessageContaining("-1");
    assertThatThrownBy(() -> paths.manifestFile("../x")).hasMessageContaining("../x");
    assertThatThrownBy(() -> paths.tagFile("a/b")).hasMessageContaining("a/b");
    assertThatThrownBy(() -> TablePaths.of(Path.of("/wh"), "..", "t"))
        .hasMessageContaining("database");
    assertThatThrownBy(() -> TablePaths.dataFileName("data-", UUID_1, 0, ".parquet"))
        .hasMessageContaining(".parquet");
  }

  @Test
  void parsesIdsOnlyFromTheirOwnFileNames() {
    assertThat(TablePaths.parseSnapshotId("snapshot-17")).isEqualTo(OptionalLong.of(17));
    assertThat(TablePaths.parseSnapshotId("snapshot-0")).isEmpty();
    assertThat(TablePaths.parseSnapshotId("LATEST")).isEmpty();
    assertThat(TablePaths.parseSnapshotId(".snapshot-3.uuid.tmp")).isEmpty();
    assertThat(TablePaths.parseSnapshotId("snapshot-1x")).isEmpty();
    assertThat(TablePaths.parseSnapshotId("snapshot-99999999999999999999")).isEmpty();
    assertThat(TablePaths.parseSchemaId("schema-0")).isEqualTo(OptionalLong.of(0));
    assertThat(TablePaths.parseChangelogId("changelog-5")).isEqualTo(OptionalLong.of(5));
    assertThat(TablePaths.parseTagName("tag-my-tag")).contains("my-tag");
    assertThat(TablePaths.parseTagName("tag-")).isEmpty();
    assertThat(TablePaths.parseConsumerId("consumer-job1")).contains("job1");
    assertThat(TablePaths.parseBucket("bucket-3")).isEqualTo(OptionalInt.of(3));
    assertThat(TablePaths.parseBucket("bucket-postpone")).isEmpty();
    assertThat(TablePaths.isTempFile(".snapshot-3.abc.tmp")).isTrue();
    assertThat(TablePaths.isTempFile("snapshot-3")).isFalse();
  }

  @Test
  void readsTheFormatOfADataFileFromItsExtension() {
    assertThat(TablePaths.fileFormat("data-x-0.parquet")).contains("parquet");
    assertThat(TablePaths.fileFormat("data-x-0.zstd.avro")).contains("avro");
    assertThat(TablePaths.fileFormat("data-x-0")).isEqualTo(Optional.empty());
  }

  @Test
  void escapesPartitionValuesAsPaimonDoes() {
    LinkedHashMap<String, String> spec = new LinkedHashMap<>();
    spec.put("dt", "2024-01-01");
    spec.put("hr", "a/b=c:d%e#f?g*h\"i'j\\k{l}m[n]o^p\u0001q\u007Fr s-é");
    String path = PartitionPaths.partitionPath(spec);

    assertThat(path)
        .isEqualTo(
            "dt=2024-01-01/hr=a%2Fb%3Dc%3Ad%25e%23f%3Fg%2Ah%22i%27j%5Ck%7Bl%7Dm%5Bn%5Do%5Ep%01q%7Fr"
                + " s-é");
    assertThat(PartitionPaths.parsePartitionPath(path)).isEqualTo(spec);
    assertThat(PartitionPaths.parsePartitionPath(path + "/")).isEqualTo(spec);
    assertThat(PartitionPaths.partitionPath(new LinkedHashMap<>())).isEmpty();
  }

  @Test
  void leavesMalformedEscapesAsTheyAre() {
    assertThat(PartitionPaths.unescapePathName("100%")).isEqualTo("100%");
    assertThat(PartitionPaths.unescapePathName("a%zzb")).isEqualTo("a%zzb");
    assertThat(PartitionPaths.unescapePathName("a%2F")).isEqualTo("a/");
  }

  @Test
  void namesNullAndBlankPartitionValuesWithTheDefaultName() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "dt", AtomicType.string()),
                new DataField(1, "region", AtomicType.string())));

    assertThat(
            PartitionPaths.partitionPath(
                type, Row.of(null, " "), PartitionPaths.DEFAULT_PARTITION_NAME, true))
        .isEqualTo("dt=__DEFAULT_PARTITION__/region=__DEFAULT_PARTITION__");
    assertThat(PartitionPaths.partitionPath(type, Row.of("2024-01-01", "eu"), "x", true))
        .isEqualTo("dt=2024-01-01/region=eu");
  }

  @Test
  void rendersTypedPartitionValuesLikePaimonsLegacyNames() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "d", AtomicType.of(TypeRoot.DATE)),
                new DataField(1, "n", AtomicType.of(TypeRoot.INT)),
                new DataField(2, "m", AtomicType.decimal(10, 2)),
                new DataField(3, "ts", AtomicType.timestamp(3)),
                new DataField(4, "b", AtomicType.of(TypeRoot.BOOLEAN))));
    Row row =
        Row.of(
            LocalDate.of(2024, 1, 1),
            -5,
            new BigDecimal("1.5"),
            LocalDateTime.of(2024, 1, 1, 12, 30),
            true);

    assertThat(PartitionPaths.partitionPath(type, row, "x", true))
        .isEqualTo("d=19723/n=-5/m=1.50/ts=2024-01-01T12%3A30/b=true");
    assertThatThrownBy(() -> PartitionPaths.partitionPath(type, row, "x", false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ts");
  }

  @Test
  void rendersDatePartitionsIsoWithoutLegacyNames() {
    RowType type = RowType.of(List.of(new DataField(0, "d", AtomicType.of(TypeRoot.DATE))));

    assertThat(PartitionPaths.partitionPath(type, Row.of(LocalDate.of(2024, 1, 1)), "x", false))
        .isEqualTo("d=2024-01-01");
  }

  @Test
  void rejectsBinaryPartitionColumnsAndWrongArity() {
    RowType type = RowType.of(List.of(new DataField(0, "b", AtomicType.bytes())));

    assertThatThrownBy(
            () -> PartitionPaths.partitionPath(type, Row.of((Object) new byte[] {1}), "x", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("b");
    assertThatThrownBy(() -> PartitionPaths.partitionPath(type, Row.of(1, 2), "x", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 values");
  }
}
