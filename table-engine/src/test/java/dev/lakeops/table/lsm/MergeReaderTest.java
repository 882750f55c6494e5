package dev.lakeops.table.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MergeReaderTest {

  private static KeyValue kv(int key, long seq, RowKind kind, String value) {
    return new KeyValue(Row.of(key), seq, kind, Row.ofKind(kind, key, value));
  }

  private static List<String> merge(boolean dropDeletes, List<List<KeyValue>> runs) {
    List<CloseableIterator<KeyValue>> inputs = new ArrayList<>();
    runs.forEach(r -> inputs.add(CloseableIterator.of(r)));
    List<String> out = new ArrayList<>();
    try (MergeReader reader =
        new MergeReader(inputs, LsmFixtures.ORDER, new DeduplicateMerge(false), dropDeletes)) {
      reader.forEachRemaining(
          kv ->
              out.add(
                  kv.key().get(0)
                      + "="
                      + kv.value().get(1)
                      + "@"
                      + kv.sequenceNumber()
                      + kv.valueKind().shortString()));
    }
    return out;
  }

  @Test
  void theHighestSequenceNumberWinsAcrossLevelZeroAndHigherLevels() {
    List<KeyValue> level5 =
        List.of(
            kv(1, 1, RowKind.INSERT, "a"),
            kv(2, 2, RowKind.INSERT, "b"),
            kv(3, 3, RowKind.INSERT, "c"));
    List<KeyValue> level0old =
        List.of(kv(2, 5, RowKind.INSERT, "b2"), kv(4, 6, RowKind.INSERT, "d"));
    List<KeyValue> level0new =
        List.of(kv(2, 8, RowKind.INSERT, "b3"), kv(3, 9, RowKind.DELETE, "c"));

    assertThat(merge(true, List.of(level0new, level0old, level5)))
        .containsExactly("1=a@1+I", "2=b3@8+I", "4=d@6+I");
  }

  @Test
  void keepsTheDeleteWhenOlderDataMayStillHoldTheKey() {
    List<KeyValue> level0 = List.of(kv(3, 9, RowKind.DELETE, "c"));
    List<KeyValue> level1 = List.of(kv(3, 3, RowKind.INSERT, "c"));

    assertThat(merge(false, List.of(level0, level1))).containsExactly("3=c@9-D");
  }

  @Test
  void mergesRepeatedKeysWithinOneInput() {
    List<KeyValue> buffer =
        List.of(
            kv(1, 1, RowKind.INSERT, "a"),
            kv(1, 2, RowKind.INSERT, "b"),
            kv(2, 3, RowKind.INSERT, "c"));

    assertThat(merge(true, List.of(buffer))).containsExactly("1=b@2+I", "2=c@3+I");
  }

  @Test
  void sectionsSplitFilesByOverlappingKeyRanges() {
    var a = LsmFixtures.file("a", 0, 10, 0, 10, 1, 1, 0);
    var b = LsmFixtures.file("b", 0, 10, 5, 15, 2, 2, 0);
    var c = LsmFixtures.file("c", 1, 10, 20, 30, 0, 0, 0);
    var d = LsmFixtures.file("d", 1, 10, 31, 40, 0, 0, 0);

    List<List<SortedRun>> sections =
        IntervalPartition.partition(List.of(d, b, c, a), LsmFixtures.ORDER);

    assertThat(sections).hasSize(3);
    assertThat(sections.get(0)).hasSize(2);
    assertThat(sections.get(1).get(0).files()).containsExactly(c);
  }

  @Test
  void levelFilesRejectOverlappingFilesInALevelAboveZero() {
    var a = LsmFixtures.file("a", 1, 10, 0, 10, 0, 0, 0);
    var b = LsmFixtures.file("b", 1, 10, 5, 15, 0, 0, 0);

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> LevelFiles.of(LsmFixtures.ORDER, 6, List.of(a, b)))
        .isInstanceOf(LsmConflictException.class)
        .hasMessageContaining("level 1");
  }

  @Test
  void anEditMovesAFileUpALevel() {
    var a = LsmFixtures.file("a", 0, 10, 0, 10, 1, 1, 0);
    LevelFiles files = LevelFiles.of(LsmFixtures.ORDER, 6, List.of(a));

    LevelFiles moved = files.apply(new LevelEdit(List.of(a), List.of(a.withLevel(5))));

    assertThat(moved.level0()).isEmpty();
    assertThat(moved.run(5).files()).containsExactly(a.withLevel(5));
    assertThat(files.level0()).containsExactly(a);
  }
}
