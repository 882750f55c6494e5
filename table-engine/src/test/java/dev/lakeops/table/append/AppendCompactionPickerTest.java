package dev.lakeops.table.append;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.schema.TableOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which append files are merged: Paimon's sliding window for buckets, its full-compaction rule, and
 * runs of small files for bucket-unaware partitions; always consecutive files in sequence order.
 */
class AppendCompactionPickerTest {

  // min 5 files, target 100 bytes, small below 70, no open cost
  private final AppendCompactionPicker picker = new AppendCompactionPicker(5, 100, 70, 0, false);

  /** Files of the given sizes, each holding 10 rows, in sequence order. */
  private static List<DataFileMeta> files(long... sizes) {
    List<DataFileMeta> files = new ArrayList<>();
    for (int i = 0; i < sizes.length; i++) {
      files.add(
          DataFileMeta.builder("f" + i)
              .fileSize(sizes[i])
              .rowCount(10)
              .keyRange(BinaryRow.EMPTY, BinaryRow.EMPTY)
              .sequenceRange(i * 10L, i * 10L + 9)
              .fileSource(FileSource.APPEND)
              .build());
    }
    return files;
  }

  private static List<String> names(List<DataFileMeta> files) {
    return files.stream().map(DataFileMeta::fileName).toList();
  }

  @Test
  void theWindowIsPickedOnceItHoldsTheMinimumNumberOfFiles() {
    assertThat(picker.pickNext(files(10, 10, 10, 10))).isEmpty();
    assertThat(
            picker.pickNext(files(10, 10, 10, 10, 10, 10)).map(AppendCompactionPickerTest::names))
        .contains(List.of("f0", "f1", "f2", "f3", "f4"));
  }

  @Test
  void theWindowSlidesPastFilesThatTogetherReachTheTarget() {
    // f0 alone reaches the target and drops out; f1..f5 are the first five small files together
    List<DataFileMeta> files = files(150, 10, 10, 10, 10, 10);
    assertThat(picker.pickNext(files).map(AppendCompactionPickerTest::names))
        .contains(List.of("f1", "f2", "f3", "f4", "f5"));
    // large files in between keep every window below five files
    assertThat(picker.pickNext(files(10, 10, 150, 10, 10, 150, 10))).isEmpty();
  }

  @Test
  void theOrderIsTheSequenceOrderWhateverTheInputOrder() {
    List<DataFileMeta> files = new ArrayList<>(files(10, 10, 10, 10, 10));
    java.util.Collections.reverse(files);
    assertThat(names(picker.pickAll(files).get(0))).containsExactly("f0", "f1", "f2", "f3", "f4");
  }

  @Test
  void pickAllTakesConsecutiveRunsOneAfterTheOther() {
    List<List<DataFileMeta>> picks =
        picker.pickAll(files(10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10));
    assertThat(picks).hasSize(2);
    assertThat(names(picks.get(0))).containsExactly("f0", "f1", "f2", "f3", "f4");
    assertThat(names(picks.get(1))).containsExactly("f5", "f6", "f7", "f8", "f9");
  }

  @Test
  void aFullCompactionSkipsLeadingLargeFilesAndNeedsMoreSmallThanLargeFiles() {
    assertThat(picker.pickFull(files(10, 10))).as("fewer than three files").isEmpty();
    assertThat(picker.pickFull(files(150, 10, 10, 10)).map(AppendCompactionPickerTest::names))
        .contains(List.of("f1", "f2", "f3"));
    assertThat(picker.pickFull(files(10, 150, 150, 150))).as("more large than small").isEmpty();
    assertThat(
            new AppendCompactionPicker(5, 100, 70, 0, true)
                .pickFull(files(150, 150))
                .map(AppendCompactionPickerTest::names))
        .as("compaction.force-rewrite-all-files")
        .contains(List.of("f0", "f1"));
  }

  @Test
  void bucketUnawarePartitionsMergeRunsOfSmallFilesBetweenLargeOnes() {
    // 0..4 small, 5 large, 6..7 small (too few), 8 large
    List<List<DataFileMeta>> picks = picker.pickUnaware(files(10, 10, 10, 10, 10, 80, 10, 10, 80));
    assertThat(picks).hasSize(1);
    assertThat(names(picks.get(0))).containsExactly("f0", "f1", "f2", "f3", "f4");
  }

  @Test
  void bucketUnawareGroupsCloseOnceTheyHoldTwiceTheTarget() {
    List<List<DataFileMeta>> picks = picker.pickUnaware(files(60, 60, 60, 60, 10));
    // 60+60+60+60 = 240 >= 200 closes the first group; the last file alone is too few
    assertThat(picks).hasSize(1);
    assertThat(names(picks.get(0))).containsExactly("f0", "f1", "f2", "f3");
  }

  @Test
  void readsPaimonsOptionKeysAndRefusesBadValues() {
    AppendCompactionPicker fromOptions =
        AppendCompactionPicker.of(
            TableOptions.of(Map.of("compaction.min.file-num", "3", "target-file-size", "1 kb")));
    assertThat(fromOptions.minFileNum()).isEqualTo(3);
    assertThat(fromOptions.targetFileSize()).isEqualTo(1024);
    assertThat(fromOptions.compactionFileSize()).isEqualTo(1024 / 10 * 7);
    assertThat(AppendCompactionPicker.of(TableOptions.of(Map.of())).targetFileSize())
        .isEqualTo(256L << 20);

    assertThatThrownBy(
            () ->
                AppendCompactionPicker.of(TableOptions.of(Map.of("compaction.min.file-num", "0"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("compaction.min.file-num")
        .hasMessageContaining("'0'");
  }
}
