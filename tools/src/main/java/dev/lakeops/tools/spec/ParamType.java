package dev.lakeops.tools.spec;

/** The type of a tool parameter, as callers write it and as {@link ToolArgs} reads it. */
public enum ParamType {
  /** Text, stripped; a number or a boolean is read as its text. */
  STRING("text"),
  /** A whole number (a {@code long}), given as a number or as its digits. */
  INTEGER("a whole number"),
  /** A decimal number, given as a number or as its text. */
  NUMBER("a number"),
  /** {@code true} or {@code false}, given as a boolean or as its text. */
  BOOLEAN("true or false"),
  /**
   * A duration as {@link Durations} reads it: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h} or
   * ISO-8601.
   */
  DURATION("a duration such as 500ms, 30s, 2m or 1h"),
  /** A list of texts: a list, or one text with the items separated by commas. */
  LIST("a list of texts (or one text, comma-separated)");

  private final String expected;

  ParamType(String expected) {
    this.expected = expected;
  }

  /** What a value of this type looks like, for error messages and descriptions. */
  public String expected() {
    return expected;
  }
}
