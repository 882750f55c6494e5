package dev.lakeops.table.format;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;

/**
 * Names and field ids of the system columns in data files (source: Paimon {@code SpecialFields};
 * paimon-format.md §13.1). The ids are written into Parquet footers; Avro files carry only names.
 */
public final class SpecialFields {

  public static final String KEY_FIELD_PREFIX = "_KEY_";

  /** {@code _KEY_<name>} has id {@code KEY_FIELD_ID_START + id of <name>}. */
  public static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;

  public static final String SEQUENCE_NUMBER = "_SEQUENCE_NUMBER";
  public static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;

  public static final String VALUE_KIND = "_VALUE_KIND";
  public static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;

  /** Array elements and map values: {@code 536870911 + 1024 * fieldId + depth}. */
  public static final int STRUCTURED_TYPE_FIELD_ID_BASE = Integer.MAX_VALUE / 4;

  static final int STRUCTURED_TYPE_DEPTH_LIMIT = 1 << 10;

  private SpecialFields() {}

  /** The {@code _KEY_} column for primary-key column {@code field}, NOT NULL like every key. */
  public static DataField keyField(DataField field) {
    return new DataField(
        KEY_FIELD_ID_START + field.id(),
        KEY_FIELD_PREFIX + field.name(),
        field.type().withNullable(false));
  }

  public static DataField sequenceNumberField() {
    return new DataField(
        SEQUENCE_NUMBER_ID, SEQUENCE_NUMBER, new AtomicType(TypeRoot.BIGINT, false, 0, 0));
  }

  public static DataField valueKindField() {
    return new DataField(VALUE_KIND_ID, VALUE_KIND, new AtomicType(TypeRoot.TINYINT, false, 0, 0));
  }

  public static boolean isKeyField(String name) {
    return name.startsWith(KEY_FIELD_PREFIX);
  }

  /** Field id of the element of an array (or the value of a map) at nesting {@code depth} >= 1. */
  public static int elementId(int fieldId, int depth) {
    return STRUCTURED_TYPE_FIELD_ID_BASE + fieldId * STRUCTURED_TYPE_DEPTH_LIMIT + depth;
  }

  /** Field id of the key of a map at nesting {@code depth} >= 1. */
  public static int mapKeyId(int fieldId, int depth) {
    return STRUCTURED_TYPE_FIELD_ID_BASE - fieldId * STRUCTURED_TYPE_DEPTH_LIMIT - depth;
  }
}
