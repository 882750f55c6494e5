package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The physical row of a primary-key table's data file and the mapping to and from {@link KeyValue}
 * (paimon-format.md §13.1):
 *
 * <pre>
 *   standard: _KEY_k1 .. _KEY_kn | _SEQUENCE_NUMBER | _VALUE_KIND | all table columns
 *   thin:                          _SEQUENCE_NUMBER | _VALUE_KIND | all table columns
 * </pre>
 *
 * <p>The keys are the trimmed primary key (primary key minus partition fields), in key order.
 * {@code data-file.thin-mode} writes the thin layout and reads the key from the value columns; a
 * reader must accept both ({@link #matching}).
 */
public final class KeyValueLayout {

  private final RowType valueType;
  private final List<String> keyNames;
  private final int[] keyIndexesInValue;
  private final RowType keyType;
  private final RowType fileType;
  private final boolean thin;

  private KeyValueLayout(RowType valueType, List<String> keyNames, boolean thin) {
    this.valueType = requireNonNull(valueType, "valueType");
    this.keyNames = List.copyOf(keyNames);
    this.thin = thin;
    if (this.keyNames.isEmpty()) {
      throw new IllegalArgumentException(
          "A primary-key layout needs at least one key field (value type "
              + valueType.fieldNames()
              + ")");
    }
    this.keyIndexesInValue = new int[this.keyNames.size()];
    List<DataField> keyFields = new ArrayList<>();
    for (int i = 0; i < this.keyNames.size(); i++) {
      String name = this.keyNames.get(i);
      int index = valueType.indexOf(name);
      if (index < 0) {
        throw new IllegalArgumentException(
            "Key field " + name + " is not a table column: " + valueType.fieldNames());
      }
      keyIndexesInValue[i] = index;
      keyFields.add(SpecialFields.keyField(valueType.fields().get(index)));
    }
    this.keyType = RowType.of(keyFields);
    List<DataField> fileFields = new ArrayList<>(thin ? List.of() : keyFields);
    fileFields.add(SpecialFields.sequenceNumberField());
    fileFields.add(SpecialFields.valueKindField());
    fileFields.addAll(valueType.fields());
    this.fileType = RowType.of(fileFields);
  }

  /** The default layout, with {@code _KEY_} columns. */
  public static KeyValueLayout standard(RowType valueType, List<String> trimmedPrimaryKeys) {
    return new KeyValueLayout(valueType, trimmedPrimaryKeys, false);
  }

  /** {@code data-file.thin-mode=true}: no {@code _KEY_} columns. */
  public static KeyValueLayout thin(RowType valueType, List<String> trimmedPrimaryKeys) {
    return new KeyValueLayout(valueType, trimmedPrimaryKeys, true);
  }

  /**
   * The layout of a file whose top-level columns are {@code fileFieldNames}: thin when it has no
   * {@code _KEY_} column, standard otherwise.
   */
  public KeyValueLayout matching(List<String> fileFieldNames) {
    boolean fileIsThin = fileFieldNames.stream().noneMatch(SpecialFields::isKeyField);
    return fileIsThin == thin ? this : new KeyValueLayout(valueType, keyNames, fileIsThin);
  }

  public boolean isThin() {
    return thin;
  }

  /** All table columns. */
  public RowType valueType() {
    return valueType;
  }

  /** The trimmed primary key's column names, in key order. */
  public List<String> keyNames() {
    return keyNames;
  }

  /**
   * The key columns as stored: {@code _KEY_<name>}, NOT NULL, ids shifted (key stats use this
   * type).
   */
  public RowType keyType() {
    return keyType;
  }

  /** The physical row type of the data file. */
  public RowType fileType() {
    return fileType;
  }

  /** The key of a table row. */
  public Row keyOf(Row value) {
    checkArity(value, valueType.arity(), "value");
    return value.project(keyIndexesInValue);
  }

  /** The physical row for {@code kv}, an {@code +I} row (the change kind is a column). */
  public Row toFileRow(KeyValue kv) {
    checkArity(kv.key(), keyNames.size(), "key");
    checkArity(kv.value(), valueType.arity(), "value");
    int keyArity = thin ? 0 : keyNames.size();
    Object[] values = new Object[keyArity + 2 + valueType.arity()];
    for (int i = 0; i < keyArity; i++) {
      values[i] = kv.key().get(i);
    }
    values[keyArity] = kv.sequenceNumber();
    values[keyArity + 1] = kv.valueKind().toByteValue();
    for (int i = 0; i < valueType.arity(); i++) {
      values[keyArity + 2 + i] = kv.value().get(i);
    }
    return Row.of(values);
  }

  /**
   * The key-value of a physical row read with {@link #fileType()}. The value row carries the value
   * kind.
   *
   * @throws IllegalArgumentException a sequence number or value kind is null or out of range
   */
  public KeyValue fromFileRow(Row fileRow) {
    checkArity(fileRow, fileType.arity(), "file");
    int keyArity = thin ? 0 : keyNames.size();
    Object sequence = fileRow.get(keyArity);
    Object kind = fileRow.get(keyArity + 1);
    if (!(sequence instanceof Long seq) || !(kind instanceof Byte kindByte)) {
      throw new IllegalArgumentException(
          "Invalid key-value row: "
              + SpecialFields.SEQUENCE_NUMBER
              + "="
              + sequence
              + ", "
              + SpecialFields.VALUE_KIND
              + "="
              + kind);
    }
    RowKind valueKind = RowKind.fromByteValue(kindByte);
    Object[] values = new Object[valueType.arity()];
    for (int i = 0; i < values.length; i++) {
      values[i] = fileRow.get(keyArity + 2 + i);
    }
    Row value = Row.ofKind(valueKind, values);
    Row key;
    if (thin) {
      key = value.project(keyIndexesInValue);
    } else {
      Object[] keyValues = new Object[keyArity];
      for (int i = 0; i < keyArity; i++) {
        keyValues[i] = fileRow.get(i);
      }
      key = Row.of(keyValues);
    }
    return new KeyValue(key, seq, valueKind, value);
  }

  private static void checkArity(Row row, int expected, String what) {
    if (row.arity() != expected) {
      throw new IllegalArgumentException(
          "Invalid " + what + " row: arity " + row.arity() + " (expected " + expected + ")");
    }
  }
}
