package dev.lakeops.table.format.parquet;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.jspecify.annotations.Nullable;

/**
 * Rows of a row group whose requested columns are all top-level, non-repeated primitives (every
 * primary-key data file, most append files), decoded column by column in batches through
 * parquet-java's column readers, without its record assembly. Values go through the same
 * dictionary-aware converters as the general path, so a dictionary entry is decoded once.
 */
final class FlatColumnBatches {

  private static final int BATCH = 1024;

  private final MessageType requested;
  private final String createdBy;
  private final int[] slots;
  private final int arity;
  private final PrimitiveConverter[] converters;
  private final Object[][] columns;
  private final ColumnReader[] readers;
  private final int[] maxDefinition;
  private Object captured;
  private long rowsLeftInGroup;
  private int batchSize;
  private int nextInBatch;

  private FlatColumnBatches(MessageType requested, RowType projected, String createdBy) {
    this.requested = requested;
    this.createdBy = createdBy;
    this.arity = projected.arity();
    List<Type> fields = requested.getFields();
    this.slots = new int[fields.size()];
    this.converters = new PrimitiveConverter[fields.size()];
    this.columns = new Object[fields.size()][BATCH];
    this.readers = new ColumnReader[fields.size()];
    this.maxDefinition = new int[fields.size()];
    List<ColumnDescriptor> descriptors = requested.getColumns();
    for (int i = 0; i < slots.length; i++) {
      Type field = fields.get(i);
      slots[i] = projected.indexOf(field.getName());
      converters[i] =
          ValueConverters.of(
              field.asPrimitiveType(),
              (AtomicType) projected.typeAt(slots[i]),
              field.getName(),
              value -> captured = value);
      maxDefinition[i] = descriptors.get(i).getMaxDefinitionLevel();
    }
  }

  /** The reader for {@code requested}, or null when a column is nested or repeated. */
  static @Nullable FlatColumnBatches tryCreate(
      MessageType requested, RowType projected, String createdBy) {
    for (DataField f : projected.fields()) {
      if (!(f.type() instanceof AtomicType)) {
        return null;
      }
    }
    for (Type t : requested.getFields()) {
      if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
        return null;
      }
    }
    return new FlatColumnBatches(requested, projected, createdBy);
  }

  /** Starts reading a row group. */
  void startRowGroup(PageReadStore pages) {
    GroupConverter root =
        new GroupConverter() {
          @Override
          public Converter getConverter(int fieldIndex) {
            return converters[fieldIndex];
          }

          @Override
          public void start() {}

          @Override
          public void end() {}
        };
    ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, root, requested, createdBy);
    List<ColumnDescriptor> descriptors = requested.getColumns();
    for (int i = 0; i < readers.length; i++) {
      readers[i] = store.getColumnReader(descriptors.get(i));
    }
    rowsLeftInGroup = pages.getRowCount();
    batchSize = 0;
    nextInBatch = 0;
  }

  /** True while the current row group has rows left. */
  boolean hasRowInGroup() {
    return nextInBatch < batchSize || rowsLeftInGroup > 0;
  }

  /** The next row of the current row group; call only when {@link #hasRowInGroup()}. */
  Row next() {
    if (nextInBatch == batchSize) {
      readBatch();
    }
    Object[] values = new Object[arity];
    for (int c = 0; c < slots.length; c++) {
      values[slots[c]] = columns[c][nextInBatch];
    }
    nextInBatch++;
    return Row.wrap(RowKind.INSERT, values);
  }

  private void readBatch() {
    int n = (int) Math.min(BATCH, rowsLeftInGroup);
    for (int c = 0; c < readers.length; c++) {
      ColumnReader reader = readers[c];
      Object[] column = columns[c];
      int defined = maxDefinition[c];
      for (int r = 0; r < n; r++) {
        if (reader.getCurrentDefinitionLevel() == defined) {
          reader.writeCurrentValueToConverter();
          column[r] = captured;
        } else {
          column[r] = null;
        }
        reader.consume();
      }
    }
    rowsLeftInGroup -= n;
    batchSize = n;
    nextInBatch = 0;
  }
}
