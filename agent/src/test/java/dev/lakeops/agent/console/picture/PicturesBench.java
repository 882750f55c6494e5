package dev.lakeops.agent.console.picture;

import dev.lakeops.agent.console.ConsoleTexts;
import dev.lakeops.runbooks.TriageReport;
import java.util.List;
import java.util.Locale;

/**
 * How long the incident page's Flink and Kafka pictures take to draw for a job of 200 vertices and
 * a group of 1,000 partitions: a warm-up, then the median and 99th percentile of repeated draws.
 * Measures, never asserts a time; {@code docs/benchmarks.md} ("Console pictures") has the figures
 * and the command.
 */
final class PicturesBench {

  private PicturesBench() {}

  public static void main(String[] args) {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    System.out.println(String.join("\n", run(iterations)));
  }

  /** One line per case: name, SVG size, median and p99 draw time. */
  static List<String> run(int iterations) {
    ConsoleTexts texts = ConsoleTexts.of("en", null);
    return List.of(
        measure("flink graph, 200 vertices", FlinkReportsForTests.chain(200), texts, iterations),
        measure(
            "kafka lag, 1,000 partitions x 10 probes",
            KafkaReportsForTests.lag("orders", "lake-sink", 1_000, 10, true),
            texts,
            iterations));
  }

  private static String measure(
      String name, TriageReport report, ConsoleTexts texts, int iterations) {
    int size = 0;
    for (int i = 0; i < Math.max(100, iterations / 2); i++) {
      size = IncidentPictures.of(report, texts).stream().mapToInt(p -> p.svg().length()).sum();
    }
    long[] nanos = new long[iterations];
    for (int i = 0; i < iterations; i++) {
      long start = System.nanoTime();
      size = IncidentPictures.of(report, texts).stream().mapToInt(p -> p.svg().length()).sum();
      nanos[i] = System.nanoTime() - start;
    }
    java.util.Arrays.sort(nanos);
    return String.format(
        Locale.ROOT,
        "%-40s svg %,7d chars  median %7.3f ms  p99 %7.3f ms  (%d draws)",
        name,
        size,
        nanos[iterations / 2] / 1e6,
        nanos[(int) (iterations * 0.99)] / 1e6,
        iterations);
  }
}
