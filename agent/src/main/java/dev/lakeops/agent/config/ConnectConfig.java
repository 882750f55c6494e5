package dev.lakeops.agent.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The Kafka Connect workers whose CDC connectors lakeops may read, read-only, by name ({@code
 * lakeops.connect.workers.<name>.url}). Alerts, the model and chat name a worker (or only the
 * connector), never a URL.
 */
@ConfigMapping(prefix = "lakeops.connect")
public interface ConnectConfig {

  Map<String, Worker> workers();

  /** Timeout of each call to a worker's REST API or JMX. */
  @WithDefault("10s")
  Duration timeout();

  /** How far behind its database a connected Debezium connector may read. */
  @WithDefault("60s")
  Duration behind();

  /** One worker. */
  interface Worker {

    /** The worker's REST API, {@code http://HOST:8083}. */
    String url();

    /**
     * The worker JVM's JMX, {@code HOST:PORT} or {@code
     * service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi}: with it the status also reads Debezium's own
     * metrics.
     */
    Optional<String> jmxUrl();
  }
}
