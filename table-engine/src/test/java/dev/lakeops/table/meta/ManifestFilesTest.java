package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.ManifestFixtures.add;
import static dev.lakeops.table.meta.ManifestFixtures.delete;
import static dev.lakeops.table.meta.ManifestFixtures.file;
import static dev.lakeops.table.meta.ManifestFixtures.partition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestFilesTest {

  @TempDir Path dir;

  private final LocalFileIO io = new LocalFileIO();

  @Test
  void writesAManifestAndSummarizesItAsPaimonDoes() {
    TablePaths paths = new TablePaths(dir);
    ManifestFiles manifests = new ManifestFiles(io, paths);
    FileNamer namer = FileNamer.random();
    List<ManifestEntry> entries =
        List.of(
            add("2024-01-02", 1, file("data-a-0.parquet", 0)),
            delete("2024-01-01", 0, file("data-a-1.parquet", 5)),
            add("2024-01-01", 1, file("data-a-2.parquet", 3).toBuilder().schemaId(4).build()));
    String name = namer.nextManifest();

    ManifestFileMeta meta = manifests.writeManifest(name, ManifestFixtures.PARTITION, entries);

    assertThat(meta.fileName()).isEqualTo(name);
    assertThat(meta.fileSize()).isEqualTo(io.size(paths.manifestFile(name)));
    assertThat(meta.numAddedFiles()).isEqualTo(2);
    assertThat(meta.numDeletedFiles()).isEqualTo(1);
    assertThat(meta.schemaId()).isEqualTo(4);
    assertThat(meta.minBucket()).isZero();
    assertThat(meta.maxBucket()).isEqualTo(1);
    assertThat(meta.minLevel()).isZero();
    assertThat(meta.maxLevel()).isEqualTo(5);
    assertThat(meta.partitionStats())
        .isEqualTo(new SimpleStats(partition("2024-01-01"), partition("2024-01-02"), List.of(0L)));
    assertThat(manifests.readManifest(name)).isEqualTo(entries);
  }

  @Test
  void writesManifestListsAndIndexManifestsAndReportsTheirSizes() {
    ManifestFiles manifests = new ManifestFiles(io, new TablePaths(dir));
    ManifestFileMeta meta =
        manifests.writeManifest(
            "manifest-x-0",
            ManifestFixtures.PARTITION,
            List.of(add("2024-01-01", 0, file("data-a-0.parquet", 0))));
    IndexManifestEntry index =
        new IndexManifestEntry(
            FileKind.ADD,
            partition("2024-01-01"),
            0,
            IndexManifestEntry.HASH,
            "index-x-0",
            8,
            2,
            null,
            null);

    long listSize = manifests.writeManifestList("manifest-list-x-0", List.of(meta));
    long indexSize = manifests.writeIndexManifest("index-manifest-x-0", List.of(index));

    assertThat(listSize).isEqualTo(io.size(dir.resolve("manifest/manifest-list-x-0")));
    assertThat(indexSize).isEqualTo(io.size(dir.resolve("manifest/index-manifest-x-0")));
    assertThat(manifests.readManifestList("manifest-list-x-0")).containsExactly(meta);
    assertThat(manifests.readIndexManifest("index-manifest-x-0")).containsExactly(index);
  }

  @Test
  void computesColumnWisePartitionStatsWithNullCounts() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "dt", AtomicType.string()),
                new DataField(1, "h", AtomicType.of(TypeRoot.INT))));
    List<ManifestEntry> entries =
        List.of(
            new ManifestEntry(
                FileKind.ADD,
                BinaryRowCodec.encode(type, Row.of("b", 1)),
                0,
                2,
                file("d-0.avro", 0)),
            new ManifestEntry(
                FileKind.ADD,
                BinaryRowCodec.encode(type, Row.of("a", null)),
                0,
                2,
                file("d-1.avro", 0)),
            new ManifestEntry(
                FileKind.ADD,
                BinaryRowCodec.encode(type, Row.of("é", 7)),
                0,
                2,
                file("d-2.avro", 0)));

    SimpleStats stats = ManifestFiles.summarize("m", 1, type, entries).partitionStats();

    assertThat(BinaryRowCodec.decode(type, stats.minValues())).isEqualTo(Row.of("a", 1));
    assertThat(BinaryRowCodec.decode(type, stats.maxValues())).isEqualTo(Row.of("é", 7));
    assertThat(stats.nullCounts()).containsExactly(0L, 1L);
  }

  @Test
  void refusesToWriteAnEmptyManifestAndNamesTheFileOfACorruptOne() throws Exception {
    ManifestFiles manifests = new ManifestFiles(io, new TablePaths(dir));
    Files.createDirectories(dir.resolve("manifest"));
    Files.write(dir.resolve("manifest/manifest-bad-0"), new byte[] {1, 2, 3});

    assertThatThrownBy(
            () -> manifests.writeManifest("manifest-x-0", ManifestFixtures.PARTITION, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("manifest-x-0");
    assertThatThrownBy(() -> manifests.readManifest("manifest-bad-0"))
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining("manifest-bad-0");
  }
}
