package dev.lakeops.table.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SchemaJsonTest {

  @ParameterizedTest
  @ValueSource(strings = {"schema/pk_table.json", "schema/nested_types.json"})
  void writesBackWhatPaimonWroteByteForByte(String resource) {
    String json = TestResources.text(resource);

    assertThat(SchemaJson.toJson(SchemaJson.fromJson(json))).isEqualTo(json);
  }

  @Test
  void readsEveryFieldOfAPrimaryKeyTableSchema() {
    TableSchema schema = SchemaJson.fromJson(TestResources.text("schema/pk_table.json"));

    assertThat(schema.version()).isEqualTo(3);
    assertThat(schema.id()).isZero();
    assertThat(schema.fieldNames()).containsExactly("dt", "id", "name", "price");
    assertThat(schema.fields().get(0).type()).isEqualTo(AtomicType.string().withNullable(false));
    assertThat(schema.fields().get(3).type()).isEqualTo(AtomicType.of(TypeRoot.DOUBLE));
    assertThat(schema.highestFieldId()).isEqualTo(3);
    assertThat(schema.partitionKeys()).containsExactly("dt");
    assertThat(schema.primaryKeys()).containsExactly("dt", "id");
    assertThat(schema.options()).containsExactly(Map.entry("bucket", "2"));
    assertThat(schema.comment()).isNull();
    assertThat(schema.timeMillis()).isEqualTo(1795992923885L);
  }

  @Test
  void readsNestedTypesWithTheirFieldIdsDescriptionsAndDefaults() {
    TableSchema schema = SchemaJson.fromJson(TestResources.text("schema/nested_types.json"));

    assertThat(schema.fields().get(0).description()).isEqualTo("the key");
    assertThat(schema.fields().get(1).type()).isEqualTo(new ArrayType(true, AtomicType.string()));
    assertThat(schema.fields().get(2).type())
        .isEqualTo(
            new MapType(
                false, AtomicType.string().withNullable(false), AtomicType.decimal(38, 18)));
    RowType point = (RowType) schema.fields().get(3).type();
    assertThat(point.fields()).extracting(DataField::id).containsExactly(4, 5);
    assertThat(point.fields().get(0).type().asSql()).isEqualTo("TIMESTAMP(6) WITH LOCAL TIME ZONE");
    assertThat(point.fields().get(1).defaultValue()).isEqualTo("none");
    assertThat(schema.comment()).isEqualTo("nested");
  }

  @Test
  void ignoresUnknownFieldsAndDefaultsMissingOptionalOnes() {
    TableSchema schema =
        SchemaJson.fromJson(
            """
            {"version": 3, "id": 2, "future": {"x": [1]}, "fields": [{"id": 0, "name": "a", "type": "INT", "extra": true}],
             "highestFieldId": 0}\
            """);

    assertThat(schema.id()).isEqualTo(2);
    assertThat(schema.partitionKeys()).isEmpty();
    assertThat(schema.primaryKeys()).isEmpty();
    assertThat(schema.options()).isEmpty();
    assertThat(schema.timeMillis()).isZero();
  }

  @Test
  void upgradesOldVersionsLikePaimon() {
    TableSchema v1 =
        SchemaJson.fromJson(
            """
            {"id": 0, "fields": [{"id": 0, "name": "a", "type": "INT"}], "highestFieldId": 0, "options": {}}\
            """);
    TableSchema v2 =
        SchemaJson.fromJson(
            """
            {"version": 2, "id": 0, "fields": [], "highestFieldId": -1, "options": {"bucket": "4"}}\
            """);

    assertThat(v1.version()).isEqualTo(1);
    assertThat(v1.options()).containsEntry("bucket", "1").containsEntry("file.format", "orc");
    assertThat(v2.options()).containsEntry("bucket", "4").containsEntry("file.format", "orc");
  }

  @Test
  void namesTheFieldAndValueOfABadType() {
    assertThatThrownBy(
            () ->
                SchemaJson.fromJson(
                    """
                    {"version": 3, "id": 0, "fields": [{"id": 0, "name": "a", "type": "INT"},
                      {"id": 1, "name": "b", "type": "DECIMAL(99, 1)"}], "highestFieldId": 1}\
                    """))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("fields[1].type")
        .hasMessageContaining("DECIMAL(99, 1)");
  }

  @Test
  void namesMissingAndMistypedFields() {
    assertThatThrownBy(
            () -> SchemaJson.fromJson("{\"version\": 3, \"fields\": [], \"highestFieldId\": 0}"))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("Missing field 'id'");
    assertThatThrownBy(
            () -> SchemaJson.fromJson("{\"id\": \"x\", \"fields\": [], \"highestFieldId\": 0}"))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("'id'")
        .hasMessageContaining("\"x\"");
    assertThatThrownBy(
            () -> SchemaJson.fromJson("{\"id\": 0, \"fields\": {}, \"highestFieldId\": 0}"))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("'fields'");
    assertThatThrownBy(
            () ->
                SchemaJson.fromJson(
                    """
                    {"id": 0, "fields": [{"id": 0, "name": "a", "type": {"type": "MULTISET", "element": "INT"}}], "highestFieldId": 0}\
                    """))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("fields[0].type")
        .hasMessageContaining("MULTISET");
  }

  @Test
  void rejectsInconsistentSchemas() {
    assertThatThrownBy(
            () ->
                SchemaJson.fromJson(
                    """
                    {"id": 0, "fields": [{"id": 0, "name": "a", "type": "INT"}], "highestFieldId": 0, "primaryKeys": ["b"]}\
                    """))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("primary key 'b'");
    assertThatThrownBy(
            () ->
                SchemaJson.fromJson(
                    """
                    {"id": 0, "fields": [{"id": 5, "name": "a", "type": "INT"}], "highestFieldId": 1}\
                    """))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("highestFieldId");
  }

  @Test
  void rejectsTextThatIsNotJson() {
    assertThatThrownBy(() -> SchemaJson.fromJson("{\"id\": 0,"))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("Invalid JSON")
        .hasMessageContaining("line 1");
    assertThatThrownBy(() -> SchemaJson.fromJson("[1]"))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining("expected an object");
  }

  @Test
  void namesTheFileWhenLoading(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("schema-3");
    Files.writeString(file, "{}", StandardCharsets.UTF_8);

    assertThatThrownBy(() -> SchemaJson.load(new LocalFileIO(), file))
        .isInstanceOf(CorruptSchemaException.class)
        .hasMessageContaining(file.toString())
        .satisfies(e -> assertThat(((CorruptSchemaException) e).path()).contains(file));
  }

  @Test
  void writesNestedTypesAsObjects() {
    assertThat(SchemaJson.typeToJson(new ArrayType(false, AtomicType.of(TypeRoot.INT))))
        .isEqualTo("{\n  \"type\" : \"ARRAY NOT NULL\",\n  \"element\" : \"INT\"\n}");
  }

  @Test
  void roundTripsASchemaMadeForANewTable() {
    TableSchema schema =
        TableSchema.newTable(
            List.of(
                new DataField(0, "k", AtomicType.of(TypeRoot.BIGINT)),
                new DataField(1, "v", AtomicType.string())),
            List.of(),
            List.of("k"),
            Map.of("bucket", "4"),
            "c",
            1L);

    assertThat(SchemaJson.fromJson(SchemaJson.toJson(schema))).isEqualTo(schema);
  }
}
