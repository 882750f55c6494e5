package dev.lakeops.table.lsm;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Trees of files described in text, one line per level-0 file (newest first) or per level ≥ 1:
 * {@code L0 10} or {@code L3 20 20@50-60}: sizes, optionally with an integer key range. Level-0
 * files span keys 0..1000 unless given; level ≥ 1 files get consecutive disjoint ranges. A size may
 * carry {@code d} for "has deletes" ({@code 10d}).
 */
final class LsmFixtures {

  static final RowType KEY_TYPE =
      RowType.of(List.of(new DataField(0, "k", AtomicType.of(TypeRoot.INT).withNullable(false))));
  static final KeyOrder ORDER = new KeyOrder(KEY_TYPE);

  private LsmFixtures() {}

  static DataFileMeta file(
      String name,
      int level,
      long size,
      int minKey,
      int maxKey,
      long minSeq,
      long maxSeq,
      long deletes) {
    return DataFileMeta.builder(name)
        .fileSize(size)
        .rowCount(maxKey - minKey + 1)
        .keyRange(
            BinaryRowCodec.encode(KEY_TYPE, Row.of(minKey)),
            BinaryRowCodec.encode(KEY_TYPE, Row.of(maxKey)))
        .sequenceRange(minSeq, maxSeq)
        .level(level)
        .deleteRowCount(deletes)
        .build();
  }

  static LevelFiles parse(List<String> lines, int numLevels) {
    List<DataFileMeta> files = new ArrayList<>();
    int nextKey = 2000;
    int level0 = (int) lines.stream().filter(l -> l.startsWith("L0")).count();
    long seq = 1000L * (level0 + 1);
    int name = 0;
    for (String line : lines) {
      String[] words = line.trim().split("\\s+");
      int level = Integer.parseInt(words[0].substring(1));
      for (int w = 1; w < words.length; w++) {
        String spec = words[w];
        int min;
        int max;
        int at = spec.indexOf('@');
        String sizeText = at < 0 ? spec : spec.substring(0, at);
        if (at >= 0) {
          String[] range = spec.substring(at + 1).split("-");
          min = Integer.parseInt(range[0]);
          max = Integer.parseInt(range[1]);
        } else if (level == 0) {
          min = 0;
          max = 1000;
        } else {
          min = nextKey;
          max = nextKey + 9;
          nextKey += 10;
        }
        boolean deletes = sizeText.endsWith("d");
        long size =
            Long.parseLong(deletes ? sizeText.substring(0, sizeText.length() - 1) : sizeText);
        long fileSeq = level == 0 ? seq : 0;
        files.add(
            file(
                "f" + (++name),
                level,
                size,
                min,
                max,
                level == 0 ? fileSeq - 999 : 0,
                level == 0 ? fileSeq : 0,
                deletes ? 1 : 0));
      }
      if (level == 0) {
        seq -= 1000;
      }
    }
    return LevelFiles.of(ORDER, numLevels, files);
  }

  static String describeRuns(List<LevelSortedRun> runs) {
    return runs.stream().map(LsmFixtures::describe).collect(Collectors.joining(" "));
  }

  static String describe(LevelSortedRun run) {
    return "L"
        + run.level()
        + ":"
        + run.run().files().stream()
            .map(f -> f.fileName() + "(" + f.fileSize() + ")")
            .collect(Collectors.joining(","));
  }

  static String describe(LevelFiles files) {
    StringBuilder sb = new StringBuilder();
    for (LevelSortedRun run : files.sortedRuns()) {
      sb.append(describe(run)).append('\n');
    }
    return sb.length() == 0 ? "empty" : sb.toString();
  }
}
