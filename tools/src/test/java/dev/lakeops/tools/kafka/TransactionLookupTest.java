package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.junit.jupiter.api.Test;

class TransactionLookupTest {

  private static final OpenTransaction OPEN =
      new OpenTransaction("tx-orders", 0, 4007, 3, 11, 1_800_000_000_000L);

  private static TransactionDescription description(long producerId) {
    return new TransactionDescription(
        1,
        TransactionState.ONGOING,
        producerId,
        3,
        900_000,
        OptionalLong.of(1_799_999_700_000L),
        Set.of(new TopicPartition("tx-orders", 0)));
  }

  @Test
  void namesAProducerIdByItsTransactionalIdWithTheCoordinatorsView() {
    List<OpenTransaction> named =
        TransactionLookup.merge(
            List.of(OPEN),
            Map.of(4007L, "orders-sink-0-7"),
            Map.of("orders-sink-0-7", description(4007)));

    assertThat(named)
        .containsExactly(
            new OpenTransaction(
                "tx-orders",
                0,
                4007,
                3,
                11,
                1_800_000_000_000L,
                "orders-sink-0-7",
                "Ongoing",
                1_799_999_700_000L,
                900_000L));
  }

  @Test
  void keepsATransactionUnnamedWhenNoCoordinatorListsItsProducerOrTheIdNowHasAnother() {
    assertThat(TransactionLookup.merge(List.of(OPEN), Map.of(), Map.of())).containsExactly(OPEN);
    assertThat(
            TransactionLookup.merge(
                List.of(OPEN),
                Map.of(4007L, "orders-sink-0-7"),
                Map.of("orders-sink-0-7", description(5120))))
        .containsExactly(OPEN);
  }

  @Test
  void recordsAFailedListingAndKeepsTheTransactionsAsThePartitionsShowedThem() {
    Admin refusing =
        (Admin)
            Proxy.newProxyInstance(
                Admin.class.getClassLoader(),
                new Class<?>[] {Admin.class},
                (proxy, method, args) -> {
                  throw new TransactionalIdAuthorizationException(
                      "Transactional Id authorization failed.");
                });
    List<String> queries = new ArrayList<>();
    List<ProbeError> errors = new ArrayList<>();

    List<OpenTransaction> named =
        new TransactionLookup(refusing, 1000, " at kafka-1:9092", queries, errors)
            .named(List.of(OPEN));

    assertThat(named).containsExactly(OPEN);
    assertThat(queries).containsExactly("listTransactions(producerIds 4007) at kafka-1:9092");
    assertThat(errors)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.code()).isEqualTo(ProbeException.Code.UNAUTHORIZED);
              assertThat(e.query()).startsWith("listTransactions(");
            });
  }

  @Test
  void aNamedTransactionSurvivesARecordingAndAnOldRecordingReadsAsUnnamed() throws Exception {
    OpenTransaction named =
        TransactionLookup.merge(
                List.of(OPEN),
                Map.of(4007L, "orders-sink-0-7"),
                Map.of("orders-sink-0-7", description(4007)))
            .get(0);

    String json = Json.mapper().writeValueAsString(named);
    String old =
        "{\"topic\":\"tx-orders\",\"partition\":0,\"producerId\":4007,\"producerEpoch\":3,"
            + "\"startOffset\":11,\"lastTimestampMs\":1800000000000}";

    assertThat(Json.mapper().readValue(json, OpenTransaction.class)).isEqualTo(named);
    assertThat(Json.mapper().readValue(old, OpenTransaction.class)).isEqualTo(OPEN);
  }
}
