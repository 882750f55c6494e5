package dev.lakeops.table.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableSchemaTest {

  private static final List<DataField> FIELDS =
      List.of(
          new DataField(0, "dt", AtomicType.string()),
          new DataField(1, "id", AtomicType.of(TypeRoot.INT)),
          new DataField(2, "name", AtomicType.string()),
          new DataField(3, "price", AtomicType.of(TypeRoot.DOUBLE)));

  private static TableSchema schema(
      List<String> partitionKeys, List<String> primaryKeys, Map<String, String> options) {
    return TableSchema.newTable(FIELDS, partitionKeys, primaryKeys, options, null, 0);
  }

  @Test
  void forcesPrimaryKeyColumnsToNotNullForANewTable() {
    TableSchema s = schema(List.of("dt"), List.of("dt", "id"), Map.of("bucket", "2"));

    assertThat(s.fields())
        .extracting(f -> f.type().nullable())
        .containsExactly(false, false, true, true);
    assertThat(s.highestFieldId()).isEqualTo(3);
    assertThat(s.version()).isEqualTo(3);
  }

  @Test
  void trimsPartitionKeysFromThePrimaryKey() {
    TableSchema s = schema(List.of("dt"), List.of("dt", "id"), Map.of("bucket", "2"));

    assertThat(s.trimmedPrimaryKeys()).containsExactly("id");
    assertThat(s.trimmedPrimaryKeyType().fieldNames()).containsExactly("id");
    assertThat(s.partitionType().fieldNames()).containsExactly("dt");
    assertThat(s.numBuckets()).isEqualTo(2);
  }

  @Test
  void takesBucketKeysFromTheOptionElseTheTrimmedPrimaryKey() {
    assertThat(schema(List.of("dt"), List.of("dt", "id", "name"), Map.of()).bucketKeys())
        .containsExactly("id", "name");
    assertThat(
            schema(List.of("dt"), List.of("dt", "id", "name"), Map.of("bucket-key", "name"))
                .bucketKeys())
        .containsExactly("name");
    assertThat(schema(List.of(), List.of(), Map.of()).bucketKeys()).isEmpty();
    assertThat(
            schema(List.of(), List.of(), Map.of("bucket-key", "id,price"))
                .bucketKeyType()
                .fieldNames())
        .containsExactly("id", "price");
  }

  @Test
  void rejectsBucketKeysPaimonRejects() {
    assertThatThrownBy(() -> schema(List.of(), List.of(), Map.of("bucket-key", "nope")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nope");
    assertThatThrownBy(() -> schema(List.of(), List.of(), Map.of("bucket-key", "id, price")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("' price'");
    assertThatThrownBy(() -> schema(List.of("dt"), List.of(), Map.of("bucket-key", "dt")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("partition key");
    assertThatThrownBy(() -> schema(List.of(), List.of("id"), Map.of("bucket-key", "name")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("primary key");
  }

  @Test
  void rejectsAPrimaryKeyMadeOfPartitionKeysOnly() {
    assertThatThrownBy(() -> schema(List.of("dt"), List.of("dt"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[dt]");
  }

  @Test
  void rejectsUnknownDuplicateAndInvalidKeys() {
    assertThatThrownBy(() -> schema(List.of("x"), List.of(), Map.of()))
        .hasMessageContaining("partition key 'x'");
    assertThatThrownBy(() -> schema(List.of(), List.of("id", "id"), Map.of()))
        .hasMessageContaining("Duplicate primary key");
    assertThatThrownBy(
            () -> new TableSchema(0, 0, FIELDS, 3, List.of(), List.of(), Map.of(), null, 0))
        .hasMessageContaining("version");
    assertThatThrownBy(
            () -> new TableSchema(3, -1, FIELDS, 3, List.of(), List.of(), Map.of(), null, 0))
        .hasMessageContaining("-1");
  }

  @Test
  void rejectsDuplicateFieldIdsAlsoInNestedRows() {
    List<DataField> fields =
        List.of(
            new DataField(0, "a", AtomicType.of(TypeRoot.INT)),
            new DataField(
                1, "r", RowType.of(List.of(new DataField(0, "x", AtomicType.of(TypeRoot.INT))))));

    assertThatThrownBy(
            () -> new TableSchema(3, 0, fields, 1, List.of(), List.of(), Map.of(), null, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Duplicate field id: 0");
  }

  @Test
  void keepsOptionsInInsertionOrder() {
    java.util.LinkedHashMap<String, String> options = new java.util.LinkedHashMap<>();
    options.put("z", "1");
    options.put("a", "2");

    assertThat(schema(List.of(), List.of(), options).options().keySet()).containsExactly("z", "a");
  }
}
