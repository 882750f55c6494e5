package dev.lakeops.agent.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The HTTP server, under {@code lakeops.http} (Quarkus' own keys stay under {@code quarkus.http}).
 */
@ConfigMapping(prefix = "lakeops.http")
public interface HttpConfig {

  /**
   * Whether the plain-text port accepts HTTP/2 without TLS (h2c: an {@code Upgrade: h2c} request or
   * the HTTP/2 preface). Off by default: every sender lakeops serves (Alertmanager, Grafana, the
   * chat platforms) speaks HTTP/1.1 to a plain-text receiver, and an h2c upgrade passed through a
   * reverse proxy opens a tunnel past the proxy's rules. HTTP/2 over TLS is unaffected.
   */
  @WithDefault("false")
  boolean h2c();
}
