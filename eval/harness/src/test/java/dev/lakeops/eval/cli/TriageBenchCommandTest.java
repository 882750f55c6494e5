package dev.lakeops.eval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.LakeopsCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TriageBenchCommandTest {

  @Test
  void takesTheNearestRankPercentile() {
    List<Long> sorted = List.of(10L, 20L, 30L, 40L, 50L, 60L, 70L, 80L, 90L, 100L);

    assertThat(TriageBenchCommand.percentile(sorted, 50)).isEqualTo(50);
    assertThat(TriageBenchCommand.percentile(sorted, 95)).isEqualTo(100);
    assertThat(TriageBenchCommand.percentile(List.of(7L), 95)).isEqualTo(7);
  }

  @Test
  void refusesAnAlertCountOutOfRangeBeforeStartingAnything() {
    StringWriter err = new StringWriter();

    int exit =
        LakeopsCli.commandLine()
            .setErr(new PrintWriter(err))
            .execute("bench", "triage", "--alerts", "0");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--alerts must be between 1 and 10000, was 0");
  }
}
