package dev.lakeops.table.commit;

import static dev.lakeops.table.catalog.TestTables.readAll;
import static dev.lakeops.table.catalog.TestTables.sorted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.ChangeSetCodec.CorruptChangeSetException;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.write.TableWrite;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeSetCodecTest {

  @TempDir Path dir;

  private static List<Row> orders(int from, int to, String name) {
    return java.util.stream.IntStream.range(from, to)
        .mapToObj(i -> Row.of("2026-12-0" + (1 + i % 3), i, name + i, i * 1.5))
        .toList();
  }

  @Test
  void aPrimaryKeyChangeSetWithCompactionAndChangelogDecodesEqualAndCommitsTheSameTable() {
    Catalog catalog = TestTables.warehouse(dir);
    Table table = TestTables.orders(catalog, "orders", Map.of("changelog-producer", "input"));
    ChangeSet second;
    try (TableWrite write = table.newWrite("codec")) {
      orders(0, 40, "a").forEach(write::write);
      table.newCommit().commit(write.prepareCommit(1));
      orders(20, 60, "b").forEach(write::write);
      write.write(Row.ofKind(RowKind.DELETE, "2026-12-01", 3, "a3", 4.5));
      BinaryRow partition =
          BinaryRowCodec.encode(table.schema().partitionType(), Row.of("2026-12-01"));
      write.fullCompact(partition, 0);
      second = write.prepareCommit(2);
    }
    assertThat(second.changes()).anyMatch(c -> !c.compactBefore().isEmpty());
    assertThat(second.changes()).anyMatch(c -> !c.changelogFiles().isEmpty());

    ChangeSet decoded = ChangeSetCodec.decode(ChangeSetCodec.encode(second));

    assertThat(decoded).isEqualTo(second);
    table.newCommit().commit(decoded);
    List<Row> expected = new java.util.ArrayList<>(orders(0, 20, "a"));
    expected.addAll(orders(20, 60, "b"));
    expected.removeIf(r -> r.get(1).equals(3));
    assertThat(sorted(readAll(table.refresh()))).isEqualTo(sorted(expected));
  }

  @Test
  void indexFilesOfDynamicBucketsAndDeletionVectorsSurviveTheRoundTrip() {
    Catalog catalog = TestTables.warehouse(dir);
    Table dynamic = TestTables.orders(catalog, "dynamic", Map.of("bucket", "-1"));
    Table vectors =
        TestTables.orders(catalog, "vectors", Map.of("deletion-vectors.enabled", "true"));
    for (Table table : List.of(dynamic, vectors)) {
      try (TableWrite write = table.newWrite("codec")) {
        orders(0, 30, "a").forEach(write::write);
        table.newCommit().commit(write.prepareCommit(1));
        orders(10, 40, "b").forEach(write::write);
        ChangeSet changes = write.prepareCommit(2);
        assertThat(changes.changes())
            .as(table.name())
            .anyMatch(c -> !c.newIndexFiles().isEmpty() || !c.compactIndexFiles().isEmpty());

        assertThat(ChangeSetCodec.decode(ChangeSetCodec.encode(changes))).isEqualTo(changes);
      }
    }
  }

  @Test
  void anEmptyChangeSetRoundTrips() {
    ChangeSet empty = new ChangeSet("user", 7, List.of());
    assertThat(ChangeSetCodec.decode(ChangeSetCodec.encode(empty))).isEqualTo(empty);
  }

  @Test
  void refusesAnotherVersionNamingIt() {
    byte[] bytes = ChangeSetCodec.encode(new ChangeSet("user", 7, List.of()));
    bytes[0] = 2;
    assertThatThrownBy(() -> ChangeSetCodec.decode(bytes))
        .isInstanceOf(CorruptChangeSetException.class)
        .hasMessage("Invalid change set: version 2, this build reads version 1");
    assertThatThrownBy(() -> ChangeSetCodec.decode(new byte[0]))
        .isInstanceOf(CorruptChangeSetException.class)
        .hasMessage("Invalid change set: 0 bytes");
  }

  @Test
  void everyFlippedByteAndEveryTruncationIsRefused() {
    Table table = TestTables.orders(TestTables.warehouse(dir), "orders", Map.of());
    byte[] bytes;
    try (TableWrite write = table.newWrite("codec")) {
      orders(0, 20, "a").forEach(write::write);
      bytes = ChangeSetCodec.encode(write.prepareCommit(1));
    }
    for (int i = 1; i < bytes.length; i++) {
      byte[] flipped = bytes.clone();
      flipped[i] ^= 0x10;
      assertThatThrownBy(() -> ChangeSetCodec.decode(flipped))
          .as("byte %d flipped", i)
          .isInstanceOf(CorruptChangeSetException.class)
          .hasMessageContaining("checksum mismatch");
    }
    for (int length = 1; length < bytes.length; length += 7) {
      byte[] cut = Arrays.copyOf(bytes, length);
      assertThatThrownBy(() -> ChangeSetCodec.decode(cut))
          .as("cut at %d", length)
          .isInstanceOf(CorruptChangeSetException.class);
    }
  }

  @Test
  void garbageWithAValidChecksumIsRefusedAsCorruptNeverAnotherException() {
    Random random = new Random(16);
    byte[] real;
    Table table = TestTables.log(TestTables.warehouse(dir), "log", Map.of());
    try (TableWrite write = table.newWrite("codec")) {
      write.write(Row.of(1L, "x"));
      real = ChangeSetCodec.encode(write.prepareCommit(1));
    }
    for (int round = 0; round < 3000; round++) {
      byte[] body;
      if (round % 2 == 0) {
        body = new byte[1 + random.nextInt(200)];
        random.nextBytes(body);
      } else {
        // a real body with a few bytes changed, so parsing gets deep into the manifests
        body = Arrays.copyOf(real, real.length - 4);
        for (int k = 0; k < 1 + random.nextInt(3); k++) {
          body[1 + random.nextInt(body.length - 1)] = (byte) random.nextInt();
        }
      }
      body[0] = ChangeSetCodec.VERSION;
      byte[] framed = withChecksum(body);
      try {
        ChangeSet decoded = ChangeSetCodec.decode(framed);
        assertThat(decoded.commitUser()).isNotBlank();
      } catch (CorruptChangeSetException e) {
        assertThat(e.getMessage()).startsWith("Invalid change set: ");
      }
    }
  }

  private static byte[] withChecksum(byte[] body) {
    CRC32 crc = new CRC32();
    crc.update(body);
    return ByteBuffer.allocate(body.length + 4).put(body).putInt((int) crc.getValue()).array();
  }
}
