package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import org.junit.jupiter.api.Test;

class ToolOutputsTest {

  @Test
  void cutsLongOutputWithANoticeAndKeepsShortOutput() {
    String long5000 = "x".repeat(5000);

    String cut = ToolOutputs.compact(long5000, 1000);

    assertThat(cut)
        .hasSize(1000)
        .endsWith("of 5000 chars shown; ask a narrower question for the rest]");
    assertThat(ToolOutputs.compact("short", 1000)).isEqualTo("short");
  }

  @Test
  void anErrorIsOneLineWithoutCredentialsOrStackTrace() {
    Exception e =
        new InvocationTargetException(
            new IllegalStateException(
                "GET http://admin:hunter2@flink:8081/v1/jobs failed, password=hunter2 token: abc\n"
                    + "\tat a.b.C(C.java:1)"));

    String line = ToolOutputs.error("jobState", e);

    assertThat(line)
        .isEqualTo(
            "ERROR in tool jobState (IllegalStateException: GET http://flink:8081/v1/jobs failed,"
                + " password=<redacted> token: <redacted>)");
  }
}
