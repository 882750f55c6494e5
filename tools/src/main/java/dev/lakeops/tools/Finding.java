package dev.lakeops.tools;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A judgement about one subject, with the numbers that support it and where they came from.
 *
 * @param severity how much it matters
 * @param code a stable, machine-matchable code such as {@code flink.backpressure.bottleneck}
 * @param subject what the finding is about, e.g. {@code job orders-to-lake / vertex lake-writer}
 * @param summary one sentence for a person
 * @param evidence the figures behind the judgement, in insertion order (names to values as text)
 * @param sources the exact endpoints or queries the figures were read from
 */
public record Finding(
    Severity severity,
    String code,
    String subject,
    String summary,
    Map<String, String> evidence,
    List<String> sources) {

  public Finding {
    requireNonNull(severity, "severity");
    requireNonNull(code, "code");
    checkArgument(code.matches("[a-z0-9]+(\\.[a-z0-9-]+)+"), "Invalid finding code: %s", code);
    requireNonNull(subject, "subject");
    requireNonNull(summary, "summary");
    evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    sources = List.copyOf(sources);
  }
}
