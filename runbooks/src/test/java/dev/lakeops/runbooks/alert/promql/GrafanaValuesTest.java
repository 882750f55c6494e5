package dev.lakeops.runbooks.alert.promql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GrafanaValuesTest {

  @Test
  void readsMetricsAndLabelsOfEverySeries() {
    GrafanaValues v =
        GrafanaValues.read(
            "[ var='A' metric='kafka_consumergroup_lag' labels={consumergroup=orders, topic=t}"
                + " value=12 ], [ var='B' labels={consumergroup=other} value=1 ]");

    assertThat(v.metrics()).containsExactly("kafka_consumergroup_lag");
    assertThat(v.labels())
        .containsEntry("consumergroup", "orders")
        .containsEntry("topic", "t")
        .hasSize(2);
  }

  @Test
  void readsNothingFromValuesWithoutSeries() {
    assertThat(GrafanaValues.read("A=12 B=1").labels()).isEmpty();
    assertThat(GrafanaValues.read(null).metrics()).isEmpty();
  }
}
