package dev.lakeops.agent.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Every lakeops setting of the agent, under the prefix {@code lakeops}. */
@ConfigMapping(prefix = "lakeops")
public interface LakeopsConfig {

  Flink flink();

  Triage triage();

  /** Where incidents are kept; a relative path is resolved against the working directory. */
  @WithDefault("data")
  String dataDir();

  /** The Flink cluster that alerts about Flink jobs are triaged against. */
  interface Flink {

    /** The JobManager's REST endpoint, {@code http(s)://host:port[/prefix]}, without credentials. */
    @WithDefault("http://127.0.0.1:8081")
    String restUrl();

    /** Connect and read timeout of one REST request. */
    @WithDefault("5s")
    Duration timeout();
  }

  /** The background triage of incoming alerts. */
  interface Triage {

    /** Triages that run at the same time; a triage mostly waits for the probed systems. */
    @WithDefault("2")
    int workers();
  }
}
