package dev.lakeops.runbooks.graph;

import java.util.regex.Pattern;

/**
 * A pattern over finding codes: {@code *} stands for any run of code characters, dots included, so
 * {@code flink.backpressure.*} matches every backpressure finding.
 */
public record CodeGlob(String pattern) {

  private static final Pattern VALID = Pattern.compile("[a-z0-9.*-]+");

  public CodeGlob {
    if (pattern == null || !VALID.matcher(pattern).matches()) {
      throw new IllegalArgumentException(
          "Invalid finding code pattern '"
              + pattern
              + "': use lower-case code characters, dots and *");
    }
  }

  public boolean matches(String code) {
    return regex().matcher(code).matches();
  }

  private Pattern regex() {
    String[] parts = pattern.split("\\*", -1);
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        re.append("[a-z0-9.-]*");
      }
      re.append(Pattern.quote(parts[i]));
    }
    return Pattern.compile(re.toString());
  }

  @Override
  public String toString() {
    return pattern;
  }
}
