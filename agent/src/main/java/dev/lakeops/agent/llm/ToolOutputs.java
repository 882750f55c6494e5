package dev.lakeops.agent.llm;

import java.util.regex.Pattern;

/** What a tool result or error may look like by the time it reaches the model. */
final class ToolOutputs {

  /** Longest error line the model receives. */
  static final int MAX_ERROR_CHARS = 300;

  private static final Pattern USER_INFO =
      Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)[^/@\\s]+@");
  private static final Pattern SECRET =
      Pattern.compile(
          "(?i)(password|passwd|secret|token|api[-_]?key|authorization|bearer)([\"']?\\s*[:=]\\s*|\\s+)[^\\s,;\"'}]+");
  private static final Pattern STACK_LINE = Pattern.compile("\\s+at [\\w$.]+\\(.*");

  private ToolOutputs() {}

  /** {@code text} cut to {@code maxChars} with a notice saying how much was left out. */
  static String compact(String text, int maxChars) {
    if (text.length() <= maxChars) {
      return text;
    }
    String notice =
        "\n[lakeops: output truncated, "
            + maxChars
            + " of "
            + text.length()
            + " chars shown; ask a narrower question for the rest]";
    return text.substring(0, Math.max(0, maxChars - notice.length())) + notice;
  }

  /**
   * One short line for the model about a failure: the exception's kind and first message line, with
   * user-info in URLs and secret-looking values removed; never a stack trace.
   */
  static String error(String tool, Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null
        && cause.getCause() != cause
        && (cause.getMessage() == null
            || cause instanceof java.lang.reflect.InvocationTargetException
            || cause instanceof java.util.concurrent.ExecutionException)) {
      cause = cause.getCause();
    }
    String message =
        cause.getMessage() == null ? "" : ": " + sanitize(firstLine(cause.getMessage()));
    String line = "ERROR in tool " + tool + " (" + cause.getClass().getSimpleName() + message + ")";
    return line.length() <= MAX_ERROR_CHARS ? line : line.substring(0, MAX_ERROR_CHARS - 3) + "...";
  }

  static String sanitize(String text) {
    String out = USER_INFO.matcher(text).replaceAll("$1");
    out = SECRET.matcher(out).replaceAll("$1$2<redacted>");
    return STACK_LINE.matcher(out).replaceAll("");
  }

  private static String firstLine(String text) {
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
