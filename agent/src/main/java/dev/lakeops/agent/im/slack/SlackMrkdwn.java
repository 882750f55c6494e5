package dev.lakeops.agent.im.slack;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Markdown to Slack's mrkdwn: headings and {@code **bold**} become {@code *bold*}; the rest (lists,
 * inline code) reads the same. Long text is split into sections, because a Block Kit text object
 * holds at most 3000 characters.
 */
final class SlackMrkdwn {

  /** Characters per section block, below Slack's limit of 3000. */
  static final int MAX_SECTION_CHARS = 2900;

  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+)$");
  private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");

  private SlackMrkdwn() {}

  static String from(String markdown) {
    String text = HEADING.matcher(markdown).replaceAll("**$1**");
    return BOLD.matcher(text).replaceAll("*$1*");
  }

  /** {@code text} cut at line ends into pieces of at most {@link #MAX_SECTION_CHARS}. */
  static List<String> sections(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      while (line.length() > MAX_SECTION_CHARS) {
        flush(out, current);
        out.add(line.substring(0, MAX_SECTION_CHARS));
        line = line.substring(MAX_SECTION_CHARS);
      }
      if (current.length() + line.length() + 1 > MAX_SECTION_CHARS) {
        flush(out, current);
      }
      current.append(line).append('\n');
    }
    flush(out, current);
    return out;
  }

  private static void flush(List<String> out, StringBuilder current) {
    String piece = current.toString().strip();
    if (!piece.isEmpty()) {
      out.add(piece);
    }
    current.setLength(0);
  }
}
