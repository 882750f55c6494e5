package dev.lakeops.table.format;

import static dev.lakeops.table.format.SampleTables.notNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyValueLayoutTest {

  /**
   * {@code dt STRING, id INT, name STRING, price DOUBLE}, primary key (dt, id), partitioned by dt.
   */
  private static final RowType ORDERS =
      RowType.of(
          List.of(
              new DataField(0, "dt", AtomicType.string().withNullable(false)),
              new DataField(1, "id", notNull(TypeRoot.INT)),
              new DataField(2, "name", AtomicType.string()),
              new DataField(3, "price", AtomicType.of(TypeRoot.DOUBLE))));

  private final KeyValueLayout layout = KeyValueLayout.standard(ORDERS, List.of("id"));

  @Test
  void putsKeysThenSequenceAndKindThenAllColumnsWithPaimonsFieldIds() {
    RowType file = layout.fileType();

    assertThat(file.fieldNames())
        .containsExactly("_KEY_id", "_SEQUENCE_NUMBER", "_VALUE_KIND", "dt", "id", "name", "price");
    assertThat(file.fields())
        .extracting(DataField::id)
        .containsExactly(1073741824, 2147483646, 2147483645, 0, 1, 2, 3);
    assertThat(file.fields())
        .extracting(f -> f.type().asSql())
        .containsExactly(
            "INT NOT NULL",
            "BIGINT NOT NULL",
            "TINYINT NOT NULL",
            "STRING NOT NULL",
            "INT NOT NULL",
            "STRING",
            "DOUBLE");
  }

  @Test
  void thinLayoutHasNoKeyColumns() {
    KeyValueLayout thin = KeyValueLayout.thin(ORDERS, List.of("id"));

    assertThat(thin.fileType().fieldNames())
        .containsExactly("_SEQUENCE_NUMBER", "_VALUE_KIND", "dt", "id", "name", "price");
    assertThat(thin.keyType().fieldNames()).containsExactly("_KEY_id");
  }

  @Test
  void roundTripsAKeyValueThroughTheFileRow() {
    KeyValue kv =
        new KeyValue(
            Row.of(7), 42, RowKind.DELETE, Row.ofKind(RowKind.DELETE, "2024-01-01", 7, null, 1.5));

    Row fileRow = layout.toFileRow(kv);

    assertThat(fileRow).isEqualTo(Row.of(7, 42L, (byte) 3, "2024-01-01", 7, null, 1.5));
    assertThat(layout.fromFileRow(fileRow)).isEqualTo(kv);
  }

  @Test
  void thinLayoutTakesTheKeyFromTheValue() {
    KeyValueLayout thin = KeyValueLayout.thin(ORDERS, List.of("id"));
    KeyValue kv = new KeyValue(Row.of(7), 1, RowKind.INSERT, Row.of("2024-01-01", 7, "x", 2.0));

    assertThat(thin.toFileRow(kv)).isEqualTo(Row.of(1L, (byte) 0, "2024-01-01", 7, "x", 2.0));
    assertThat(thin.fromFileRow(thin.toFileRow(kv))).isEqualTo(kv);
  }

  @Test
  void matchesTheLayoutOfTheFileColumns() {
    assertThat(layout.matching(List.of("_SEQUENCE_NUMBER", "_VALUE_KIND", "dt", "id")).isThin())
        .isTrue();
    assertThat(
            layout
                .matching(List.of("_KEY_id", "_SEQUENCE_NUMBER", "_VALUE_KIND", "dt", "id"))
                .isThin())
        .isFalse();
  }

  @Test
  void extractsTheKeyOfATableRow() {
    KeyValueLayout composite = KeyValueLayout.standard(ORDERS, List.of("name", "id"));

    assertThat(composite.keyOf(Row.of("d", 1, "n", 0.0))).isEqualTo(Row.of("n", 1));
  }

  @Test
  void rejectsAKeyThatIsNotAColumn() {
    assertThatThrownBy(() -> KeyValueLayout.standard(ORDERS, List.of("missing")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("missing");
    assertThatThrownBy(() -> KeyValueLayout.standard(ORDERS, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rejectsRowsOfTheWrongArity() {
    assertThatThrownBy(
            () -> layout.toFileRow(new KeyValue(Row.of(1), 0, RowKind.INSERT, Row.of(1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("value row: arity 1");
  }

  @Test
  void rejectsAFileRowWithAnInvalidValueKind() {
    assertThatThrownBy(() -> layout.fromFileRow(Row.of(7, 42L, (byte) 9, "d", 7, null, 1.5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("9");
  }
}
