package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LlmVerdictParserTest {

  private static final Set<String> KNOWN = Set.of("flink.backpressure.bottleneck");

  @Test
  void parsesAVerdictThatCitesKnownFindings() {
    VerdictGuard.Outcome parsed =
        LlmVerdictParser.parse(
            """
            {"category":"backpressure","summary":"Sink is slow.","entities":{"job":"orders","vertex":"sink"},
             "evidence":["flink.backpressure.bottleneck"],"confidence":"high","nextActions":["Scale the sink"]}\
            """,
            KNOWN);

    assertThat(parsed.error()).isNull();
    assertThat(parsed.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(parsed.verdict().confidence()).isEqualTo(Confidence.HIGH);
    assertThat(parsed.verdict().entities()).containsEntry("vertex", "sink");
  }

  @Test
  void namesWhatIsWrongWithAnInvalidVerdict() {
    assertThat(LlmVerdictParser.parse("", KNOWN).error())
        .isEqualTo("the model gave no final answer");
    assertThat(LlmVerdictParser.parse("[1,2]", KNOWN).error())
        .isEqualTo("the final answer is not a JSON object");
    assertThat(
            LlmVerdictParser.parse(
                    "{\"category\":\"BACKPRESSURE\",\"summary\":\"x\",\"confidence\":\"sure\"}",
                    KNOWN)
                .error())
        .isEqualTo("unknown confidence 'sure'");
    assertThat(
            LlmVerdictParser.parse("{\"category\":\"BACKPRESSURE\",\"confidence\":\"LOW\"}", KNOWN)
                .error())
        .isEqualTo("the summary is missing");
    assertThat(
            LlmVerdictParser.parse(
                    "{\"category\":\"BACKPRESSURE\",\"summary\":\"x\",\"confidence\":\"LOW\",\"evidence\":\"a\"}",
                    KNOWN)
                .error())
        .isEqualTo("evidence is not a list of finding codes");
  }
}
