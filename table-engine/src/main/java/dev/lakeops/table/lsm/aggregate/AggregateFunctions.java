package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.format.ValueOrder;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The field aggregators of an {@code aggregation} table, by function name, with Paimon's option
 * keys and defaults (source: {@code AggregateMergeFunction.getAggFuncName}, {@code
 * FieldAggregatorFactory} and its implementations, {@code CoreOptions}).
 *
 * <p>A function lakeops does not implement, an unknown name, or a function on a column type Paimon
 * refuses for it fails when the table's merge is set up, naming the table, the field and the
 * function.
 */
public final class AggregateFunctions {

  /** {@code fields.<f>.aggregate-function}. */
  public static final String AGGREGATE_FUNCTION = "aggregate-function";

  /** {@code fields.default-aggregate-function}: the function of fields without their own. */
  public static final String DEFAULT_AGGREGATE_FUNCTION = "fields.default-aggregate-function";

  /** {@code fields.<f>.ignore-retract}: retractions leave the field unchanged. */
  public static final String IGNORE_RETRACT = "ignore-retract";

  /** {@code fields.<f>.distinct}: collect and listagg keep each element once. */
  public static final String DISTINCT = "distinct";

  /** {@code fields.<f>.list-agg-delimiter}, default {@code ,}. */
  public static final String LIST_AGG_DELIMITER = "list-agg-delimiter";

  /** {@code fields.<f>.nested-key}: comma-separated key fields of a nested_update row. */
  public static final String NESTED_KEY = "nested-key";

  /** {@code fields.<f>.count-limit}: most rows a nested_update keeps (default unbounded). */
  public static final String COUNT_LIMIT = "count-limit";

  /** {@code aggregation.remove-record-on-delete}: a {@code -D} removes the whole row. */
  public static final String REMOVE_RECORD_ON_DELETE = "aggregation.remove-record-on-delete";

  /** The default function of a field without one (Paimon's final default). */
  public static final String LAST_NON_NULL_VALUE = "last_non_null_value";

  /** The function names lakeops implements. */
  public static final List<String> SUPPORTED =
      List.of(
          "sum",
          "product",
          "max",
          "min",
          "last_value",
          LAST_NON_NULL_VALUE,
          "first_value",
          "first_non_null_value",
          "first_not_null_value",
          "listagg",
          "bool_and",
          "bool_or",
          "collect",
          "merge_map",
          "nested_update");

  // Functions Paimon ships that lakeops leaves out, and why.
  private static final Map<String, String> LEFT_OUT =
      Map.of(
          "rbm32", "a roaring-bitmap union needs Paimon's RoaringBitmap serialization",
          "rbm64", "a roaring-bitmap union needs Paimon's RoaringBitmap serialization",
          "hll_sketch", "a HyperLogLog union needs Apache DataSketches' exact byte layout",
          "theta_sketch", "a theta-sketch union needs Apache DataSketches' exact byte layout",
          "merge_map_with_keytime", "it is a Paimon 1.4 function lakeops does not implement",
          "nested_partial_update", "it is a Paimon 1.4 function lakeops does not implement");

  private static final String PRIMARY_KEY = "primary-key";
  private static final String LAST_VALUE = "last_value";

  private AggregateFunctions() {}

  /** {@code fields.<field>.<suffix>}. */
  public static String fieldOption(String field, String suffix) {
    return "fields." + field + "." + suffix;
  }

  /**
   * The function of {@code field}: {@code last_value} for a sequence field, the primary-key
   * pass-through for a primary-key field, else {@code fields.<f>.aggregate-function}, else {@code
   * fields.default-aggregate-function}, else {@code last_non_null_value}.
   */
  static String functionName(
      String field, TableOptions options, List<String> primaryKeys, List<String> sequenceFields) {
    if (sequenceFields.contains(field)) {
      return LAST_VALUE;
    }
    if (primaryKeys.contains(field)) {
      return PRIMARY_KEY;
    }
    return options
        .find(fieldOption(field, AGGREGATE_FUNCTION))
        .or(() -> options.find(DEFAULT_AGGREGATE_FUNCTION))
        .orElse(LAST_NON_NULL_VALUE);
  }

  /**
   * The aggregator {@code function} for {@code field}, wrapped to ignore retractions when {@code
   * fields.<f>.ignore-retract} is set.
   *
   * @throws IllegalArgumentException an unknown function, a type the function does not take, bad
   *     field options, or {@code ignore-retract} together with {@code
   *     aggregation.remove-record-on-delete}
   * @throws UnsupportedOperationException a Paimon function lakeops does not implement
   */
  static FieldAggregator create(
      String table, DataField field, String function, TableOptions options) {
    String name = field.name();
    boolean ignoreRetract = options.bool(fieldOption(name, IGNORE_RETRACT), false);
    if (ignoreRetract && options.bool(REMOVE_RECORD_ON_DELETE, false)) {
      throw new IllegalArgumentException(
          "Table "
              + table
              + ": options '"
              + REMOVE_RECORD_ON_DELETE
              + "' and '"
              + fieldOption(name, IGNORE_RETRACT)
              + "' conflict (a -D cannot both remove the row and be ignored); set only one");
    }
    FieldAggregator aggregator = plain(table, field, function, options);
    return ignoreRetract ? new IgnoreRetractAgg(aggregator) : aggregator;
  }

  private static FieldAggregator plain(
      String table, DataField field, String function, TableOptions options) {
    DataType type = field.type();
    String name = field.name();
    return switch (function) {
      case PRIMARY_KEY -> new PrimaryKeyAgg();
      case "sum" -> new SumAgg(numeric(table, field, function));
      case "product" -> new ProductAgg(numeric(table, field, function));
      case "max" -> ExtremeAgg.max(ordered(table, field, function));
      case "min" -> ExtremeAgg.min(ordered(table, field, function));
      case LAST_VALUE -> new LastValueAgg(false);
      case LAST_NON_NULL_VALUE -> new LastValueAgg(true);
      case "first_value" -> new FirstValueAgg(false);
      case "first_non_null_value", "first_not_null_value" -> new FirstValueAgg(true);
      case "bool_and", "bool_or" -> {
        require(
            type instanceof AtomicType a && a.root() == TypeRoot.BOOLEAN,
            table,
            field,
            function,
            "a BOOLEAN column");
        yield new BoolAgg(function.equals("bool_and"));
      }
      case "listagg" -> {
        require(
            type instanceof AtomicType a && a.root() == TypeRoot.VARCHAR,
            table,
            field,
            function,
            "a VARCHAR or STRING column");
        yield new ListaggAgg(
            options.string(fieldOption(name, LIST_AGG_DELIMITER), ","),
            options.bool(fieldOption(name, DISTINCT), false));
      }
      case "collect" -> {
        require(type instanceof ArrayType, table, field, function, "an ARRAY column");
        boolean binary = isBinary(((ArrayType) type).element());
        boolean distinct = options.bool(fieldOption(name, DISTINCT), false);
        if (distinct && binary) {
          throw new IllegalArgumentException(
              "Table "
                  + table
                  + ": field '"
                  + name
                  + "' with aggregate function 'collect' and '"
                  + fieldOption(name, DISTINCT)
                  + "'='true' over "
                  + type.asSql()
                  + " is not supported (Paimon compares binary elements by identity, so its"
                  + " distinct keeps duplicates)");
        }
        yield new CollectAgg(distinct, binary);
      }
      case "merge_map" -> {
        require(type instanceof MapType, table, field, function, "a MAP column");
        if (isBinary(((MapType) type).key())) {
          throw new IllegalArgumentException(
              "Table "
                  + table
                  + ": field '"
                  + name
                  + "' with aggregate function 'merge_map' over "
                  + type.asSql()
                  + " is not supported (Paimon compares binary map keys by identity)");
        }
        yield new MergeMapAgg();
      }
      case "nested_update" -> nestedUpdate(table, field, options);
      default -> {
        String why = LEFT_OUT.get(function);
        if (why != null) {
          throw new UnsupportedOperationException(
              "Table "
                  + table
                  + ": aggregate function '"
                  + function
                  + "' of field '"
                  + name
                  + "' is not supported by lakeops ("
                  + why
                  + ")");
        }
        throw new IllegalArgumentException(
            "Table "
                + table
                + ": unknown aggregate function '"
                + function
                + "' for field '"
                + name
                + "' (lakeops supports "
                + SUPPORTED
                + ")");
      }
    };
  }

  private static FieldAggregator nestedUpdate(String table, DataField field, TableOptions options) {
    DataType type = field.type();
    String name = field.name();
    require(
        type instanceof ArrayType a && a.element() instanceof RowType,
        table,
        field,
        "nested_update",
        "an ARRAY<ROW<...>> column");
    RowType element = (RowType) ((ArrayType) type).element();
    int limit = options.integer(fieldOption(name, COUNT_LIMIT), Integer.MAX_VALUE);
    String keys = options.find(fieldOption(name, NESTED_KEY)).orElse(null);
    if (keys == null) {
      return new NestedUpdateAgg(null, limit);
    }
    List<String> keyNames = Arrays.stream(keys.split(",")).map(String::trim).toList();
    List<Integer> indexes = new ArrayList<>();
    for (String key : keyNames) {
      int i = element.indexOf(key);
      if (i < 0) {
        throw new IllegalArgumentException(
            "Table "
                + table
                + ": option '"
                + fieldOption(name, NESTED_KEY)
                + "' names '"
                + key
                + "', which is not a field of "
                + element.asSql());
      }
      indexes.add(i);
    }
    return new NestedUpdateAgg(indexes.stream().mapToInt(Integer::intValue).toArray(), limit);
  }

  private static AtomicType numeric(String table, DataField field, String function) {
    boolean ok =
        field.type() instanceof AtomicType a
            && switch (a.root()) {
              case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
              default -> false;
            };
    require(ok, table, field, function, "a numeric column");
    return (AtomicType) field.type();
  }

  // Paimon compares with InternalRowUtils.compare, which has no order for BOOLEAN or nested types
  // and fails on the first merge; lakeops refuses them up front.
  private static java.util.Comparator<Object> ordered(
      String table, DataField field, String function) {
    boolean ok = field.type() instanceof AtomicType a && a.root() != TypeRoot.BOOLEAN;
    require(ok, table, field, function, "a column with an order (not BOOLEAN, ARRAY, MAP or ROW)");
    return ValueOrder.of(field.type());
  }

  private static boolean isBinary(DataType type) {
    return type instanceof AtomicType a
        && (a.root() == TypeRoot.BINARY || a.root() == TypeRoot.VARBINARY);
  }

  private static void require(
      boolean ok, String table, DataField field, String function, String needs) {
    if (!ok) {
      throw new IllegalArgumentException(
          "Table "
              + table
              + ": aggregate function '"
              + function
              + "' of field '"
              + field.name()
              + "' needs "
              + needs
              + ", not "
              + field.type().asSql());
    }
  }
}
