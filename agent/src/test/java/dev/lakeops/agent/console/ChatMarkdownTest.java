package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChatMarkdownTest {

  @Test
  void rendersTheMarkdownOfLakeopsReplies() {
    String html =
        ChatMarkdown.html(
            "### Incident 42\n\n**Verdict:** `BACKPRESSURE`\n\n- first\n- second\n\n"
                + "```\n./lakeops flink job\n```\nline one\nline two");
    assertThat(html)
        .contains("<h3>Incident 42</h3>")
        .contains("<strong>Verdict:</strong> <code>BACKPRESSURE</code>")
        .contains("<li>first</li>")
        .contains("<pre><code>./lakeops flink job\n</code></pre>")
        .contains("line one<br>\nline two");
  }

  @Test
  void escapesRawHtml() {
    String html =
        ChatMarkdown.html(
            "<script>alert(1)</script>\n\nsee <img src=x onerror=alert(2)> and <b>bold</b>");
    assertThat(html)
        .doesNotContain("<script")
        .doesNotContain("<img")
        .doesNotContain("<b>")
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;")
        .contains("&lt;img src=x onerror=alert(2)&gt;");
  }

  @Test
  void linksOnlyToHttpAndHttps() {
    assertThat(ChatMarkdown.html("[docs](https://example.org/a?b=1&c=2 \"t\")"))
        .contains(
            "<a href=\"https://example.org/a?b=1&amp;c=2\" title=\"t\""
                + " rel=\"nofollow noopener noreferrer\">docs</a>");
    assertThat(ChatMarkdown.html("<http://example.org/x>"))
        .contains("<a href=\"http://example.org/x\"");
    for (String bad :
        new String[] {
          "[click](javascript:alert(1))",
          "[click](JavaScript:alert(1))",
          "[click](&#106;avascript:alert(1))",
          "[click](data:text/html;base64,PHNjcmlwdD4=)",
          "[click](vbscript:msgbox)",
          "[click](/console/proposals/p1)",
          "[click](mailto:a@b.c)",
          "[click](https://)"
        }) {
      String html = ChatMarkdown.html(bad);
      assertThat(html).as(bad).doesNotContain("<a").contains("click");
    }
  }

  @Test
  void neverLoadsAnImage() {
    assertThat(ChatMarkdown.html("![graph](https://example.org/g.png)"))
        .doesNotContain("<img")
        .contains("<a href=\"https://example.org/g.png\"")
        .contains(">graph</a>");
    assertThat(ChatMarkdown.html("![graph](javascript:alert(1))"))
        .doesNotContain("<img")
        .doesNotContain("<a")
        .contains("graph");
    assertThat(ChatMarkdown.html("[![g](https://example.org/g.png)](https://example.org/)"))
        .doesNotContain("<img")
        .containsOnlyOnce("<a ");
  }

  @Test
  void emptyTextIsEmpty() {
    assertThat(ChatMarkdown.html("")).isEmpty();
    assertThat(ChatMarkdown.html(null)).isEmpty();
  }
}
