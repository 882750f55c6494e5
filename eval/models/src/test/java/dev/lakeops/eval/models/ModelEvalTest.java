package dev.lakeops.eval.models;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Models on the suite, played by {@link FakeOpenAiServer} through the real OpenAI client and the
 * agent's {@code LlmTriage}: the table's figures follow from what each model did.
 */
class ModelEvalTest {

  /** The six Kafka scenario files, first alert each: five faults and one control. */
  private static final String KAFKA_FIRST_ALERTS = "kafka-*#a1";

  @TempDir Path dir;

  @Test
  void scoresEachModelAgainstTheDeterministicBaselineWithRepeats() throws Exception {
    try (FakeOpenAiServer llm = new FakeOpenAiServer()) {
      Run r =
          run(
              "--model",
              "openai:parrot@" + llm.baseUrl(),
              "--model",
              "openai:contrarian@" + llm.baseUrl(),
              "--repeats",
              "2",
              "--only",
              KAFKA_FIRST_ALERTS,
              "--out",
              dir.toString());

      assertThat(r.code).as(r.err).isZero();
      String table = Files.readString(dir.resolve("models.md"));
      // The parrot repeats the deterministic verdict after one tool call: as right as the planner,
      // every time, at two responses (240 tokens) a triage.
      assertThat(table)
          .contains(
              "| openai:parrot@"
                  + llm.baseUrl()
                  + " | 6 × 2 | 100.0 % | 100.0 % | 100.0 % |"
                  + " 100.0 % |")
          .contains("| 240 | 1.0 |");
      // The contrarian says NO_FAULT: right on the one control; elsewhere its change of category
      // cites nothing, so the deterministic verdict is kept (10 of 12 trials).
      assertThat(table)
          .contains(
              "| openai:contrarian@"
                  + llm.baseUrl()
                  + " | 6 × 2 | 100.0 % | 100.0 % | 16.7 % |"
                  + " 100.0 % |")
          .contains("| 120 | 0.0 |")
          .contains(" 10 | 0 | none |");
      assertThat(llm.toolResults.get()).isEqualTo(12);
      assertThat(Files.readString(dir.resolve("models.html")))
          .contains("aria-label=\"pass@1 per model\"");
      assertThat(Files.readString(dir.resolve("trials.json"))).contains("kafka-no-fault#a1");
    }
  }

  @Test
  void aProviderThatDoesNotAnswerKeepsTheDeterministicVerdictAndSaysWhy() throws Exception {
    Run r =
        run(
            "--model", "openai:nobody@http://127.0.0.1:9/v1",
            "--repeats", "1",
            "--only", "kafka-no-fault#a1",
            "--out", dir.toString());

    assertThat(r.code).as(r.err).isZero();
    assertThat(Files.readString(dir.resolve("models.md")))
        .contains("| 1 × 1 | 100.0 % | 100.0 % | 0.0 % | 100.0 % |")
        .contains("| 1 | 0 | provider error ×1 |");
  }

  @Test
  void aModelThatIsNotProviderColonNameIsRefused() {
    Run r = run("--model", "gpt-4o", "--out", dir.toString());

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("--model gpt-4o: expected PROVIDER:MODEL[@BASE_URL]");
  }

  @Test
  void anUnknownProviderIsRefusedNamingTheKey() {
    Run r = run("--model", "acme:x", "--only", KAFKA_FIRST_ALERTS, "--out", dir.toString());

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("lakeops eval --model:").contains("acme");
  }

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cli = new CommandLine(new ModelEval());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }
}
