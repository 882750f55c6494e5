package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whole conversations over the OpenAI-compatible wire format ({@link WireDialect#OPENAI}), and what
 * only it can carry: tool arguments that are not JSON at all.
 */
class OpenAiConversationTest extends AbstractConversationTest {

  @Override
  WireDialect wire() {
    return WireDialect.OPENAI;
  }

  @Test
  void toolArgumentsThatAreNotJsonAreRefusedWithoutRunningAndTheModelCanCorrectThem()
      throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    LlmAssessment assessment =
        investigate(
            List.of(
                turn(
                    r -> {},
                    wire().toolCalls(usage(1500, 30), call("c1", "flink_job", "{\"job\": "))),
                turn(
                    r ->
                        assertThat(results(r, "c1").get(0).content())
                            .isEqualTo(ToolArguments.NOT_AN_OBJECT),
                    wire().toolCalls(usage(1600, 30), call("c2", "binlog_verify", path(damaged)))),
                turn(
                    r ->
                        assertThat(results(r, "c2").get(0).content())
                            .contains("binlog.crc-mismatch"),
                    wire()
                        .answer(
                            usage(1700, 90),
                            verdict(
                                "BINLOG_CORRUPTION",
                                "binlog.crc-mismatch",
                                "binlogFile",
                                "mariadb-10.11-crc32.000002")))));

    server.assertPlayed(0);
    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().category()).isEqualTo(Category.BINLOG_CORRUPTION);
    assertThat(assessment.toolsRun()).containsExactly("flink_job", "binlog_verify");
  }
}
