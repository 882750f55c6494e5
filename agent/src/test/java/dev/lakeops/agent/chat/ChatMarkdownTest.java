package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Untrusted text made safe for a chat reply, one line or several. */
class ChatMarkdownTest {

  @Test
  void oneLineTextLosesItsLineBreaksMarkupAndLength() {
    String text = ChatMarkdown.text("a *b*\n<script> `c` " + "x".repeat(400));

    assertThat(text)
        .doesNotContain("\n")
        .doesNotContain("<script>")
        .contains("\\*b\\*", "&lt;script&gt;", "'c'")
        .endsWith("...")
        .hasSize(303);
  }

  // an execution's long summary is cut on its own line; its verification lines come whole
  @Test
  void severalLinesAreEachMadeSafeAndCutOnTheirOwn() {
    String lines =
        ChatMarkdown.lines(
            "executed: DONE — " + "y".repeat(400) + "\n\nverification PASSED\n- ok: *all* RUNNING");

    assertThat(lines.split("\n"))
        .hasSize(3)
        .satisfies(l -> assertThat(l[0]).endsWith("..."))
        .satisfies(l -> assertThat(l[1]).isEqualTo("verification PASSED"))
        .satisfies(l -> assertThat(l[2]).isEqualTo("- ok: \\*all\\* RUNNING"));
  }
}
