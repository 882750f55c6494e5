package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Picks findings by code pattern and, optionally, a lowest severity.
 *
 * @param code the code pattern
 * @param atLeast the lowest severity a finding must have, or null for any
 */
public record FindingSelector(CodeGlob code, @Nullable Severity atLeast) {

  public FindingSelector {
    requireNonNull(code, "code");
  }

  public boolean matches(Finding f) {
    return code.matches(f.code()) && (atLeast == null || f.severity().compareTo(atLeast) >= 0);
  }

  /** The first matching finding of a report, in the report's order. */
  public Optional<Finding> first(ToolReport report) {
    return report.findings().stream().filter(this::matches).findFirst();
  }

  /** Parses {@code glob} or {@code glob>=SEVERITY}. */
  public static FindingSelector parse(String text) {
    int at = text.indexOf(">=");
    if (at < 0) {
      return new FindingSelector(new CodeGlob(text.strip()), null);
    }
    return new FindingSelector(
        new CodeGlob(text.substring(0, at).strip()), severity(text.substring(at + 2).strip()));
  }

  /** A severity by name, case-insensitive. */
  public static Severity severity(String name) {
    try {
      return Severity.valueOf(name.strip().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Unknown severity '" + name + "' (expected one of OK, INFO, WARN, CRITICAL)");
    }
  }

  @Override
  public String toString() {
    return atLeast == null ? code.toString() : code + ">=" + atLeast;
  }
}
