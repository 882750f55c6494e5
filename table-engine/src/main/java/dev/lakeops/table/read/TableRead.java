package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.deletion.DeletionVectorFile;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.IntervalPartition;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.MergeFunctions;
import dev.lakeops.table.lsm.MergeOptions;
import dev.lakeops.table.lsm.MergeReader;
import dev.lakeops.table.lsm.SortedRun;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads the splits of a {@link ScanPlan} as rows of the current schema, projected and filtered.
 * Immutable: each {@code with...} returns a new reader.
 *
 * <p>{@link ReadMode#MERGE} splits are merged on read ({@code paimon-format.md} §8): the files are
 * partitioned into sections of overlapping key ranges; a section that is one sorted run without
 * retractions is read as is, any other is merged across its runs with the table's merge engine
 * ({@link MergeFunctions}) and keys whose merged record is a retraction are dropped. Rows come out
 * as {@code +I} (Paimon gives {@code +I} or {@code +U} depending on the files' layout). {@link
 * ReadMode#CONCAT} splits are read file after file; each row keeps its kind. In both modes the rows
 * that a file's deletion vector marks are skipped first.
 */
public final class TableRead {

  private final TableStore table;
  private final int[] projection;
  private final @Nullable Predicate filter;

  private TableRead(TableStore table, int[] projection, @Nullable Predicate filter) {
    this.table = table;
    this.projection = projection;
    this.filter = filter;
  }

  public static TableRead of(TableStore table) {
    requireNonNull(table, "table");
    int[] all = new int[table.schema().fields().size()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    return new TableRead(table, all, null);
  }

  /**
   * Returns only {@code columns}, in that order.
   *
   * @throws IllegalArgumentException a column is not in the table
   */
  public TableRead withProjection(List<String> columns) {
    RowType type = table.schema().rowType();
    int[] indexes = new int[columns.size()];
    for (int i = 0; i < indexes.length; i++) {
      indexes[i] = type.indexOf(columns.get(i));
      if (indexes[i] < 0) {
        throw new IllegalArgumentException(
            "Invalid projection: no column '" + columns.get(i) + "' in " + type.fieldNames());
      }
    }
    return new TableRead(table, indexes, filter);
  }

  /**
   * Returns only rows that match {@code value}, evaluated on the merged rows.
   *
   * @throws IllegalArgumentException the filter reads a column that is not in the table
   */
  public TableRead withFilter(Predicate value) {
    RowType type = table.schema().rowType();
    for (String field : value.fields()) {
      if (type.indexOf(field) < 0) {
        throw new IllegalArgumentException(
            "Invalid filter " + value + ": no column '" + field + "' in " + type.fieldNames());
      }
    }
    return new TableRead(table, projection, value);
  }

  /** The type of the rows returned. */
  public RowType outputType() {
    RowType type = table.schema().rowType();
    List<dev.lakeops.table.types.DataField> fields = new ArrayList<>();
    for (int i : projection) {
      fields.add(type.fields().get(i));
    }
    return RowType.of(fields);
  }

  /** Every row of {@code plan}, in split order. */
  public List<Row> readAll(ScanPlan plan) {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = open(plan)) {
      it.forEachRemaining(rows::add);
    }
    return rows;
  }

  /** The rows of all splits of {@code plan}, one split open at a time. */
  public CloseableIterator<Row> open(ScanPlan plan) {
    return new ConcatIterator<>(plan.splits(), this::open);
  }

  /**
   * The rows of one split.
   *
   * @throws UnsupportedOperationException a merge split of a table whose merge engine or merge
   *     option lakeops does not support yet
   * @throws IllegalArgumentException a merge split of a table whose merge options Paimon refuses
   * @throws dev.lakeops.table.format.CorruptDataFileException a data file does not decode (on
   *     iteration)
   * @throws dev.lakeops.table.deletion.CorruptDeletionVectorException the deletion vector of a data
   *     file does not decode; names the index file (on iteration)
   */
  public CloseableIterator<Row> open(DataSplit split) {
    Columns columns = columns();
    CloseableIterator<Row> rows;
    if (!table.hasPrimaryKey()) {
      rows =
          new ConcatIterator<>(
              split.files(),
              f ->
                  new DataFileAccess(table)
                      .rows(
                          split.partition(),
                          split.bucket(),
                          f,
                          columns.read,
                          deletedRows(split, f)));
    } else if (split.mode() == ReadMode.CONCAT) {
      rows =
          new Rows(
              new ConcatIterator<>(
                  split.files(),
                  f ->
                      new DataFileAccess(table)
                          .keyValues(
                              split.partition(),
                              split.bucket(),
                              f,
                              columns.read,
                              deletedRows(split, f))),
              true);
    } else {
      rows = new Rows(merged(split, columns.read), false);
    }
    return new Output(rows, columns);
  }

  private CloseableIterator<KeyValue> merged(DataSplit split, int[] columns) {
    TableSchema schema = table.schema();
    java.util.function.Supplier<dev.lakeops.table.lsm.MergeFunction> merge =
        MergeFunctions.of(table.name(), schema);
    // partial-update and sequence.field merges read whole value rows; projected after the merge
    boolean wholeRow = MergeOptions.of(table.name(), schema).needsWholeRow();
    int[] read =
        wholeRow ? java.util.stream.IntStream.range(0, schema.fields().size()).toArray() : columns;
    DataFileAccess access = new DataFileAccess(table);
    KeyOrder order = new KeyOrder(schema.trimmedPrimaryKeyType());
    List<List<SortedRun>> sections = IntervalPartition.partition(split.files(), order);
    CloseableIterator<KeyValue> merged =
        new ConcatIterator<>(
            sections,
            section -> {
              java.util.function.Function<SortedRun, CloseableIterator<KeyValue>> openRun =
                  run ->
                      new ConcatIterator<>(
                          run.files(),
                          f ->
                              access.keyValues(
                                  split.partition(),
                                  split.bucket(),
                                  f,
                                  read,
                                  deletedRows(split, f)));
              if (section.size() == 1 && withoutRetractions(section.get(0))) {
                return openRun.apply(section.get(0));
              }
              return new MergeReader(
                  MergeReader.openAll(section, openRun), order, merge.get(), true);
            });
    return wholeRow ? projected(merged, columns) : merged;
  }

  private static CloseableIterator<KeyValue> projected(
      CloseableIterator<KeyValue> kvs, int[] columns) {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return kvs.hasNext();
      }

      @Override
      public KeyValue next() {
        KeyValue kv = kvs.next();
        return new KeyValue(
            kv.key(), kv.sequenceNumber(), kv.valueKind(), kv.value().project(columns));
      }

      @Override
      public void close() {
        kvs.close();
      }
    };
  }

  /** The rows of {@code file} that its deletion vector marks, read when the file is opened. */
  private DeletionVector deletedRows(DataSplit split, DataFileMeta file) {
    return split
        .findDeletionFile(file)
        .map(d -> DeletionVectorFile.read(table.io(), d))
        .orElse(DeletionVector.empty());
  }

  private static boolean withoutRetractions(SortedRun run) {
    for (DataFileMeta f : run.files()) {
      if (f.deleteRowCount() == null || f.deleteRowCount() != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The columns read (projection, then filter columns not projected) and where each output column
   * is.
   */
  private Columns columns() {
    Set<Integer> read = new LinkedHashSet<>();
    for (int i : projection) {
      read.add(i);
    }
    RowType type = table.schema().rowType();
    if (filter != null) {
      for (String f : filter.fields()) {
        read.add(type.indexOf(f));
      }
    }
    int[] readArray = read.stream().mapToInt(Integer::intValue).toArray();
    Map<String, Integer> byName = new HashMap<>();
    for (int i = 0; i < readArray.length; i++) {
      byName.put(type.fields().get(readArray[i]).name(), i);
    }
    return new Columns(readArray, byName, readArray.length != projection.length);
  }

  private record Columns(int[] read, Map<String, Integer> byName, boolean extra) {}

  /** Value rows of key-values: {@code +I} for merged ones, with their kind for raw ones. */
  private static final class Rows implements CloseableIterator<Row> {
    private final CloseableIterator<KeyValue> kvs;
    private final boolean keepKind;

    Rows(CloseableIterator<KeyValue> kvs, boolean keepKind) {
      this.kvs = kvs;
      this.keepKind = keepKind;
    }

    @Override
    public boolean hasNext() {
      return kvs.hasNext();
    }

    @Override
    public Row next() {
      KeyValue kv = kvs.next();
      return keepKind
          ? kv.value().withKind(kv.valueKind())
          : kv.value().withKind(dev.lakeops.table.data.RowKind.INSERT);
    }

    @Override
    public void close() {
      kvs.close();
    }
  }

  /** Applies the filter, then drops the columns read only for it. */
  private final class Output implements CloseableIterator<Row> {
    private final CloseableIterator<Row> rows;
    private final Columns columns;
    private final int[] outputIndexes;
    private @Nullable Row next;

    Output(CloseableIterator<Row> rows, Columns columns) {
      this.rows = rows;
      this.columns = columns;
      this.outputIndexes = new int[projection.length];
      for (int i = 0; i < projection.length; i++) {
        outputIndexes[i] = i;
      }
    }

    @Override
    public boolean hasNext() {
      while (next == null && rows.hasNext()) {
        Row row = rows.next();
        if (filter == null || filter.test(f -> row.get(columns.byName().get(f)))) {
          next = columns.extra() ? row.project(outputIndexes).withKind(row.kind()) : row;
        }
      }
      return next != null;
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Row row = next;
      next = null;
      return row;
    }

    @Override
    public void close() {
      rows.close();
    }
  }
}
