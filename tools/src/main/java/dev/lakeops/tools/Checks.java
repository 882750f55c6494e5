package dev.lakeops.tools;

/** Preconditions with Guava's signature; messages carry the offending value. */
public final class Checks {

  private Checks() {}

  public static void checkArgument(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(template, args));
    }
  }

  public static void checkState(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalStateException(String.format(template, args));
    }
  }
}
