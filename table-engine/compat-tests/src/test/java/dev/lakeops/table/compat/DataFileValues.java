package dev.lakeops.table.compat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.DataTypeRoot;

/**
 * Converts types and values between lakeops and Paimon's internal representation (test oracle
 * glue).
 */
final class DataFileValues {

  private DataFileValues() {}

  /** The lakeops row type of a Paimon row type, with Paimon's field ids. */
  static RowType fromPaimon(org.apache.paimon.types.RowType type) {
    List<DataField> fields = new ArrayList<>();
    for (org.apache.paimon.types.DataField f : type.getFields()) {
      fields.add(new DataField(f.id(), f.name(), fromPaimon(f.type())));
    }
    return new RowType(type.isNullable(), fields);
  }

  static DataType fromPaimon(org.apache.paimon.types.DataType type) {
    boolean nullable = type.isNullable();
    DataTypeRoot root = type.getTypeRoot();
    return switch (root) {
      case ROW -> fromPaimon((org.apache.paimon.types.RowType) type);
      case ARRAY ->
          new ArrayType(
              nullable, fromPaimon(((org.apache.paimon.types.ArrayType) type).getElementType()));
      case MAP ->
          new MapType(
              nullable,
              fromPaimon(((org.apache.paimon.types.MapType) type).getKeyType()),
              fromPaimon(((org.apache.paimon.types.MapType) type).getValueType()));
      case DECIMAL ->
          new AtomicType(
              TypeRoot.DECIMAL,
              nullable,
              ((org.apache.paimon.types.DecimalType) type).getPrecision(),
              ((org.apache.paimon.types.DecimalType) type).getScale());
      case CHAR ->
          new AtomicType(
              TypeRoot.CHAR, nullable, ((org.apache.paimon.types.CharType) type).getLength(), 0);
      case VARCHAR ->
          new AtomicType(
              TypeRoot.VARCHAR,
              nullable,
              ((org.apache.paimon.types.VarCharType) type).getLength(),
              0);
      case BINARY ->
          new AtomicType(
              TypeRoot.BINARY,
              nullable,
              ((org.apache.paimon.types.BinaryType) type).getLength(),
              0);
      case VARBINARY ->
          new AtomicType(
              TypeRoot.VARBINARY,
              nullable,
              ((org.apache.paimon.types.VarBinaryType) type).getLength(),
              0);
      case TIME_WITHOUT_TIME_ZONE ->
          new AtomicType(
              TypeRoot.TIME, nullable, ((org.apache.paimon.types.TimeType) type).getPrecision(), 0);
      case TIMESTAMP_WITHOUT_TIME_ZONE ->
          new AtomicType(
              TypeRoot.TIMESTAMP,
              nullable,
              ((org.apache.paimon.types.TimestampType) type).getPrecision(),
              0);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          new AtomicType(
              TypeRoot.TIMESTAMP_LTZ,
              nullable,
              ((org.apache.paimon.types.LocalZonedTimestampType) type).getPrecision(),
              0);
      case BOOLEAN -> new AtomicType(TypeRoot.BOOLEAN, nullable, 0, 0);
      case TINYINT -> new AtomicType(TypeRoot.TINYINT, nullable, 0, 0);
      case SMALLINT -> new AtomicType(TypeRoot.SMALLINT, nullable, 0, 0);
      case INTEGER -> new AtomicType(TypeRoot.INT, nullable, 0, 0);
      case BIGINT -> new AtomicType(TypeRoot.BIGINT, nullable, 0, 0);
      case FLOAT -> new AtomicType(TypeRoot.FLOAT, nullable, 0, 0);
      case DOUBLE -> new AtomicType(TypeRoot.DOUBLE, nullable, 0, 0);
      case DATE -> new AtomicType(TypeRoot.DATE, nullable, 0, 0);
      default -> throw new IllegalArgumentException("Unsupported Paimon type " + type);
    };
  }

  /** A lakeops row as a Paimon row with the same kind. */
  static GenericRow toPaimon(Row row, RowType type) {
    GenericRow out =
        new GenericRow(
            org.apache.paimon.types.RowKind.fromByteValue(row.kind().toByteValue()), row.arity());
    for (int i = 0; i < row.arity(); i++) {
      out.setField(i, toPaimon(row.get(i), type.typeAt(i)));
    }
    return out;
  }

  static Object toPaimon(Object value, DataType type) {
    if (value == null) {
      return null;
    }
    if (type instanceof RowType row) {
      return toPaimon((Row) value, row);
    }
    if (type instanceof ArrayType array) {
      return new GenericArray(
          ((List<?>) value).stream().map(v -> toPaimon(v, array.element())).toArray());
    }
    if (type instanceof MapType map) {
      Map<Object, Object> converted = new LinkedHashMap<>();
      ((Map<?, ?>) value)
          .forEach((k, v) -> converted.put(toPaimon(k, map.key()), toPaimon(v, map.value())));
      return new GenericMap(converted);
    }
    AtomicType atomic = (AtomicType) type;
    return switch (atomic.root()) {
      case CHAR, VARCHAR -> BinaryString.fromString((String) value);
      case DECIMAL ->
          Decimal.fromBigDecimal((BigDecimal) value, atomic.precision(), atomic.scale());
      case DATE -> (int) ((LocalDate) value).toEpochDay();
      case TIME -> (int) (((LocalTime) value).toNanoOfDay() / 1_000_000);
      case TIMESTAMP -> Timestamp.fromLocalDateTime((LocalDateTime) value);
      case TIMESTAMP_LTZ -> Timestamp.fromInstant((Instant) value);
      default -> value;
    };
  }

  /** A Paimon row (for example a stats BinaryRow) as a lakeops {@code +I} row of {@code type}. */
  static Row fromPaimon(InternalRow row, RowType type) {
    Object[] values = new Object[type.arity()];
    for (int i = 0; i < values.length; i++) {
      values[i] =
          fromPaimon(
              InternalRow.createFieldGetter(toPaimonType(type.typeAt(i)), i).getFieldOrNull(row),
              type.typeAt(i));
    }
    return Row.of(values);
  }

  static Row fromPaimonWithKind(InternalRow row, RowType type) {
    return fromPaimon(row, type).withKind(RowKind.fromByteValue(row.getRowKind().toByteValue()));
  }

  static Object fromPaimon(Object value, DataType type) {
    if (value == null) {
      return null;
    }
    if (type instanceof RowType row) {
      return fromPaimon((InternalRow) value, row);
    }
    if (type instanceof ArrayType array) {
      InternalArray a = (InternalArray) value;
      List<Object> items = new ArrayList<>();
      InternalArray.ElementGetter getter =
          InternalArray.createElementGetter(toPaimonType(array.element()));
      for (int i = 0; i < a.size(); i++) {
        items.add(fromPaimon(getter.getElementOrNull(a, i), array.element()));
      }
      return items;
    }
    if (type instanceof MapType map) {
      InternalMap m = (InternalMap) value;
      List<?> keys = (List<?>) fromPaimon(m.keyArray(), new ArrayType(false, map.key()));
      List<?> vals = (List<?>) fromPaimon(m.valueArray(), new ArrayType(false, map.value()));
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        out.put(keys.get(i), vals.get(i));
      }
      return out;
    }
    AtomicType atomic = (AtomicType) type;
    return switch (atomic.root()) {
      case CHAR, VARCHAR -> value.toString();
      case DECIMAL -> ((Decimal) value).toBigDecimal();
      case DATE -> LocalDate.ofEpochDay((Integer) value);
      case TIME -> LocalTime.ofNanoOfDay((Integer) value * 1_000_000L);
      case TIMESTAMP -> ((Timestamp) value).toLocalDateTime();
      case TIMESTAMP_LTZ -> ((Timestamp) value).toInstant();
      default -> value;
    };
  }

  static org.apache.paimon.types.DataType toPaimonType(DataType type) {
    org.apache.paimon.types.DataType converted;
    if (type instanceof RowType row) {
      List<org.apache.paimon.types.DataField> fields = new ArrayList<>();
      for (DataField f : row.fields()) {
        fields.add(new org.apache.paimon.types.DataField(f.id(), f.name(), toPaimonType(f.type())));
      }
      converted = new org.apache.paimon.types.RowType(fields);
    } else if (type instanceof ArrayType array) {
      converted = new org.apache.paimon.types.ArrayType(toPaimonType(array.element()));
    } else if (type instanceof MapType map) {
      converted =
          new org.apache.paimon.types.MapType(toPaimonType(map.key()), toPaimonType(map.value()));
    } else {
      AtomicType a = (AtomicType) type;
      converted =
          switch (a.root()) {
            case BOOLEAN -> org.apache.paimon.types.DataTypes.BOOLEAN();
            case TINYINT -> org.apache.paimon.types.DataTypes.TINYINT();
            case SMALLINT -> org.apache.paimon.types.DataTypes.SMALLINT();
            case INT -> org.apache.paimon.types.DataTypes.INT();
            case BIGINT -> org.apache.paimon.types.DataTypes.BIGINT();
            case FLOAT -> org.apache.paimon.types.DataTypes.FLOAT();
            case DOUBLE -> org.apache.paimon.types.DataTypes.DOUBLE();
            case DECIMAL -> org.apache.paimon.types.DataTypes.DECIMAL(a.precision(), a.scale());
            case CHAR -> org.apache.paimon.types.DataTypes.CHAR(a.precision());
            case VARCHAR -> org.apache.paimon.types.DataTypes.VARCHAR(a.precision());
            case BINARY -> org.apache.paimon.types.DataTypes.BINARY(a.precision());
            case VARBINARY -> org.apache.paimon.types.DataTypes.VARBINARY(a.precision());
            case DATE -> org.apache.paimon.types.DataTypes.DATE();
            case TIME -> org.apache.paimon.types.DataTypes.TIME(a.precision());
            case TIMESTAMP -> org.apache.paimon.types.DataTypes.TIMESTAMP(a.precision());
            case TIMESTAMP_LTZ ->
                org.apache.paimon.types.DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(a.precision());
          };
    }
    return converted.copy(type.nullable());
  }
}
