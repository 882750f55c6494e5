package dev.lakeops.agent.console;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The web console, under {@code lakeops.console}. */
@ConfigMapping(prefix = "lakeops.console")
public interface ConsoleConfig {

  /** When the console's cookies carry the {@code Secure} attribute. */
  enum SecureCookie {
    /**
     * When the request came over HTTPS as Quarkus sees it: TLS on this server, or {@code
     * X-Forwarded-Proto: https} / {@code Forwarded: proto=https} from a proxy, which Quarkus
     * honours only with {@code quarkus.http.proxy.proxy-address-forwarding=true} (plus {@code
     * quarkus.http.proxy.allow-x-forwarded=true} or {@code allow-forwarded=true}).
     */
    AUTO,
    /**
     * Always: for a console only ever reached over HTTPS (e.g. behind a proxy not configured as
     * above).
     */
    ALWAYS,
    /** Never. */
    NEVER
  }

  /** {@code auto} (default), {@code always} or {@code never}. */
  @WithDefault("auto")
  SecureCookie secureCookie();
}
