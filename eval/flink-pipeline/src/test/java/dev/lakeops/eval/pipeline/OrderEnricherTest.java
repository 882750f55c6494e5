package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OrderEnricherTest {

  private final OrderEnricher enricher = new OrderEnricher();

  @Test
  void marksALargeOrder() {
    String enriched = enricher.map("{\"orderId\":1,\"amountCents\":25000}");

    assertThat(enriched)
        .startsWith("{\"orderId\":1,\"amountCents\":25000,\"amountBand\":\"large\",\"enrichedAt\":")
        .endsWith("}");
  }

  @Test
  void marksASmallOrder() {
    assertThat(enricher.map("{\"orderId\":2,\"amountCents\":100}"))
        .contains("\"amountBand\":\"small\"");
  }

  @Test
  void passesThroughARecordThatIsNotAnObject() {
    assertThat(enricher.map("not json")).isEqualTo("not json");
  }

  @Test
  void readsNoAmountFromAnOrderWithoutOne() {
    assertThat(OrderEnricher.amountCents("{\"orderId\":1}")).isZero();
  }
}
