package dev.lakeops.agent.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;

/**
 * The Kafka Connect workers whose CDC connectors lakeops may read, read-only, by name ({@code
 * lakeops.connect.workers.<name>.url}). Alerts, the model and chat name a worker (or only the
 * connector), never a URL.
 */
@ConfigMapping(prefix = "lakeops.connect")
public interface ConnectConfig {

  Map<String, Worker> workers();

  /** Timeout of each call to a worker's REST API. */
  @WithDefault("10s")
  Duration timeout();

  /** One worker. */
  interface Worker {

    /** The worker's REST API, {@code http://HOST:8083}. */
    String url();
  }
}
