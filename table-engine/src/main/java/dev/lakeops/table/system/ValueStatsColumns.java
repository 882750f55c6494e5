package dev.lakeops.table.system;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.SimpleStats;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A data file's value statistics per column of the current schema, as {@code $files} prints them:
 * maps sorted by column name, values in their internal form ({@link ValueStrings#internal}).
 *
 * <p>Statistics are stored for the columns of the schema the file was written with ({@code
 * _VALUE_STATS_COLS}, or all of them when null); they are matched to the current schema by field
 * id, so a renamed column keeps its statistics and a column added later shows {@code null}. Paimon
 * collects no statistics for nested columns; they show {@code null} too.
 *
 * @param nullCounts column → null count
 * @param minValues column → smallest value
 * @param maxValues column → largest value
 */
record ValueStatsColumns(
    SortedMap<String, String> nullCounts,
    SortedMap<String, String> minValues,
    SortedMap<String, String> maxValues) {

  /** Requires: {@code fileSchema} is the schema with id {@code file.schemaId()}. */
  static ValueStatsColumns of(TableSchema current, TableSchema fileSchema, DataFileMeta file) {
    List<DataField> statsFields = statsFields(fileSchema, file.valueStatsCols());
    SimpleStats stats = file.valueStats();
    RowType decodeType =
        RowType.of(statsFields.stream().map(ValueStatsColumns::decodable).toList());
    Row min = decode(decodeType, stats.minValues());
    Row max = decode(decodeType, stats.maxValues());
    Map<Integer, Integer> indexById = new HashMap<>();
    for (int i = 0; i < statsFields.size(); i++) {
      indexById.put(statsFields.get(i).id(), i);
    }
    SortedMap<String, String> nulls = new TreeMap<>();
    SortedMap<String, String> mins = new TreeMap<>();
    SortedMap<String, String> maxs = new TreeMap<>();
    for (DataField field : current.fields()) {
      Integer i = indexById.get(field.id());
      boolean known = i != null && field.type() instanceof AtomicType;
      nulls.put(
          field.name(),
          String.valueOf(
              i == null || i >= stats.nullCounts().size() ? null : stats.nullCounts().get(i)));
      mins.put(
          field.name(),
          known && min != null
              ? ValueStrings.internal((AtomicType) statsFields.get(i).type(), min.get(i))
              : "null");
      maxs.put(
          field.name(),
          known && max != null
              ? ValueStrings.internal((AtomicType) statsFields.get(i).type(), max.get(i))
              : "null");
    }
    return new ValueStatsColumns(nulls, mins, maxs);
  }

  private static List<DataField> statsFields(
      TableSchema fileSchema, @Nullable List<String> statsCols) {
    if (statsCols == null) {
      return fileSchema.fields();
    }
    List<DataField> fields = new ArrayList<>(statsCols.size());
    RowType rowType = fileSchema.rowType();
    for (String name : statsCols) {
      fields.add(
          rowType
              .field(name)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "Invalid _VALUE_STATS_COLS: no column '"
                              + name
                              + "' in schema "
                              + fileSchema.id())));
    }
    return fields;
  }

  /**
   * Nested columns occupy one pointer slot, like BYTES; decoding them as BYTES keeps the other
   * slots aligned.
   */
  private static DataField decodable(DataField field) {
    return field.type() instanceof AtomicType ? field : field.withType(AtomicType.bytes());
  }

  /**
   * The statistics row, or null when the file has none (stats mode {@code none} writes an empty
   * row).
   */
  private static @Nullable Row decode(RowType type, BinaryRow row) {
    if (row.arity() == 0 && type.arity() > 0) {
      return null;
    }
    return BinaryRowCodec.decode(type, row);
  }
}
