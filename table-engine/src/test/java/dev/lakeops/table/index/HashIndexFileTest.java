package dev.lakeops.table.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.paths.FileNamer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HashIndexFileTest {

  @TempDir Path dir;

  private Table table() {
    return TestTables.orders(TestTables.warehouse(dir.resolve("wh")), "t", Map.of("bucket", "-1"));
  }

  @Test
  void encodesHashesAsBigEndianIntsAsPaimonWritesThem() {
    // paimon-format.md §9.2: the index of a bucket holding keys id=1 and id=2
    byte[] bytes = HashIndexFile.encode(new int[] {1465514398, 1340390384});

    assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("5759f99e4fe4bbf0");
    assertThat(HashIndexFile.decode("db.t", Path.of("x"), bytes, 2))
        .containsExactly(1465514398, 1340390384);
  }

  @Test
  void writesIndexFilesInTheIndexDirectoryAndReadsThemBack() {
    Table table = table();
    FileNamer namer = new FileNamer(UUID.fromString("00000000-0000-0000-0000-000000000007"));

    IndexManifestEntry entry =
        HashIndexFile.write(table.store(), namer, BinaryRow.EMPTY, 3, new int[] {5, -9, 0});

    assertThat(entry.kind()).isEqualTo(FileKind.ADD);
    assertThat(entry.indexType()).isEqualTo("HASH");
    assertThat(entry.fileName()).isEqualTo("index-00000000-0000-0000-0000-000000000007-0");
    assertThat(entry.bucket()).isEqualTo(3);
    assertThat(entry.fileSize()).isEqualTo(12);
    assertThat(entry.rowCount()).isEqualTo(3);
    assertThat(table.paths().indexFile(entry.fileName())).exists();
    assertThat(HashIndexFile.read(table.store(), entry)).containsExactly(5, -9, 0);
  }

  @Test
  void aTruncatedFileIsRefusedNamingTableAndFile() throws Exception {
    Table table = table();
    IndexManifestEntry entry =
        HashIndexFile.write(
            table.store(), FileNamer.random(), BinaryRow.EMPTY, 0, new int[] {1, 2});
    Path file = table.paths().indexFile(entry.fileName());
    Files.write(file, java.util.Arrays.copyOf(Files.readAllBytes(file), 6));

    assertThatThrownBy(() -> HashIndexFile.read(table.store(), entry))
        .isInstanceOf(CorruptIndexFileException.class)
        .hasMessageContaining("table " + table.name() + ":")
        .hasMessageContaining(entry.fileName())
        .hasMessageContaining("6 bytes");
    assertThatThrownBy(() -> HashIndexFile.decode("db.orders", file, new byte[6], -1))
        .isInstanceOf(CorruptIndexFileException.class)
        .hasMessageContaining("not a whole number of 4-byte hashes");
  }

  @Test
  void aFileWithAnotherCountThanItsEntryIsRefused() {
    Table table = table();
    IndexManifestEntry entry =
        HashIndexFile.write(
            table.store(), FileNamer.random(), BinaryRow.EMPTY, 0, new int[] {1, 2});
    IndexManifestEntry wrongCount =
        new IndexManifestEntry(
            FileKind.ADD, BinaryRow.EMPTY, 0, "HASH", entry.fileName(), -1, 3, null, null);

    assertThatThrownBy(() -> HashIndexFile.read(table.store(), wrongCount))
        .isInstanceOf(CorruptIndexFileException.class)
        .hasMessageContaining("holds 2 hashes, its index manifest entry records 3");
  }

  @Test
  void aMissingFileIsRefusedNamingIt() {
    Table table = table();
    IndexManifestEntry missing =
        new IndexManifestEntry(
            FileKind.ADD, BinaryRow.EMPTY, 4, "HASH", "index-gone-0", 8, 2, null, null);

    assertThatThrownBy(() -> HashIndexFile.read(table.store(), missing))
        .isInstanceOf(CorruptIndexFileException.class)
        .hasMessageContaining("index-gone-0")
        .hasMessageContaining("missing");
  }
}
