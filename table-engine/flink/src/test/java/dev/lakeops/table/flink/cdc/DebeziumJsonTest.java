package dev.lakeops.table.flink.cdc;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DebeziumJsonTest {

  private static final RowType ORDERS =
      RowType.of(
          List.of(
              new DataField(0, "order_id", AtomicType.of(TypeRoot.BIGINT).withNullable(false)),
              new DataField(1, "shop", AtomicType.string()),
              new DataField(2, "amount", AtomicType.decimal(10, 2)),
              new DataField(3, "created_at", AtomicType.timestamp(6)),
              new DataField(4, "order_date", AtomicType.of(TypeRoot.DATE))));

  private final DebeziumJson json = DebeziumJson.forRowType(ORDERS);

  // the MariaDB connector's value with JsonConverter schemas.enable=false and
  // decimal.handling.mode=string
  @Test
  void readsCreatesUpdatesAndDeletesWithoutSchemas() {
    String create =
        """
        {"before":null,"after":{"order_id":7,"shop":"s-1","amount":"12.50",
         "created_at":1733011200123456,"order_date":20058,"note":"ignored"},
         "source":{"connector":"mariadb","file":"mysql-bin.000003","pos":1042},
         "op":"c","ts_ms":1733011200200}
        """;
    assertThat(json.rows(bytes(create)))
        .containsExactly(
            Row.of(
                7L,
                "s-1",
                new BigDecimal("12.50"),
                LocalDateTime.parse("2024-12-01T00:00:00.123456"),
                LocalDate.parse("2024-12-01")));

    String update =
        """
        {"before":{"order_id":7,"shop":"s-1","amount":"12.50","created_at":0,"order_date":0},
         "after":{"order_id":7,"shop":"s-2","amount":"13.00","created_at":0,"order_date":0},
         "op":"u"}
        """;
    List<Row> updated = json.rows(bytes(update));
    assertThat(updated)
        .extracting(Row::kind)
        .containsExactly(RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER);
    assertThat(updated.get(1).get(1)).isEqualTo("s-2");
    assertThat(updated.get(1).get(2)).isEqualTo(new BigDecimal("13.00"));

    String delete =
        """
        {"before":{"order_id":7,"shop":"s-2","amount":"13.00","created_at":0,"order_date":0},
         "after":null,"op":"d"}
        """;
    assertThat(json.rows(bytes(delete)))
        .singleElement()
        .satisfies(row -> assertThat(row.kind()).isEqualTo(RowKind.DELETE))
        .satisfies(row -> assertThat(row.get(0)).isEqualTo(7L));

    // a snapshot read is an insert; an update without its before image is only +U
    assertThat(json.rows(bytes(create.replace("\"op\":\"c\"", "\"op\":\"r\""))))
        .extracting(Row::kind)
        .containsExactly(RowKind.INSERT);
    assertThat(json.rows(bytes(update.replaceFirst("\"before\":\\{[^}]*}", "\"before\":null"))))
        .extracting(Row::kind)
        .containsExactly(RowKind.UPDATE_AFTER);
  }

  // schemas.enable=true with the default decimal.handling.mode=precise: the decimal is its unscaled
  // bytes in base64 and its scale is in the schema; the schema's semantic type says millis
  @Test
  void readsDecimalsAndTimestampsByTheirConnectSchema() {
    String event =
        """
        {"schema":{"type":"struct","fields":[
           {"type":"struct","optional":true,"field":"before","fields":[]},
           {"type":"struct","optional":true,"field":"after","fields":[
             {"type":"int64","optional":false,"field":"order_id"},
             {"type":"bytes","optional":true,"name":"org.apache.kafka.connect.data.Decimal",
              "parameters":{"scale":"2","connect.decimal.precision":"10"},"field":"amount"},
             {"type":"int64","optional":true,"name":"io.debezium.time.Timestamp",
              "field":"created_at"}]},
           {"type":"string","optional":false,"field":"op"}]},
         "payload":{"before":null,"after":{"order_id":8,"amount":"BNI=","created_at":1733011200123},
           "op":"c"}}
        """;
    Row row = json.rows(bytes(event)).get(0);
    assertThat(row.get(2)).isEqualTo(new BigDecimal("12.34"));
    assertThat(row.get(3)).isEqualTo(LocalDateTime.parse("2024-12-01T00:00:00.123"));
    assertThat(row.get(1)).isNull();
  }

  // without schemas, "1234" could be the number or base64 bytes: the converter is told which
  @Test
  void readsSchemalessDecimalsAsTheConverterIsToldTheyCome() {
    String event = "{\"op\":\"c\",\"after\":{\"order_id\":1,\"amount\":\"%s\"}}";
    DebeziumJson precise = DebeziumJson.forRowType(ORDERS, DebeziumJson.DecimalText.BASE64);
    assertThat(precise.rows(bytes(event.formatted("BNI="))).get(0).get(2))
        .isEqualTo(new BigDecimal("12.34"));
    // 0xd76df8 unscaled at scale 2
    assertThat(precise.rows(bytes(event.formatted("1234"))).get(0).get(2))
        .isEqualTo(new BigDecimal("-26588.24"));
    assertThat(json.rows(bytes(event.formatted("1234"))).get(0).get(2))
        .isEqualTo(new BigDecimal("1234.00"));
    assertThatThrownBy(() -> json.rows(bytes(event.formatted("BNI="))))
        .hasMessageContaining("after.amount = \"BNI=\" does not fit column type DECIMAL(10, 2)");
    // a JSON number is a number in either mode (decimal.handling.mode=double)
    assertThat(precise.rows(bytes(event.formatted("x").replace("\"x\"", "12.5"))).get(0).get(2))
        .isEqualTo(new BigDecimal("12.50"));
  }

  @Test
  void readsFlattenedRecordsAsUpsertsAndDeletes() {
    assertThat(json.rows(bytes("{\"order_id\":9,\"shop\":\"s\",\"__deleted\":\"false\"}")))
        .extracting(Row::kind)
        .containsExactly(RowKind.INSERT);
    assertThat(json.rows(bytes("{\"ORDER_ID\":9,\"__deleted\":\"true\"}")))
        .singleElement()
        .satisfies(row -> assertThat(row.kind()).isEqualTo(RowKind.DELETE))
        .satisfies(row -> assertThat(row.get(0)).isEqualTo(9L));
  }

  @Test
  void aTimestampWithZoneIsReadAsAnInstant() {
    DebeziumJson ltz =
        DebeziumJson.forRowType(
            RowType.of(
                List.of(
                    new DataField(0, "id", AtomicType.of(TypeRoot.INT)),
                    new DataField(1, "at", AtomicType.of(TypeRoot.TIMESTAMP_LTZ)))));
    Row row =
        ltz.rows(bytes("{\"op\":\"c\",\"after\":{\"id\":1,\"at\":\"2024-12-01T08:00:00+08:00\"}}"))
            .get(0);
    assertThat(row.get(1)).isEqualTo(Instant.parse("2024-12-01T00:00:00Z"));
  }

  @Test
  void schemaMessagesGiveNoRows() {
    assertThat(json.rows(bytes("{\"op\":\"m\",\"message\":{\"prefix\":\"p\"}}"))).isEmpty();
  }

  @Test
  void refusesWhatIsNotAChangeEventNamingWhatIsWrong() {
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"c\",")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Invalid Debezium change event: not JSON");
    assertThatThrownBy(() -> json.rows(bytes("[1,2]")))
        .hasMessage("Invalid Debezium change event: not a JSON object");
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"x\",\"after\":{}}")))
        .hasMessageContaining("unknown op 'x'");
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"c\"}")))
        .hasMessageContaining("op 'c' without a 'after' object");
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"t\"}")))
        .hasMessageContaining("truncate event");
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"c\",\"after\":{\"shop\":\"s\"}}")))
        .hasMessage(
            "Debezium change event: after.order_id is missing but the column is BIGINT NOT NULL");
    assertThatThrownBy(() -> json.rows(bytes("{\"op\":\"c\",\"after\":{\"order_id\":\"seven\"}}")))
        .hasMessageStartingWith(
            "Debezium change event: after.order_id = \"seven\" does not fit column type BIGINT");
    assertThatThrownBy(
            () ->
                json.rows(
                    bytes("{\"op\":\"c\",\"after\":{\"order_id\":1,\"amount\":\"123456789.5\"}}")))
        .hasMessageContaining("after.amount")
        .hasMessageContaining("DECIMAL(10, 2)");
    assertThatThrownBy(
            () ->
                json.rows(bytes("{\"op\":\"c\",\"after\":{\"order_id\":1,\"amount\":\"1.234\"}}")))
        .hasMessageContaining("after.amount = \"1.234\" does not fit");
  }

  @Test
  void refusesATableWithANestedColumn() {
    RowType nested =
        RowType.of(List.of(new DataField(0, "tags", new ArrayType(true, AtomicType.string()))));
    assertThatThrownBy(() -> DebeziumJson.forRowType(nested))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Column tags of type ARRAY<STRING> cannot be filled");
  }

  // whatever bytes arrive, the converter answers with rows or an IllegalArgumentException
  @Test
  void randomBytesAndMutatedEventsNeverFailOtherwise() {
    Random random = new Random(42);
    String base =
        "{\"before\":null,\"after\":{\"order_id\":7,\"shop\":\"s-1\",\"amount\":\"12.50\","
            + "\"created_at\":1733011200123456,\"order_date\":20058},\"op\":\"c\"}";
    for (int i = 0; i < 5_000; i++) {
      byte[] input = base.getBytes(UTF_8);
      if (i % 2 == 0) {
        input = new byte[random.nextInt(64)];
        random.nextBytes(input);
      } else {
        for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
          input[random.nextInt(input.length)] = (byte) (32 + random.nextInt(95));
        }
      }
      byte[] event = input;
      try {
        assertThat(json.rows(event)).allSatisfy(row -> assertThat(row.arity()).isEqualTo(5));
      } catch (IllegalArgumentException expected) {
        assertThat(expected.getMessage()).isNotBlank();
      }
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }
}
