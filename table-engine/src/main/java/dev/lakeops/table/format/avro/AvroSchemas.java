package dev.lakeops.table.format.avro;

import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * The Avro schema Paimon 1.3.1 gives a data file of a row type (paimon-format.md §13.2, §13.3,
 * measured field by field):
 *
 * <ul>
 *   <li>the top record is {@code org.apache.paimon.avro.generated.record}; a nested ROW in field
 *       {@code f} of record {@code R} is record {@code R_f}; array elements and map values keep the
 *       name of their field;
 *   <li>a nullable type is the union {@code ["null", T]}; record fields of that type default to
 *       null;
 *   <li>TINYINT/SMALLINT are {@code int}; DECIMAL is {@code bytes} with logical type decimal; DATE
 *       {@code int date}; TIME(≤3) {@code int time-millis}; TIMESTAMP(≤3/≤6) {@code long
 *       timestamp-millis/-micros}; TIMESTAMP_LTZ {@code long local-timestamp-*};
 *   <li>a MAP with a string key is an Avro map; any other MAP is an array of records {@code R(key,
 *       value)} marked {@code "logicalType":"map"}.
 * </ul>
 */
public final class AvroSchemas {

  public static final String NAMESPACE = "org.apache.paimon.avro.generated";
  public static final String TOP_RECORD_NAME = "record";

  /** The property Paimon sets on the array that stores a MAP with a non-string key. */
  static final String MAP_LOGICAL_TYPE = "map";

  private AvroSchemas() {}

  /**
   * The Avro schema of a data file of {@code rowType}.
   *
   * @throws IllegalArgumentException a column type Avro cannot store as Paimon does: TIME with
   *     precision above 3, TIMESTAMP with precision above 6
   */
  public static Schema toAvro(RowType rowType) {
    return record(rowType, TOP_RECORD_NAME);
  }

  private static Schema convert(DataType type, String rowName) {
    Schema schema = convertNotNull(type, rowName);
    return type.nullable() ? Schema.createUnion(Schema.create(Schema.Type.NULL), schema) : schema;
  }

  private static Schema convertNotNull(DataType type, String rowName) {
    if (type instanceof RowType row) {
      return record(row, rowName);
    }
    if (type instanceof ArrayType array) {
      return Schema.createArray(convert(array.element(), rowName));
    }
    if (type instanceof MapType map) {
      if (isString(map.key())) {
        return Schema.createMap(convert(map.value(), rowName));
      }
      List<Schema.Field> fields = new ArrayList<>(2);
      fields.add(new Schema.Field("key", convert(map.key(), rowName + "_key")));
      fields.add(field("value", convert(map.value(), rowName + "_value"), map.value().nullable()));
      Schema entries =
          Schema.createArray(Schema.createRecord(rowName, null, NAMESPACE, false, fields));
      entries.addProp("logicalType", MAP_LOGICAL_TYPE);
      return entries;
    }
    return atomic((AtomicType) type);
  }

  private static Schema record(RowType row, String name) {
    List<Schema.Field> fields = new ArrayList<>(row.arity());
    for (DataField f : row.fields()) {
      fields.add(field(f.name(), convert(f.type(), name + "_" + f.name()), f.type().nullable()));
    }
    return Schema.createRecord(name, null, NAMESPACE, false, fields);
  }

  private static Schema.Field field(String name, Schema schema, boolean nullDefault) {
    return nullDefault
        ? new Schema.Field(name, schema, null, Schema.Field.NULL_DEFAULT_VALUE)
        : new Schema.Field(name, schema);
  }

  private static Schema atomic(AtomicType type) {
    return switch (type.root()) {
      case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
      case TINYINT, SMALLINT, INT -> Schema.create(Schema.Type.INT);
      case BIGINT -> Schema.create(Schema.Type.LONG);
      case FLOAT -> Schema.create(Schema.Type.FLOAT);
      case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
      case DECIMAL ->
          LogicalTypes.decimal(type.precision(), type.scale())
              .addToSchema(Schema.create(Schema.Type.BYTES));
      case CHAR, VARCHAR -> Schema.create(Schema.Type.STRING);
      case BINARY, VARBINARY -> Schema.create(Schema.Type.BYTES);
      case DATE -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIME -> {
        if (type.precision() > 3) {
          throw new IllegalArgumentException(
              "Avro data files store TIME with precision up to 3, not " + type.asSql());
        }
        yield LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
      }
      case TIMESTAMP ->
          timestamp(type, LogicalTypes.timestampMillis(), LogicalTypes.timestampMicros());
      case TIMESTAMP_LTZ ->
          timestamp(type, LogicalTypes.localTimestampMillis(), LogicalTypes.localTimestampMicros());
    };
  }

  private static Schema timestamp(
      AtomicType type, org.apache.avro.LogicalType millis, org.apache.avro.LogicalType micros) {
    if (type.precision() > 6) {
      throw new IllegalArgumentException(
          "Avro data files store timestamps with precision up to 6, not " + type.asSql());
    }
    return (type.precision() <= 3 ? millis : micros).addToSchema(Schema.create(Schema.Type.LONG));
  }

  static boolean isString(DataType type) {
    return type instanceof AtomicType a
        && (a.root() == TypeRoot.CHAR || a.root() == TypeRoot.VARCHAR);
  }
}
