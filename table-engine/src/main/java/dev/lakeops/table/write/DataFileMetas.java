package dev.lakeops.table.write;

import dev.lakeops.table.format.ColumnStats;
import dev.lakeops.table.format.WrittenFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.SimpleStats;
import dev.lakeops.table.read.StatsRows;
import dev.lakeops.table.types.RowType;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The manifest record ({@link DataFileMeta}) of a written file: keys and statistics as BinaryRows,
 * value statistics stored densely ({@code metadata.stats-dense-store}, Paimon's default: columns
 * without statistics are left out and {@code _VALUE_STATS_COLS} names the rest; null when every
 * column has them), creation time as local wall-clock time ({@code paimon-format.md} §7.2, §11).
 */
final class DataFileMetas {

  private DataFileMetas() {}

  /**
   * A primary-key file: min/max key and key statistics over {@code keyType} (the trimmed primary
   * key).
   */
  static DataFileMeta keyValueFile(
      WrittenFile w,
      RowType keyType,
      RowType valueType,
      long schemaId,
      int level,
      FileSource source) {
    return base(w, valueType, schemaId, level, source)
        .keyRange(
            BinaryRowCodec.encode(keyType, w.minKey()), BinaryRowCodec.encode(keyType, w.maxKey()))
        .keyStats(stats(keyType, w.keyStats()))
        .build();
  }

  /** An append file: empty keys and key statistics. */
  static DataFileMeta appendFile(WrittenFile w, RowType valueType, long schemaId) {
    return appendFile(w, valueType, schemaId, FileSource.APPEND);
  }

  /** An append file written by {@code source} (a compaction's output is at level 0 as well). */
  static DataFileMeta appendFile(
      WrittenFile w, RowType valueType, long schemaId, FileSource source) {
    return base(w, valueType, schemaId, 0, source)
        .keyRange(BinaryRow.EMPTY, BinaryRow.EMPTY)
        .keyStats(SimpleStats.EMPTY)
        .build();
  }

  private static DataFileMeta.Builder base(
      WrittenFile w, RowType valueType, long schemaId, int level, FileSource source) {
    ColumnStats values = w.valueStats();
    List<Integer> kept = new ArrayList<>();
    for (int i = 0; i < values.arity(); i++) {
      if (values.isCollected(i)) {
        kept.add(i);
      }
    }
    SimpleStats valueStats;
    List<String> statsCols;
    if (kept.size() == values.arity()) {
      valueStats = stats(valueType, values);
      statsCols = null;
    } else {
      int[] indexes = kept.stream().mapToInt(Integer::intValue).toArray();
      List<String> names = kept.stream().map(i -> valueType.fields().get(i).name()).toList();
      RowType type = valueType.project(names);
      List<Long> counts = new ArrayList<>();
      for (int i : indexes) {
        counts.add(values.nullCounts().get(i));
      }
      valueStats =
          new SimpleStats(
              StatsRows.encode(type, values.min().project(indexes)),
              StatsRows.encode(type, values.max().project(indexes)),
              counts);
      statsCols = names;
    }
    return DataFileMeta.builder(w.fileName())
        .fileSize(w.fileSize())
        .rowCount(w.rowCount())
        .valueStats(valueStats)
        .valueStatsCols(statsCols)
        .sequenceRange(w.minSequenceNumber(), w.maxSequenceNumber())
        .schemaId(schemaId)
        .level(level)
        .creationTime(LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS))
        .deleteRowCount(w.deleteRowCount())
        .fileSource(source);
  }

  private static SimpleStats stats(RowType type, ColumnStats stats) {
    return new SimpleStats(
        StatsRows.encode(type, stats.min()),
        StatsRows.encode(type, stats.max()),
        stats.nullCounts());
  }
}
