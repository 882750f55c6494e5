package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The columns of one TABLE_MAP event (binlog.md §5.3): what a rows event with the same table id
 * needs to decode its values. The optional-metadata fields are filled only when the server wrote
 * them ({@code binlog_row_metadata=MINIMAL|FULL} on MySQL 8 and MariaDB 10.5+).
 *
 * @param types column type codes as listed in the event ({@link ColumnTypes}); ENUM and SET are
 *     STRING here
 * @param metadata per column: VARCHAR/VAR_STRING the maximum length in bytes; other two-byte
 *     metadata as {@code (first << 8) | second} (NEWDECIMAL precision/scale, STRING real
 *     type/length, BIT bits/bytes); one-byte metadata as is; 0 when the type has none
 * @param nullable which columns may hold NULL
 * @param unsigned which columns are UNSIGNED (SIGNEDNESS); null when the server did not say
 * @param columnNames the names (COLUMN_NAME), empty when absent
 * @param enumValues ENUM member names per column index (ENUM_STR_VALUE), empty when absent
 * @param setValues SET member names per column index (SET_STR_VALUE), empty when absent
 * @param primaryKey column indexes of the primary key (SIMPLE_PRIMARY_KEY or
 *     PRIMARY_KEY_WITH_PREFIX)
 * @param collations per column collation id for character columns (DEFAULT_CHARSET or
 *     COLUMN_CHARSET), -1 for other columns; null when absent
 */
public record TableDefinition(
    long tableId,
    String database,
    String table,
    int[] types,
    int[] metadata,
    BitSet nullable,
    @Nullable BitSet unsigned,
    List<String> columnNames,
    Map<Integer, List<String>> enumValues,
    Map<Integer, List<String>> setValues,
    List<Integer> primaryKey,
    int @Nullable [] collations) {

  public TableDefinition {
    requireNonNull(database, "database");
    requireNonNull(table, "table");
    if (types.length != metadata.length) {
      throw new IllegalArgumentException(
          types.length + " column types but " + metadata.length + " metadata entries");
    }
    types = types.clone();
    metadata = metadata.clone();
    nullable = (BitSet) nullable.clone();
    unsigned = unsigned == null ? null : (BitSet) unsigned.clone();
    columnNames = List.copyOf(columnNames);
    enumValues = Map.copyOf(enumValues);
    setValues = Map.copyOf(setValues);
    primaryKey = List.copyOf(primaryKey);
    collations = collations == null ? null : collations.clone();
  }

  public String qualifiedName() {
    return database + "." + table;
  }

  public int columnCount() {
    return types.length;
  }

  @Override
  public int[] types() {
    return types.clone();
  }

  @Override
  public int[] metadata() {
    return metadata.clone();
  }

  @Override
  public BitSet nullable() {
    return (BitSet) nullable.clone();
  }

  @Override
  public @Nullable BitSet unsigned() {
    return unsigned == null ? null : (BitSet) unsigned.clone();
  }

  @Override
  public int @Nullable [] collations() {
    return collations == null ? null : collations.clone();
  }

  /** The column's type, with STRING resolved to ENUM or SET from its metadata. */
  public int realType(int column) {
    return realType(types[column], metadata[column]);
  }

  static int realType(int type, int metadata) {
    if (type != ColumnTypes.STRING) {
      return type;
    }
    int first = metadata >>> 8;
    // Field_string stores (real_type ^ ((length & 0x300) >> 4)): 0x30 bits cleared means a CHAR
    // longer than 255
    return (first & 0x30) != 0x30 ? ColumnTypes.STRING : first;
  }

  /** Whether the column is known to be UNSIGNED; false when the server wrote no SIGNEDNESS. */
  public boolean isUnsigned(int column) {
    return unsigned != null && unsigned.get(column);
  }
}
