package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.ProbeException;

/**
 * A part of a capture that failed while the rest succeeded: the capture keeps what it read and says
 * what it could not read.
 *
 * @param code why it failed
 * @param query the exact call, e.g. {@code describeConfigs(topic orders) at 127.0.0.1:9092}
 * @param message the upstream error, without credentials
 */
public record ProbeError(ProbeException.Code code, String query, String message) {

  public ProbeError {
    requireNonNull(code, "code");
    requireNonNull(query, "query");
    requireNonNull(message, "message");
  }
}
