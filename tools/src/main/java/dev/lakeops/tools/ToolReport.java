package dev.lakeops.tools;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a tool returns to a person or a model: status, the exact query, and either findings or a
 * safe error (no headers, credentials or stack traces).
 *
 * @param status outcome of the call
 * @param tool the tool's name, e.g. {@code flink.backpressure}
 * @param params the parameters it was called with
 * @param findings the analyzer's findings; empty unless {@link Status#OK}
 * @param error what went wrong, for {@link Status#ERROR} and {@link Status#NO_DATA}
 */
public record ToolReport(
    Status status,
    String tool,
    Map<String, String> params,
    List<Finding> findings,
    @Nullable String error) {

  /** Outcome of a tool call. */
  public enum Status {
    OK,
    /**
     * The thing asked about does not exist or has no data yet; {@code error} says what was
     * searched.
     */
    NO_DATA,
    ERROR,
    APPROVAL_REQUIRED
  }

  public ToolReport {
    requireNonNull(status, "status");
    requireNonNull(tool, "tool");
    params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    findings = List.copyOf(findings);
  }

  /** The most severe finding's severity, {@link Severity#OK} when there are none. */
  public Severity worst() {
    return findings.stream().map(Finding::severity).reduce(Severity.OK, Severity::max);
  }
}
