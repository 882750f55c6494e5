package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.ProbeException;

/** One endpoint a probe could not read, kept next to whatever the other endpoints gave. */
public record EndpointFailure(String endpoint, ProbeException.Code code, String message) {

  public EndpointFailure {
    requireNonNull(endpoint, "endpoint");
    requireNonNull(code, "code");
    requireNonNull(message, "message");
  }

  static EndpointFailure of(ProbeException e) {
    return new EndpointFailure(e.endpoint(), e.code(), e.getMessage());
  }
}
