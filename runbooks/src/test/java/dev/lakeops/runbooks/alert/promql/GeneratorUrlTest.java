package dev.lakeops.runbooks.alert.promql;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class GeneratorUrlTest {

  @Test
  void readsEveryPanelExpressionOfAPrometheusGraphLink() {
    String expr = "sum(kafka_consumergroup_lag{consumergroup=\"orders\"}) by (consumergroup) > 50";
    String url =
        "http://prom:9090/graph?g0.expr="
            + URLEncoder.encode(expr, StandardCharsets.UTF_8)
            + "&g0.tab=1&g1.expr=up&g1.tab=0";

    assertThat(GeneratorUrl.expressions(url)).containsExactly(expr, "up");
  }

  @Test
  void readsExpressionsOfAGrafanaExploreLink() {
    String left =
        "{\"datasource\":\"prom\",\"queries\":[{\"refId\":\"A\",\"expr\":\"flink_jobmanager_job_numRestarts"
            + " > 3\"}],\"range\":{\"from\":\"now-1h\"}}";
    String url =
        "http://grafana:3000/explore?orgId=1&left="
            + URLEncoder.encode(left, StandardCharsets.UTF_8);

    assertThat(GeneratorUrl.expressions(url))
        .containsExactly("flink_jobmanager_job_numRestarts > 3");
  }

  @Test
  void findsNoExpressionInALinkToAGrafanaRule() {
    assertThat(
            GeneratorUrl.expressions(
                "http://grafana:3000/alerting/grafana/cdu3vbqzd7jeoe/view?orgId=1"))
        .isEmpty();
    assertThat(GeneratorUrl.expressions("http://grafana:3000/alerting/list")).isEmpty();
    assertThat(GeneratorUrl.expressions(null)).isEmpty();
  }

  @Test
  void decodesLenientlyKeepingMalformedEscapes() {
    assertThat(GeneratorUrl.decode("a+b%20c%3D%22%E5%BB%B6%E8%BF%9F%22")).isEqualTo("a b c=\"延迟\"");
    assertThat(GeneratorUrl.decode("100%zz%4")).isEqualTo("100%zz%4");
    assertThat(GeneratorUrl.decode("%FF%FE")).isEqualTo("\uFFFD\uFFFD");
  }
}
