package dev.lakeops.runbooks.alert.promql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromQlTest {

  @Test
  void readsMetricsButNotFunctionsOrGroupingLabels() {
    PromQlExpression e =
        PromQl.read(
            "sum by (consumergroup, topic) (rate(kafka_consumergroup_lag[5m])) > on(topic)"
                + " group_left(owner) kafka_topic_owner");

    assertThat(e.metrics()).containsExactly("kafka_consumergroup_lag", "kafka_topic_owner");
    assertThat(e.functions()).containsExactly("sum", "rate");
    assertThat(e.problems()).isEmpty();
  }

  @Test
  void readsLabelMatchersWithQuotesAndEscapes() {
    PromQlExpression e =
        PromQl.read(
            "kafka_consumergroup_lag{consumergroup=\"or\\\"ders\", topic='t\\u00e9',"
                + " partition!=\"0\", env=~`prod|stage`}");

    assertThat(e.matchers())
        .extracting(LabelMatcher::toString)
        .containsExactly(
            "consumergroup=\"or\"ders\"",
            "topic=\"té\"",
            "partition!=\"0\"",
            "env=~\"prod|stage\"");
    assertThat(e.matchers().get(0).selectedValue()).contains("or\"ders");
    assertThat(e.matchers().get(2).selectedValue()).isEmpty();
    assertThat(e.matchers().get(3).selectedValue())
        .as("a regex that matches more than itself")
        .isEmpty();
  }

  @Test
  void takesAPlainNameRegexAsTheValueItSelects() {
    assertThat(PromQl.read("x{group=~\"orders-sink\"}").matchers().get(0).selectedValue())
        .contains("orders-sink");
  }

  @Test
  void readsMetricNamesFromNameMatchersAndQuotedNames() {
    assertThat(
            PromQl.read("{__name__=\"flink_jobmanager_job_uptime\", job_name=\"a\"} == 0")
                .metrics())
        .containsExactly("flink_jobmanager_job_uptime");
    assertThat(PromQl.read("{__name__=~\"flink_.*_numRestarts\"}").metrics())
        .containsExactly("flink___numRestarts");
    assertThat(PromQl.read("{\"flink.job.restarts\", job=\"x\"}").metrics())
        .containsExactly("flink.job.restarts");
  }

  @Test
  void skipsKeywordsDurationsSubqueriesOffsetsAndComments() {
    PromQlExpression e =
        PromQl.read(
            """
            # restarts over the last hour
            max_over_time(flink_jobmanager_job_numRestarts[1h:5m] offset 1h30m) > bool 3
              and flink_jobmanager_job_uptime @ end() unless absent(foo)
            """);

    assertThat(e.metrics())
        .containsExactly("flink_jobmanager_job_numRestarts", "flink_jobmanager_job_uptime", "foo");
    assertThat(e.problems()).isEmpty();
  }

  @Test
  void readsRecordingRuleNamesWithColons() {
    assertThat(PromQl.read("job:flink_backpressure:max5m > 0.8").metrics())
        .containsExactly("job:flink_backpressure:max5m");
  }

  @Test
  void namesWhatItCouldNotReadAndKeepsWhatItCould() {
    PromQlExpression e = PromQl.read("kafka_consumergroup_lag{consumergroup=\"orders} > 5");

    assertThat(e.metrics()).containsExactly("kafka_consumergroup_lag");
    assertThat(e.problems())
        .anySatisfy(p -> assertThat(p).contains("unterminated string starting at offset 38"));
    assertThat(PromQl.read("up{job=}").problems())
        .anySatisfy(p -> assertThat(p).contains("malformed label matcher at offset 3"));
  }

  @Test
  void refusesAnExpressionTooLongToBeARule() {
    PromQlExpression e = PromQl.read("a".repeat(PromQl.MAX_CHARS + 1));

    assertThat(e.metrics()).isEmpty();
    assertThat(e.problems()).singleElement().asString().contains("longer than " + PromQl.MAX_CHARS);
  }

  @Test
  void readsNothingFromNothing() {
    assertThat(PromQl.read(null)).isEqualTo(PromQlExpression.EMPTY);
    assertThat(PromQl.read("  ")).isEqualTo(PromQlExpression.EMPTY);
  }
}
