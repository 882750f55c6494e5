package dev.lakeops.agent.console.picture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Runs {@link PicturesBench} briefly, so that it keeps working; the count of draws comes from
 * {@code -Dlakeops-bench.iterations} (the figures in {@code docs/benchmarks.md} used 2,000).
 */
class PicturesBenchTest {

  @Test
  void drawsTheLargeCasesAndReportsTheirTimes() {
    int iterations = Integer.getInteger("lakeops-bench.iterations", 20);

    var lines = PicturesBench.run(iterations);

    lines.forEach(System.out::println);
    assertThat(lines).hasSize(2).allSatisfy(l -> assertThat(l).contains("median", "p99"));
  }
}
