package dev.lakeops.runbooks.load;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One reason a runbook file is rejected.
 *
 * @param source the file
 * @param step the step id, or null for the header or the file as a whole
 * @param line 1-based line, or 0 when not known
 * @param column 1-based column, or 0 when not known
 * @param message what is wrong
 */
public record Problem(String source, @Nullable String step, int line, int column, String message) {

  public Problem {
    requireNonNull(source, "source");
    requireNonNull(message, "message");
  }

  static Problem at(String source, @Nullable String step, String message) {
    return new Problem(source, step, 0, 0, message);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder(source);
    if (line > 0) {
      s.append(":").append(line).append(":").append(column);
    }
    if (step != null) {
      s.append(": step '").append(step).append("'");
    }
    return s.append(": ").append(message).toString();
  }
}
