package dev.lakeops.table.format.parquet;

import dev.lakeops.table.format.SpecialFields;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema Paimon 1.3.1 writes for a row type (paimon-format.md §13.1, §13.3, measured
 * footers): message {@code paimon_schema}; every field carries its id; array elements and map
 * values get id {@code 536870911 + 1024 * fieldId + depth}, map keys {@code 536870911 - 1024 *
 * fieldId - depth}; map keys are always required.
 *
 * <pre>
 *   TINYINT/SMALLINT  int32 INTEGER(8|16,true)        DECIMAL p≤9/≤18/>18  int32/int64/fixed DECIMAL
 *   STRING            binary STRING                    DATE                 int32 DATE
 *   TIME              int32 TIME(MILLIS,true)          TIMESTAMP p≤3/≤6/>6  int64 MILLIS/MICROS, int96
 *   ARRAY             group (LIST) { repeated group list { element } }
 *   MAP               group (MAP) { repeated group key_value { required key; value } }
 * </pre>
 */
public final class ParquetSchemas {

  public static final String MESSAGE_NAME = "paimon_schema";

  private ParquetSchemas() {}

  public static MessageType toParquet(RowType rowType) {
    List<Type> fields = new ArrayList<>(rowType.arity());
    for (DataField f : rowType.fields()) {
      fields.add(
          convert(
              f.name(),
              f.type(),
              f.id(),
              0,
              f.type().nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED));
    }
    return new MessageType(MESSAGE_NAME, fields);
  }

  /**
   * @param fieldId the id of the nearest enclosing field, for element/key/value ids
   * @param depth nesting depth below that field (0 for the field itself)
   */
  private static Type convert(
      String name, DataType type, int fieldId, int depth, Repetition repetition) {
    int id = depth == 0 ? fieldId : SpecialFields.elementId(fieldId, depth);
    if (type instanceof RowType row) {
      List<Type> fields = new ArrayList<>(row.arity());
      for (DataField f : row.fields()) {
        fields.add(convert(f.name(), f.type(), f.id(), 0, repetitionOf(f.type())));
      }
      return Types.buildGroup(repetition).addFields(fields.toArray(new Type[0])).id(id).named(name);
    }
    if (type instanceof ArrayType array) {
      Type element =
          convert("element", array.element(), fieldId, depth + 1, repetitionOf(array.element()));
      return Types.buildGroup(repetition)
          .as(LogicalTypeAnnotation.listType())
          .addField(Types.repeatedGroup().addField(element).named("list"))
          .id(id)
          .named(name);
    }
    if (type instanceof MapType map) {
      Type key =
          convert("key", map.key(), fieldId, depth + 1, Repetition.REQUIRED)
              .withId(SpecialFields.mapKeyId(fieldId, depth + 1));
      Type value = convert("value", map.value(), fieldId, depth + 1, repetitionOf(map.value()));
      return Types.buildGroup(repetition)
          .as(LogicalTypeAnnotation.mapType())
          .addField(
              Types.repeatedGroup()
                  .addField(key)
                  .addField(value)
                  .as(LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance())
                  .named("key_value"))
          .id(id)
          .named(name);
    }
    return primitive((AtomicType) type, repetition).id(id).named(name);
  }

  private static Repetition repetitionOf(DataType type) {
    return type.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
  }

  private static Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> primitive(
      AtomicType type, Repetition repetition) {
    return switch (type.root()) {
      case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition);
      case TINYINT ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(8, true));
      case SMALLINT ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(16, true));
      case INT -> Types.primitive(PrimitiveTypeName.INT32, repetition);
      case BIGINT -> Types.primitive(PrimitiveTypeName.INT64, repetition);
      case FLOAT -> Types.primitive(PrimitiveTypeName.FLOAT, repetition);
      case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition);
      case DECIMAL -> decimal(type, repetition);
      case CHAR, VARCHAR ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType());
      case BINARY, VARBINARY -> Types.primitive(PrimitiveTypeName.BINARY, repetition);
      case DATE ->
          Types.primitive(PrimitiveTypeName.INT32, repetition).as(LogicalTypeAnnotation.dateType());
      case TIME ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.timeType(true, TimeUnit.MILLIS));
      case TIMESTAMP -> timestamp(type, repetition, false);
      case TIMESTAMP_LTZ -> timestamp(type, repetition, true);
    };
  }

  private static Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> decimal(
      AtomicType type, Repetition repetition) {
    LogicalTypeAnnotation decimal =
        LogicalTypeAnnotation.decimalType(type.scale(), type.precision());
    if (type.precision() <= 9) {
      return Types.primitive(PrimitiveTypeName.INT32, repetition).as(decimal);
    }
    if (type.precision() <= 18) {
      return Types.primitive(PrimitiveTypeName.INT64, repetition).as(decimal);
    }
    return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
        .length(decimalBytes(type.precision()))
        .as(decimal);
  }

  /**
   * The fewest bytes whose two's complement holds every unscaled value of {@code precision} digits.
   */
  static int decimalBytes(int precision) {
    int bytes = 1;
    while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
      bytes++;
    }
    return bytes;
  }

  private static Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> timestamp(
      AtomicType type, Repetition repetition, boolean adjustedToUtc) {
    if (type.precision() > 6) {
      return Types.primitive(PrimitiveTypeName.INT96, repetition);
    }
    TimeUnit unit = type.precision() <= 3 ? TimeUnit.MILLIS : TimeUnit.MICROS;
    return Types.primitive(PrimitiveTypeName.INT64, repetition)
        .as(LogicalTypeAnnotation.timestampType(adjustedToUtc, unit));
  }
}
