package dev.lakeops.table.read;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueLayout;
import dev.lakeops.table.formats.DataFileFormats;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import dev.lakeops.table.types.DataField;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Opens the data files of a table as key-values (primary-key tables) or rows (append tables), each
 * file with the schema version it was written with and its format chosen by extension. Columns are
 * matched to the current schema by field id, so a column added later reads as null.
 */
public final class DataFileAccess {

  private final TableStore table;

  public DataFileAccess(TableStore table) {
    this.table = table;
  }

  /** Where a data file is: its external path, or its name in the (partition, bucket) directory. */
  public Path path(BinaryRow partition, int bucket, DataFileMeta file) {
    if (file.externalPath() != null) {
      String external = file.externalPath();
      return external.contains(":/") ? Path.of(URI.create(external)) : Path.of(external);
    }
    return table.locator().file(partition, bucket, file.fileName());
  }

  /**
   * The key-values of a primary-key data file in file order (by key, then sequence), each value
   * holding the current schema's columns at {@code fields} (indexes into {@code
   * table.schema().rowType()}), in that order.
   *
   * @throws CorruptDataFileException the file does not decode; names the file
   */
  public CloseableIterator<KeyValue> keyValues(
      BinaryRow partition, int bucket, DataFileMeta file, int[] fields) {
    return keyValues(partition, bucket, file, fields, DeletionVector.empty());
  }

  /**
   * {@link #keyValues(BinaryRow, int, DataFileMeta, int[])} without the rows at the positions
   * {@code deleted} marks (position = ordinal of the row in the file).
   *
   * @throws CorruptDataFileException the file does not decode; names the file
   */
  public CloseableIterator<KeyValue> keyValues(
      BinaryRow partition, int bucket, DataFileMeta file, int[] fields, DeletionVector deleted) {
    Path path = path(partition, bucket, file);
    TableSchema fileSchema = table.schema(file.schemaId());
    KeyValueLayout layout =
        fileSchema.tableOptions().dataFileThinMode()
            ? KeyValueLayout.thin(fileSchema.rowType(), fileSchema.trimmedPrimaryKeys())
            : KeyValueLayout.standard(fileSchema.rowType(), fileSchema.trimmedPrimaryKeys());
    DataFileFormat format = DataFileFormats.forFileName(file.fileName());
    try {
      return openKeyValues(format, path, file.fileSize(), layout, fileSchema, fields, deleted);
    } catch (CorruptDataFileException e) {
      KeyValueLayout actual = layout.matching(format.readFieldNames(table.io(), path));
      if (actual.isThin() == layout.isThin()) {
        throw e;
      }
      return openKeyValues(format, path, file.fileSize(), actual, fileSchema, fields, deleted);
    }
  }

  private CloseableIterator<KeyValue> openKeyValues(
      DataFileFormat format,
      Path path,
      long fileSize,
      KeyValueLayout layout,
      TableSchema fileSchema,
      int[] fields,
      DeletionVector deleted) {
    int keyArity = layout.keyNames().size();
    int valueStart = layout.isThin() ? 2 : keyArity + 2;
    int[] valueIndexes = fileIndexes(fileSchema, fields);
    List<Integer> projection = new ArrayList<>();
    if (!layout.isThin()) {
      for (int i = 0; i < keyArity; i++) {
        projection.add(i);
      }
    } else {
      for (String key : layout.keyNames()) {
        projection.add(valueStart + fileSchema.rowType().indexOf(key));
      }
    }
    projection.add(valueStart - 2);
    projection.add(valueStart - 1);
    // where each requested value comes from in the read row: a value column that is a key field
    // holds the key's value (Paimon extracts the key from the value), so it is read once, as key
    int[] source = new int[valueIndexes.length];
    for (int i = 0; i < valueIndexes.length; i++) {
      int keyPosition =
          valueIndexes[i] < 0
              ? -1
              : layout
                  .keyNames()
                  .indexOf(fileSchema.rowType().fields().get(valueIndexes[i]).name());
      if (valueIndexes[i] < 0) {
        source[i] = -1;
      } else if (keyPosition >= 0) {
        source[i] = keyPosition;
      } else {
        source[i] = projection.size();
        projection.add(valueStart + valueIndexes[i]);
      }
    }
    DataFileReader reader =
        DeletedRowsFilter.of(
            format.createReader(
                table.io(),
                path,
                fileSize,
                layout.fileType(),
                projection.stream().mapToInt(Integer::intValue).toArray()),
            deleted);
    return new Mapped<>(
        reader,
        row -> {
          Object seq = row.get(keyArity);
          Object kind = row.get(keyArity + 1);
          if (!(seq instanceof Long s) || !(kind instanceof Byte k)) {
            throw new CorruptDataFileException(
                path, "invalid _SEQUENCE_NUMBER " + seq + " or _VALUE_KIND " + kind, null);
          }
          if (s < 0) {
            throw new CorruptDataFileException(path, "negative _SEQUENCE_NUMBER " + s, null);
          }
          RowKind valueKind;
          try {
            valueKind = RowKind.fromByteValue(k);
          } catch (IllegalArgumentException e) {
            throw new CorruptDataFileException(path, e.getMessage(), e);
          }
          Object[] key = new Object[keyArity];
          for (int i = 0; i < keyArity; i++) {
            key[i] = row.get(i);
          }
          Object[] value = new Object[source.length];
          for (int i = 0; i < source.length; i++) {
            value[i] = source[i] >= 0 ? row.get(source[i]) : null;
          }
          return new KeyValue(
              Row.wrap(RowKind.INSERT, key), s, valueKind, Row.wrap(valueKind, value));
        });
  }

  /**
   * The rows of an append-table data file, the current schema's columns at {@code fields}, in that
   * order, as {@code +I} rows.
   *
   * @throws CorruptDataFileException the file does not decode; names the file
   */
  public CloseableIterator<Row> rows(
      BinaryRow partition, int bucket, DataFileMeta file, int[] fields) {
    return rows(partition, bucket, file, fields, DeletionVector.empty());
  }

  /**
   * {@link #rows(BinaryRow, int, DataFileMeta, int[])} without the rows at the positions {@code
   * deleted} marks (position = ordinal of the row in the file).
   *
   * @throws CorruptDataFileException the file does not decode; names the file
   */
  public CloseableIterator<Row> rows(
      BinaryRow partition, int bucket, DataFileMeta file, int[] fields, DeletionVector deleted) {
    Path path = path(partition, bucket, file);
    TableSchema fileSchema = table.schema(file.schemaId());
    int[] indexes = fileIndexes(fileSchema, fields);
    int[] projection = java.util.Arrays.stream(indexes).filter(i -> i >= 0).toArray();
    DataFileReader reader =
        DeletedRowsFilter.of(
            DataFileFormats.forFileName(file.fileName())
                .createReader(table.io(), path, file.fileSize(), fileSchema.rowType(), projection),
            deleted);
    if (projection.length == indexes.length) {
      return new Mapped<>(reader, row -> row);
    }
    return new Mapped<>(
        reader,
        row -> {
          Object[] values = new Object[indexes.length];
          int next = 0;
          for (int i = 0; i < indexes.length; i++) {
            values[i] = indexes[i] >= 0 ? row.get(next++) : null;
          }
          return Row.of(values);
        });
  }

  /**
   * For each current column at {@code fields}, its index in {@code fileSchema}'s row by field id,
   * or -1.
   */
  private int[] fileIndexes(TableSchema fileSchema, int[] fields) {
    List<DataField> current = table.schema().fields();
    List<DataField> inFile = fileSchema.fields();
    int[] indexes = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      int id = current.get(fields[i]).id();
      indexes[i] = -1;
      for (int j = 0; j < inFile.size(); j++) {
        if (inFile.get(j).id() == id) {
          indexes[i] = j;
          break;
        }
      }
    }
    return indexes;
  }

  /** A data file reader with each row mapped. */
  private static final class Mapped<T> implements CloseableIterator<T> {
    private final DataFileReader reader;
    private final java.util.function.Function<Row, T> map;

    Mapped(DataFileReader reader, java.util.function.Function<Row, T> map) {
      this.reader = reader;
      this.map = map;
    }

    @Override
    public boolean hasNext() {
      return reader.hasNext();
    }

    @Override
    public T next() {
      if (!reader.hasNext()) {
        throw new NoSuchElementException();
      }
      return map.apply(reader.next());
    }

    @Override
    public void close() {
      reader.close();
    }
  }
}
