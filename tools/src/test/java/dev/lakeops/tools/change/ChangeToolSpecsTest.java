package dev.lakeops.tools.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.spec.ToolParam;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The declaration of {@code changes.recent}. */
class ChangeToolSpecsTest {

  @Test
  void declaresEveryTargetAndTimeAsOptionalWithAnHourOfLookback() {
    assertThat(ChangeToolSpecs.RECENT.name()).isEqualTo("changes.recent");
    assertThat(ChangeToolSpecs.RECENT.paramNames())
        .containsExactly(
            "job",
            "flink_cluster",
            "table",
            "topic",
            "group",
            "kafka_cluster",
            "since",
            "until",
            "alert_at",
            "lookback");
    assertThat(ChangeToolSpecs.RECENT.required()).isEmpty();
    assertThat(ChangeToolSpecs.RECENT.param("lookback").map(ToolParam::defaultValue))
        .contains("60m");
  }

  @Test
  void declaresEveryChangeCode() {
    assertThat(ChangeToolSpecs.RECENT.codes().all())
        .containsExactlyElementsOf(ChangeCodes.ALL)
        .contains(
            "change.flink.job-resubmitted",
            "change.flink.parallelism",
            "change.flink.fresh-start",
            "change.flink.savepoint-restore",
            "change.table.new-commit-user",
            "change.kafka.partitions-added",
            "change.kafka.offsets-rewound",
            "change.lakeops.action",
            "change.none");
  }

  @Test
  void readsInstantsWithAZoneAnOffsetOrAsEpochMilliseconds() {
    Instant at = Instant.parse("2026-11-29T10:15:30Z");

    assertThat(ChangeToolSpecs.parseInstant("since", "2026-11-29T10:15:30Z")).isEqualTo(at);
    assertThat(ChangeToolSpecs.parseInstant("since", "2026-11-29T18:15:30+08:00")).isEqualTo(at);
    assertThat(ChangeToolSpecs.parseInstant("since", Long.toString(at.toEpochMilli())))
        .isEqualTo(at);
    assertThatThrownBy(() -> ChangeToolSpecs.parseInstant("until", "10:15"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parameter until must be an ISO-8601 instant")
        .hasMessageContaining("was '10:15'");
  }
}
