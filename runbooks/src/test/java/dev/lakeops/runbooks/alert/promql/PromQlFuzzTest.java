package dev.lakeops.runbooks.alert.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random bytes, deep nesting and huge inputs: the tokenizer, the URL reader and Grafana's values
 * answer with what they could read and the problems, never an exception, and quickly.
 */
class PromQlFuzzTest {

  private static final String ALPHABET = "abcXYZ_:019 .,{}()[]\"'`\\=!~<>+-*/%^@#\n\t%&?ü延";

  @Test
  void neverThrowsOnRandomText() {
    Random random = new Random(12);
    for (int n = 0; n < 5_000; n++) {
      StringBuilder s = new StringBuilder();
      int len = random.nextInt(200);
      for (int i = 0; i < len; i++) {
        s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      String text = s.toString();
      assertThatCode(
              () -> {
                PromQl.read(text);
                GeneratorUrl.expressions("http://p/graph?g0.expr=" + text);
                GeneratorUrl.decode(text);
                GrafanaValues.read(text);
              })
          .as(text)
          .doesNotThrowAnyException();
    }
  }

  @Test
  void neverThrowsOnRandomBytes() {
    Random random = new Random(34);
    for (int n = 0; n < 2_000; n++) {
      byte[] bytes = new byte[random.nextInt(300)];
      random.nextBytes(bytes);
      String text = new String(bytes, StandardCharsets.ISO_8859_1);
      assertThatCode(
              () -> {
                PromQl.read(text);
                GeneratorUrl.expressions("http://p/graph?g0.expr=" + text + "&left=" + text);
                GrafanaValues.read(text);
              })
          .doesNotThrowAnyException();
    }
  }

  @Test
  void readsDeepNestingWithoutRecursing() {
    String deep = "(".repeat(30_000) + "flink_jobmanager_job_numRestarts" + ")".repeat(30_000);
    String calls = "abs(".repeat(4_000) + "x{a=\"b\"}" + ")".repeat(4_000);
    String json = "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000);

    assertThat(PromQl.read(deep).problems()).anySatisfy(p -> assertThat(p).contains("more than"));
    assertThat(PromQl.read(calls).metrics()).containsExactly("x");
    assertThat(GeneratorUrl.expressions("http://g/explore?left=" + json)).isEmpty();
  }

  @Test
  void answersHugeInputsQuickly() {
    String huge = "kafka_consumergroup_lag{consumergroup=\"" + "x".repeat(60_000) + "\"}";
    String hugeUrl = "http://p/graph?g0.expr=" + "%41".repeat(100_000);
    String manyStrings = "\"a\",".repeat(15_000);

    assertThat(Duration.ofNanos(time(() -> PromQl.read(huge)))).isLessThan(Duration.ofSeconds(2));
    assertThat(PromQl.read(huge).matchers()).hasSize(1);
    assertThat(PromQl.read("x".repeat(PromQl.MAX_CHARS * 4)).metrics()).isEmpty();
    assertThat(Duration.ofNanos(time(() -> GeneratorUrl.expressions(hugeUrl))))
        .isLessThan(Duration.ofSeconds(2));
    assertThat(GeneratorUrl.expressions(hugeUrl + "x".repeat(GeneratorUrl.MAX_CHARS))).isEmpty();
    assertThat(Duration.ofNanos(time(() -> PromQl.read(manyStrings))))
        .isLessThan(Duration.ofSeconds(2));
    assertThat(
            Duration.ofNanos(
                time(() -> GrafanaValues.read("[ metric='a' labels={".repeat(20_000)))))
        .isLessThan(Duration.ofSeconds(2));
  }

  private static long time(Runnable r) {
    long t0 = System.nanoTime();
    r.run();
    return System.nanoTime() - t0;
  }
}
