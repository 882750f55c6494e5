package dev.lakeops.eval.pipeline;

/** The content of a control file that another process writes: one non-negative integer. */
final class ControlNumbers {

  private ControlNumbers() {}

  /**
   * Parses {@code content}: blank means 0.
   *
   * @param what what the number is, for the message ("sink delay")
   * @throws IllegalArgumentException the content is not a non-negative integer; names {@code what}
   */
  static long nonNegative(String content, String what) {
    String trimmed = content.trim();
    if (trimmed.isEmpty()) {
      return 0;
    }
    long value;
    try {
      value = Long.parseLong(trimmed);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid " + what + ": '" + trimmed + "' (not an integer)", e);
    }
    if (value < 0) {
      throw new IllegalArgumentException(
          "Invalid " + what + ": " + value + " (must not be negative)");
    }
    return value;
  }
}
