package dev.lakeops.table.lsm.aggregate;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.DataField;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code aggregation} merge engine (Paimon's {@code AggregateMergeFunction} behind its {@code
 * ReducerMergeFunctionWrapper}), used as {@code lsm.MergeFunction} through {@code
 * lsm.MergeFunctions} (this package depends on no {@code lsm} type, so the two have no cycle). Use:
 * {@link #reset}, {@link #add} each record of the key in ascending sequence order, then {@link
 * #result}: each column of the merged record is folded over the key's records, oldest first, by its
 * {@link FieldAggregator}; additions ({@code +I}/{@code +U}) aggregate, retractions ({@code
 * -U}/{@code -D}) retract. The result is an {@code +I} with the newest record's sequence number.
 *
 * <p>As in Paimon, a key with a single record is passed through unchanged, so a lone retraction
 * stays a retraction (and is dropped on read), while a retraction merged with other records folds
 * into an {@code +I}. With {@code aggregation.remove-record-on-delete} a {@code -D} restarts the
 * row: the result is a {@code -D} unless later records follow; the restarted row keeps only the
 * {@code -D}'s NOT NULL columns (Paimon 1.2/1.3; Paimon 1.4 keeps every column of the {@code -D}).
 * With {@code ignore-delete} retractions are skipped as if never written ({@code
 * ignore-update-before}: only {@code -U}).
 */
public final class AggregateMerge {

  /** Paimon's {@code ignore-update-before}: {@code -U} records are dropped at write. */
  public static final String IGNORE_UPDATE_BEFORE = "ignore-update-before";

  private final Spec spec;
  private final int[] fields;
  private final FieldAggregator[] aggregators;
  private @Nullable KeyValue first;
  private boolean merging;
  private @Nullable KeyValue latest;
  private @Nullable Object[] row;
  private boolean deleted;

  private AggregateMerge(Spec spec, int[] fields) {
    this.spec = spec;
    this.fields = fields;
    this.aggregators = new FieldAggregator[fields.length];
    for (int i = 0; i < fields.length; i++) {
      aggregators[i] = spec.newAggregator(fields[i]);
    }
  }

  /**
   * The aggregation setup of a table: one aggregator per column, validated now.
   *
   * @param table the table's name, for error messages
   * @throws IllegalArgumentException an unknown function, a function on a column type it does not
   *     take, or conflicting options; the message names the table, the field and the function
   * @throws UnsupportedOperationException a Paimon function that lakeops does not implement
   */
  public static Spec spec(String table, TableSchema schema) {
    return new Spec(table, schema);
  }

  /** Starts the next key. */
  public void reset() {
    first = null;
    merging = false;
    latest = null;
    row = null;
    deleted = false;
    for (FieldAggregator a : aggregators) {
      a.reset();
    }
  }

  /** Adds the key's next record (ascending sequence order). */
  public void add(KeyValue kv) {
    if (spec.ignored(kv.valueKind())) {
      return;
    }
    if (first == null) {
      first = kv;
      return;
    }
    if (!merging) {
      merging = true;
      row = new Object[fields.length];
      fold(first);
    }
    fold(kv);
  }

  private void fold(KeyValue kv) {
    latest = kv;
    Row value = kv.value();
    deleted = spec.removeRecordOnDelete && kv.valueKind() == RowKind.DELETE;
    if (deleted) {
      row = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        if (!spec.nullable[fields[i]]) {
          Object v = value.get(i);
          if (v == null) {
            throw new IllegalArgumentException(
                "Table "
                    + spec.table
                    + ": a -D record has null in NOT NULL column '"
                    + spec.fields.get(fields[i]).name()
                    + "'");
          }
          row[i] = v;
        }
      }
      return;
    }
    boolean retract = !kv.valueKind().isAdd();
    for (int i = 0; i < fields.length; i++) {
      FieldAggregator a = aggregators[i];
      if (retract && !a.supportsRetraction()) {
        throw spec.refusesRetraction(fields[i]);
      }
      row[i] = retract ? a.retract(row[i], value.get(i)) : a.agg(row[i], value.get(i));
    }
  }

  /**
   * False: merging a key's records in groups and then the groups' results differs from merging them
   * at once (a {@code -D} removing the row, products with retractions, floating-point sums), so the
   * write buffer must not reduce spilled runs.
   */
  public boolean mergesInGroups() {
    return false;
  }

  /** The merged record: the single record itself, else an {@code +I} (or {@code -D}). */
  public @Nullable KeyValue result() {
    if (!merging) {
      return first;
    }
    KeyValue newest = requireNonNull(latest);
    RowKind kind = deleted ? RowKind.DELETE : RowKind.INSERT;
    return new KeyValue(newest.key(), newest.sequenceNumber(), kind, Row.wrap(kind, row.clone()));
  }

  /**
   * The aggregation setup of one table: which function each column has, validated once; hands out
   * merge functions for all columns or a projection of them.
   */
  public static final class Spec {

    private final String table;
    private final TableSchema schema;
    private final List<DataField> fields;
    private final String[] functions;
    private final boolean[] nullable;
    private final boolean[] refusesRetraction;
    private final boolean removeRecordOnDelete;
    private final boolean ignoreDelete;
    private final boolean ignoreUpdateBefore;

    private Spec(String table, TableSchema schema) {
      this.table = requireNonNull(table, "table");
      this.schema = requireNonNull(schema, "schema");
      TableOptions options = schema.tableOptions();
      this.fields = schema.fields();
      this.functions = new String[fields.size()];
      this.nullable = new boolean[fields.size()];
      this.refusesRetraction = new boolean[fields.size()];
      List<String> sequenceFields = options.sequenceFields();
      for (int i = 0; i < fields.size(); i++) {
        DataField f = fields.get(i);
        functions[i] =
            AggregateFunctions.functionName(
                f.name(), options, schema.primaryKeys(), sequenceFields);
        nullable[i] = f.type().nullable();
        refusesRetraction[i] =
            !AggregateFunctions.create(table, f, functions[i], options).supportsRetraction();
      }
      this.removeRecordOnDelete = options.bool(AggregateFunctions.REMOVE_RECORD_ON_DELETE, false);
      this.ignoreDelete = options.ignoreDelete();
      this.ignoreUpdateBefore = options.bool(IGNORE_UPDATE_BEFORE, false);
    }

    /** Fresh merges over every column of the table. */
    public Supplier<AggregateMerge> forAllFields() {
      int[] all = new int[fields.size()];
      for (int i = 0; i < all.length; i++) {
        all[i] = i;
      }
      return forFields(all);
    }

    /**
     * Fresh merges over value rows that hold only the columns at {@code fields} (a projected read):
     * each column aggregates on its own, so a projection merges to the projection of the full
     * merge.
     */
    public Supplier<AggregateMerge> forFields(int[] fields) {
      int[] copy = fields.clone();
      for (int f : copy) {
        if (f < 0 || f >= this.fields.size()) {
          throw new IllegalArgumentException(
              "Invalid field index " + f + " for table " + table + " (" + this.fields.size() + ")");
        }
      }
      return () -> new AggregateMerge(this, copy);
    }

    /**
     * Refuses a row that no merge could fold: a retraction ({@code -U}/{@code -D}) of a table with
     * a column whose function has no retraction (max, min, first-value, listagg, bool_and/or
     * without {@code fields.<f>.ignore-retract}). Paimon takes such a row and fails at the first
     * merge that meets it, which leaves the table unreadable; lakeops refuses it at write.
     *
     * @throws UnsupportedOperationException the row is such a retraction; names the table, the
     *     field and the function
     */
    public void checkWritable(Row row) {
      RowKind kind = row.kind();
      if (kind.isAdd() || ignored(kind) || (removeRecordOnDelete && kind == RowKind.DELETE)) {
        return;
      }
      for (int i = 0; i < refusesRetraction.length; i++) {
        if (refusesRetraction[i]) {
          throw refusesRetraction(i);
        }
      }
    }

    /** The function of the column at {@code index}; {@code primary-key} for key columns. */
    public String function(int index) {
      return functions[index];
    }

    private boolean ignored(RowKind kind) {
      return (ignoreDelete && !kind.isAdd())
          || (ignoreUpdateBefore && kind == RowKind.UPDATE_BEFORE);
    }

    private FieldAggregator newAggregator(int index) {
      return AggregateFunctions.create(
          table, fields.get(index), functions[index], schema.tableOptions());
    }

    private UnsupportedOperationException refusesRetraction(int index) {
      String name = fields.get(index).name();
      return new UnsupportedOperationException(
          "Table "
              + table
              + ": aggregate function '"
              + functions[index]
              + "' of field '"
              + name
              + "' does not support retraction (-U/-D); to ignore retractions of this field set '"
              + AggregateFunctions.fieldOption(name, AggregateFunctions.IGNORE_RETRACT)
              + "'='true'");
    }
  }
}
