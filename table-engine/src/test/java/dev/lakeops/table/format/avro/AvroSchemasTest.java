package dev.lakeops.table.format.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class AvroSchemasTest {

  @Test
  void namesRecordsAndUnionsAsPaimonDoes() {
    RowType point =
        RowType.of(
            List.of(
                new DataField(5, "x", AtomicType.of(TypeRoot.INT)),
                new DataField(
                    6, "y", RowType.of(List.of(new DataField(7, "z", AtomicType.string()))))));
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "id", AtomicType.of(TypeRoot.INT).withNullable(false)),
                new DataField(1, "ai", new ArrayType(true, AtomicType.of(TypeRoot.INT))),
                new DataField(
                    2,
                    "mi",
                    new MapType(
                        true,
                        AtomicType.of(TypeRoot.INT).withNullable(false),
                        AtomicType.string())),
                new DataField(3, "ro", point),
                new DataField(
                    4,
                    "ar",
                    new ArrayType(
                        true,
                        RowType.of(List.of(new DataField(8, "p", AtomicType.of(TypeRoot.INT))))))));

    // As Paimon 1.3.1 wrote it for the same columns (measured).
    String expected =
        "{\"type\":\"record\",\"name\":\"record\",\"namespace\":\"org.apache.paimon.avro.generated\","
            + "\"fields\":[{\"name\":\"id\",\"type\":\"int\"},"
            + "{\"name\":\"ai\",\"type\":[\"null\",{\"type\":\"array\",\"items\":[\"null\",\"int\"]}],\"default\":null},"
            + "{\"name\":\"mi\",\"type\":[\"null\",{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"record_mi\","
            + "\"fields\":[{\"name\":\"key\",\"type\":\"int\"},{\"name\":\"value\",\"type\":[\"null\",\"string\"],"
            + "\"default\":null}]},\"logicalType\":\"map\"}],\"default\":null},"
            + "{\"name\":\"ro\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"record_ro\",\"fields\":["
            + "{\"name\":\"x\",\"type\":[\"null\",\"int\"],\"default\":null},"
            + "{\"name\":\"y\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"record_ro_y\",\"fields\":["
            + "{\"name\":\"z\",\"type\":[\"null\",\"string\"],\"default\":null}]}],\"default\":null}]}],\"default\":null},"
            + "{\"name\":\"ar\",\"type\":[\"null\",{\"type\":\"array\",\"items\":[\"null\",{\"type\":\"record\","
            + "\"name\":\"record_ar\",\"fields\":[{\"name\":\"p\",\"type\":[\"null\",\"int\"],\"default\":null}]}]}],"
            + "\"default\":null}]}";

    Schema schema = AvroSchemas.toAvro(type);

    assertThat(schema).isEqualTo(new Schema.Parser().parse(expected));
    assertThat(schema.toString()).isEqualTo(expected);
  }

  @Test
  void usesPaimonsLogicalTypes() {
    RowType type =
        RowType.of(
            List.of(
                new DataField(0, "d", AtomicType.decimal(30, 5)),
                new DataField(1, "tm", new AtomicType(TypeRoot.TIME, true, 3, 0)),
                new DataField(2, "t0", AtomicType.timestamp(0)),
                new DataField(3, "t6", AtomicType.timestamp(6)),
                new DataField(4, "l3", new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 3, 0)),
                new DataField(5, "l6", new AtomicType(TypeRoot.TIMESTAMP_LTZ, false, 6, 0))));

    Schema schema = AvroSchemas.toAvro(type);

    assertThat(schema.getField("d").schema().getTypes().get(1).toString())
        .isEqualTo("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":30,\"scale\":5}");
    assertThat(schema.getField("tm").schema().getTypes().get(1).getLogicalType().getName())
        .isEqualTo("time-millis");
    assertThat(schema.getField("t0").schema().getTypes().get(1).getLogicalType().getName())
        .isEqualTo("timestamp-millis");
    assertThat(schema.getField("t6").schema().getTypes().get(1).getLogicalType().getName())
        .isEqualTo("timestamp-micros");
    assertThat(schema.getField("l3").schema().getTypes().get(1).getLogicalType().getName())
        .isEqualTo("local-timestamp-millis");
    assertThat(schema.getField("l6").schema().getLogicalType().getName())
        .isEqualTo("local-timestamp-micros");
  }

  @Test
  void rejectsTimesAndTimestampsBeyondAvrosPrecision() {
    assertThatThrownBy(
            () ->
                AvroSchemas.toAvro(
                    RowType.of(
                        List.of(
                            new DataField(0, "tm", new AtomicType(TypeRoot.TIME, true, 6, 0))))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TIME(6)");
    assertThatThrownBy(
            () ->
                AvroSchemas.toAvro(
                    RowType.of(
                        List.of(
                            new DataField(
                                0, "l", new AtomicType(TypeRoot.TIMESTAMP_LTZ, true, 9, 0))))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("precision up to 6");
  }
}
