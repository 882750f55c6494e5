package dev.lakeops.table.lsm;

import dev.lakeops.table.schema.ChangelogProducer;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The options of a primary-key table that decide how records of a key merge, read with Paimon's
 * keys and defaults and checked as Paimon checks them ({@code SchemaValidation} and the
 * partial-update factory): {@code merge-engine}, {@code sequence.field} and {@code
 * sequence.field.sort-order}, {@code rowkind.field}, {@code ignore-delete} (with its older keys
 * {@code first-row.ignore-delete}, {@code deduplicate.ignore-delete}, {@code
 * partial-update.ignore-delete}), {@code ignore-update-before}, {@code fields.<f>.sequence-group},
 * {@code partial-update.remove-record-on-delete} and {@code
 * partial-update.remove-record-on-sequence-group}.
 *
 * <p>A combination Paimon refuses fails with an {@link IllegalArgumentException} naming the table
 * and the option.
 */
public final class MergeOptions {

  public static final String SEQUENCE_FIELD_SORT_ORDER = "sequence.field.sort-order";
  public static final String ROWKIND_FIELD = "rowkind.field";
  public static final String IGNORE_UPDATE_BEFORE = "ignore-update-before";
  public static final List<String> IGNORE_DELETE_KEYS =
      List.of(
          TableOptions.IGNORE_DELETE,
          "first-row.ignore-delete",
          "deduplicate.ignore-delete",
          "partial-update.ignore-delete");
  public static final String REMOVE_RECORD_ON_DELETE = "partial-update.remove-record-on-delete";
  public static final String REMOVE_RECORD_ON_SEQUENCE_GROUP =
      "partial-update.remove-record-on-sequence-group";
  public static final String FIELDS_PREFIX = "fields.";
  public static final String SEQUENCE_GROUP_SUFFIX = ".sequence-group";
  public static final String AGGREGATE_FUNCTION_SUFFIX = ".aggregate-function";
  public static final String DEFAULT_AGGREGATE_FUNCTION = "fields.default-aggregate-function";

  private final String table;
  private final TableSchema schema;
  private final TableOptions options;
  private final MergeEngine engine;
  private final List<String> sequenceFields;
  private final boolean sequenceAscending;
  private final @Nullable String rowKindField;
  private final boolean ignoreDelete;
  private final boolean ignoreUpdateBefore;
  private final Map<String, List<String>> sequenceGroups;

  private MergeOptions(String table, TableSchema schema) {
    this.table = table;
    this.schema = schema;
    this.options = schema.tableOptions();
    this.engine = options.mergeEngine();
    this.sequenceFields = sequenceFieldsOf(options);
    this.sequenceAscending = sortOrder();
    this.rowKindField = options.find(ROWKIND_FIELD).orElse(null);
    this.ignoreDelete = ignoreDeleteOf(options);
    this.ignoreUpdateBefore = options.bool(IGNORE_UPDATE_BEFORE, false);
    this.sequenceGroups = sequenceGroupsOf(options);
  }

  /**
   * The merge options of {@code schema}, checked.
   *
   * @param table the table's name, for errors
   * @throws IllegalArgumentException a bad option value or a combination Paimon refuses; names the
   *     table and the option
   */
  public static MergeOptions of(String table, TableSchema schema) {
    MergeOptions m;
    try {
      m = new MergeOptions(table, schema);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Table " + table + ": " + e.getMessage(), e);
    }
    m.validate();
    return m;
  }

  public String table() {
    return table;
  }

  public MergeEngine engine() {
    return engine;
  }

  public List<String> sequenceFields() {
    return sequenceFields;
  }

  public boolean sequenceAscending() {
    return sequenceAscending;
  }

  /** The index of the {@code rowkind.field} column, if set. */
  public Optional<Integer> rowKindFieldIndex() {
    return Optional.ofNullable(rowKindField).map(f -> schema.rowType().indexOf(f));
  }

  public boolean ignoreDelete() {
    return ignoreDelete;
  }

  public boolean ignoreUpdateBefore() {
    return ignoreUpdateBefore;
  }

  /** {@code fields.<seq>.sequence-group} by the key's sequence fields (comma-joined). */
  public Map<String, List<String>> sequenceGroups() {
    return sequenceGroups;
  }

  public boolean removeRecordOnDelete() {
    return options.bool(REMOVE_RECORD_ON_DELETE, false);
  }

  public Optional<String> removeRecordOnSequenceGroup() {
    return options.find(REMOVE_RECORD_ON_SEQUENCE_GROUP);
  }

  /** {@code fields.<field>.aggregate-function}, if set. */
  public Optional<String> aggregateFunction(String field) {
    return options.find(FIELDS_PREFIX + field + AGGREGATE_FUNCTION_SUFFIX);
  }

  /** Whether a merge reads other columns than those asked for (the whole value row). */
  public boolean needsWholeRow() {
    return engine != MergeEngine.DEDUPLICATE && engine != MergeEngine.FIRST_ROW
        || !sequenceFields.isEmpty();
  }

  /** The order of one key's records: the user sequence, when set, then the sequence number. */
  public RecordOrder recordOrder() {
    if (sequenceFields.isEmpty()) {
      return RecordOrder.SEQUENCE_NUMBER;
    }
    return RecordOrder.of(
        new SequenceComparator(schema.rowType(), indexes(sequenceFields), sequenceAscending));
  }

  int[] indexes(List<String> fields) {
    RowType type = schema.rowType();
    return fields.stream().mapToInt(type::indexOf).toArray();
  }

  TableSchema schema() {
    return schema;
  }

  private void validate() {
    RowType type = schema.rowType();
    Set<String> seen = new HashSet<>();
    for (String f : sequenceFields) {
      if (type.indexOf(f) < 0) {
        throw invalid(
            TableOptions.SEQUENCE_FIELD, "sequence field '" + f + "' is not a field of the table");
      }
      if (aggregateFunction(f).isPresent()) {
        throw invalid(
            TableOptions.SEQUENCE_FIELD,
            "sequence field '"
                + f
                + "' must not have an aggregate function ("
                + FIELDS_PREFIX
                + f
                + AGGREGATE_FUNCTION_SUFFIX
                + ")");
      }
      if (!seen.add(f)) {
        throw invalid(TableOptions.SEQUENCE_FIELD, "sequence field '" + f + "' is listed twice");
      }
      if (!(type.typeAt(type.indexOf(f)) instanceof AtomicType)) {
        throw invalid(TableOptions.SEQUENCE_FIELD, "sequence field '" + f + "' has no order");
      }
    }
    if (!sequenceFields.isEmpty() && engine == MergeEngine.FIRST_ROW) {
      throw invalid(
          TableOptions.SEQUENCE_FIELD, "merge-engine 'first-row' does not take a sequence field");
    }
    if (!sequenceFields.isEmpty() && crossPartitionUpdate()) {
      throw invalid(
          TableOptions.SEQUENCE_FIELD,
          "a sequence field cannot be used when the primary key "
              + schema.primaryKeys()
              + " does not hold every partition field "
              + schema.partitionKeys());
    }
    if (engine == MergeEngine.FIRST_ROW) {
      ChangelogProducer producer = options.changelogProducer();
      if (producer != ChangelogProducer.NONE && producer != ChangelogProducer.LOOKUP) {
        throw invalid(
            TableOptions.CHANGELOG_PRODUCER,
            "merge-engine 'first-row' takes changelog-producer 'none' or 'lookup' only");
      }
      if (options.deletionVectorsEnabled()) {
        throw invalid(
            TableOptions.DELETION_VECTORS_ENABLED,
            "merge-engine 'first-row' does not take deletion vectors (it never deletes old data)");
      }
    }
    if (rowKindField != null) {
      int index = type.indexOf(rowKindField);
      if (index < 0) {
        throw invalid(ROWKIND_FIELD, "field '" + rowKindField + "' is not a field of the table");
      }
      DataType t = type.typeAt(index);
      if (!(t instanceof AtomicType a)
          || (a.root() != TypeRoot.CHAR && a.root() != TypeRoot.VARCHAR)) {
        throw invalid(
            ROWKIND_FIELD,
            "field '" + rowKindField + "' must be a string column, it is " + t.asSql());
      }
    }
    validateSequenceGroups(type);
    if (engine == MergeEngine.PARTIAL_UPDATE) {
      validatePartialUpdate();
    }
  }

  private void validateSequenceGroups(RowType type) {
    Map<String, String> groupOf = new LinkedHashMap<>();
    Set<String> groupSequenceFields = new HashSet<>();
    sequenceGroups.forEach(
        (sequence, fields) -> {
          String key = FIELDS_PREFIX + sequence + SEQUENCE_GROUP_SUFFIX;
          for (String s : sequence.split(",")) {
            if (type.indexOf(s) < 0) {
              throw invalid(key, "sequence field '" + s + "' is not a field of the table");
            }
            if (!(type.typeAt(type.indexOf(s)) instanceof AtomicType)) {
              throw invalid(key, "sequence field '" + s + "' has no order");
            }
            groupSequenceFields.add(s);
          }
          for (String f : fields) {
            if (type.indexOf(f) < 0) {
              throw invalid(key, "field '" + f + "' is not a field of the table");
            }
            String other = groupOf.putIfAbsent(f, sequence);
            if (other != null) {
              throw invalid(
                  key,
                  "field '"
                      + f
                      + "' is in two sequence groups ("
                      + FIELDS_PREFIX
                      + other
                      + SEQUENCE_GROUP_SUFFIX
                      + ")");
            }
          }
        });
    for (String s : groupSequenceFields) {
      if (aggregateFunction(s).isPresent()) {
        throw invalid(
            FIELDS_PREFIX + s + AGGREGATE_FUNCTION_SUFFIX,
            "the sequence field of a sequence group must not have an aggregate function");
      }
    }
  }

  private void validatePartialUpdate() {
    boolean removeOnDelete = removeRecordOnDelete();
    Optional<String> removeOnGroup = removeRecordOnSequenceGroup();
    if (removeOnDelete && ignoreDelete) {
      throw conflict(ignoreDeleteKey(), REMOVE_RECORD_ON_DELETE);
    }
    if (removeOnGroup.isPresent() && ignoreDelete) {
      throw conflict(ignoreDeleteKey(), REMOVE_RECORD_ON_SEQUENCE_GROUP);
    }
    if (removeOnDelete && !sequenceGroups.isEmpty()) {
      throw conflict("fields.<seq>.sequence-group", REMOVE_RECORD_ON_DELETE);
    }
    if (removeOnGroup.isPresent()) {
      Set<String> sequenceOfGroups = new HashSet<>();
      sequenceGroups.keySet().forEach(s -> sequenceOfGroups.addAll(Arrays.asList(s.split(","))));
      for (String f : removeOnGroup.get().split(",")) {
        if (!sequenceOfGroups.contains(f)) {
          throw invalid(
              REMOVE_RECORD_ON_SEQUENCE_GROUP,
              "field '" + f + "' is not the sequence field of a sequence group");
        }
      }
    }
    // Paimon: an aggregate function in partial-update needs the field to be in a sequence group,
    // except last_non_null_value
    Set<String> grouped = new HashSet<>();
    Set<String> groupSequence = new HashSet<>();
    sequenceGroups.forEach(
        (s, fields) -> {
          grouped.addAll(fields);
          groupSequence.addAll(Arrays.asList(s.split(",")));
        });
    for (String f : schema.fieldNames()) {
      if (groupSequence.contains(f) || schema.primaryKeys().contains(f)) {
        continue;
      }
      Optional<String> function =
          aggregateFunction(f).or(() -> options.find(DEFAULT_AGGREGATE_FUNCTION));
      if (function.isPresent()
          && !function.get().equals("last_non_null_value")
          && !grouped.contains(f)) {
        throw invalid(
            aggregateFunction(f).isPresent()
                ? FIELDS_PREFIX + f + AGGREGATE_FUNCTION_SUFFIX
                : DEFAULT_AGGREGATE_FUNCTION,
            "field '"
                + f
                + "' has aggregate function '"
                + function.get()
                + "' but is in no sequence group (partial-update aggregates only inside"
                + " sequence groups)");
      }
    }
  }

  /** The aggregate function of each field of a partial-update table that has one. */
  Map<String, String> partialUpdateAggregates() {
    Set<String> groupSequence = new HashSet<>();
    sequenceGroups.keySet().forEach(s -> groupSequence.addAll(Arrays.asList(s.split(","))));
    Map<String, String> out = new LinkedHashMap<>();
    for (String f : schema.fieldNames()) {
      if (groupSequence.contains(f) || schema.primaryKeys().contains(f)) {
        continue;
      }
      aggregateFunction(f)
          .or(() -> options.find(DEFAULT_AGGREGATE_FUNCTION))
          .ifPresent(fn -> out.put(f, fn));
    }
    return out;
  }

  private boolean crossPartitionUpdate() {
    return schema.hasPrimaryKey()
        && !schema.partitionKeys().isEmpty()
        && !schema.primaryKeys().containsAll(schema.partitionKeys());
  }

  private String ignoreDeleteKey() {
    for (String k : IGNORE_DELETE_KEYS) {
      if (options.find(k).isPresent()) {
        return k;
      }
    }
    return TableOptions.IGNORE_DELETE;
  }

  private boolean sortOrder() {
    String value = options.find(SEQUENCE_FIELD_SORT_ORDER).orElse("ascending");
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "ascending" -> true;
      case "descending" -> false;
      default ->
          throw new IllegalArgumentException(
              "Invalid value for option '"
                  + SEQUENCE_FIELD_SORT_ORDER
                  + "': '"
                  + value
                  + "' (expected ascending or descending)");
    };
  }

  // Paimon's sequenceField(): split on commas, not trimmed
  private static List<String> sequenceFieldsOf(TableOptions options) {
    return options
        .find(TableOptions.SEQUENCE_FIELD)
        .map(s -> Arrays.asList(s.split(",")))
        .orElse(List.of());
  }

  // The first key set wins: 'ignore-delete', then its fallback keys in Paimon's order.
  private static boolean ignoreDeleteOf(TableOptions options) {
    for (String k : IGNORE_DELETE_KEYS) {
      if (options.find(k).isPresent()) {
        return options.bool(k, false);
      }
    }
    return false;
  }

  private static Map<String, List<String>> sequenceGroupsOf(TableOptions options) {
    Map<String, List<String>> groups = new LinkedHashMap<>();
    options
        .map()
        .forEach(
            (k, v) -> {
              if (k.startsWith(FIELDS_PREFIX) && k.endsWith(SEQUENCE_GROUP_SUFFIX)) {
                String sequence =
                    k.substring(
                        FIELDS_PREFIX.length(), k.length() - SEQUENCE_GROUP_SUFFIX.length());
                groups.put(sequence, new ArrayList<>(Arrays.asList(v.split(","))));
              }
            });
    return groups;
  }

  private IllegalArgumentException invalid(String option, String problem) {
    return new IllegalArgumentException(
        "Table " + table + ": invalid option '" + option + "': " + problem);
  }

  private IllegalArgumentException conflict(String a, String b) {
    return new IllegalArgumentException(
        "Table "
            + table
            + ": options '"
            + a
            + "' and '"
            + b
            + "' conflict (Paimon refuses them together)");
  }
}
