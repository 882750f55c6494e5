package dev.lakeops.table.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.read.DataSplitCodec.CorruptSplitException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataSplitCodecTest {

  @TempDir Path dir;

  private static List<Row> orders(int from, int to, String name) {
    return IntStream.range(from, to)
        .mapToObj(i -> Row.of("2026-12-0" + (1 + i % 3), i, name + i, i * 1.5))
        .toList();
  }

  @Test
  void splitsWithDeletionVectorsDecodeEqualAndReadTheSameRows() {
    Catalog catalog = TestTables.warehouse(dir);
    Table table = TestTables.orders(catalog, "vectors", Map.of("deletion-vectors.enabled", "true"));
    TestTables.commit(table, 1, orders(0, 30, "a"));
    TestTables.commit(table.refresh(), 2, orders(10, 40, "b"));
    Table t = table.refresh();
    ScanPlan plan = t.newScan().plan();
    assertThat(plan.splits()).anyMatch(s -> !s.deletionFiles().isEmpty());

    for (DataSplit split : plan.splits()) {
      DataSplit decoded = DataSplitCodec.decode(DataSplitCodec.encode(split));
      assertThat(decoded).isEqualTo(split);
      assertThat(t.newRead().readAll(new ScanPlan(plan.snapshot(), List.of(decoded))))
          .isEqualTo(t.newRead().readAll(new ScanPlan(plan.snapshot(), List.of(split))));
    }
  }

  @Test
  void refusesAnotherVersionAndEveryFlippedByte() {
    Table table = TestTables.orders(TestTables.warehouse(dir), "orders", Map.of());
    TestTables.commit(table, 1, orders(0, 10, "a"));
    byte[] bytes = DataSplitCodec.encode(table.refresh().newScan().plan().splits().get(0));

    byte[] other = bytes.clone();
    other[0] = 9;
    assertThatThrownBy(() -> DataSplitCodec.decode(other))
        .isInstanceOf(CorruptSplitException.class)
        .hasMessage("Invalid split: version 9, this build reads version 1");
    for (int i = 1; i < bytes.length; i++) {
      byte[] flipped = bytes.clone();
      flipped[i] ^= 0x01;
      assertThatThrownBy(() -> DataSplitCodec.decode(flipped))
          .as("byte %d flipped", i)
          .isInstanceOf(CorruptSplitException.class)
          .hasMessageContaining("checksum mismatch");
    }
  }
}
