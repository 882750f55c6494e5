package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.util.List;
import java.util.Locale;

/**
 * Turns endpoints a capture could not read into findings that name the endpoint and say what it
 * answered, so a partial report says what it is missing. Pure.
 *
 * <p>Codes: {@code flink.endpoint.unreachable}, {@code flink.endpoint.timeout}, {@code
 * flink.endpoint.unauthorized}, {@code flink.endpoint.not-found}, {@code
 * flink.endpoint.bad-response} (an HTML login page or a proxy's answer lands here).
 */
public final class EndpointFailureAnalyzer {

  /** The codes' fixed part; the rest is {@link #failure}. */
  static final String PREFIX = "flink.endpoint.";

  public List<Finding> analyze(FlinkHealthSnapshot s) {
    return s.failures().stream().map(f -> finding(s, f)).toList();
  }

  static Finding finding(FlinkHealthSnapshot s, EndpointFailure f) {
    String code = PREFIX + failure(f.code());
    String hint =
        switch (f.code()) {
          case UNAUTHORIZED -> " Check the credentials or the proxy lakeops goes through.";
          case BAD_RESPONSE ->
              f.message().contains("not JSON") || f.message().contains("redirect")
                  ? " An HTML page usually means an expired proxy or login page: use a fresh,"
                      + " direct REST URL."
                  : "";
          case TIMEOUT -> " The JobManager may be overloaded.";
          default -> "";
        };
    return new Finding(
        Severity.WARN,
        code,
        "flink job " + s.job().name(),
        "Could not read "
            + f.endpoint()
            + " ("
            + f.code()
            + ": "
            + f.message()
            + "); the report lacks what it holds."
            + hint,
        new Evidence()
            .put("job", s.job().name())
            .put("endpoint", f.endpoint())
            .put("error", f.code())
            .put("message", f.message())
            .map(),
        List.of(f.endpoint()));
  }

  /** The last part of the code for {@code code}, e.g. {@code bad-response}. */
  static String failure(ProbeException.Code code) {
    return code.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
