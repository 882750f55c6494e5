package dev.lakeops.agent.config;

import io.smallrye.config.ConfigMapping;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lakeops.alerts.*}: how alerts are read and routed to runbooks. Declared so the agent
 * accepts the keys; their values are read, and a bad one named, by {@code
 * dev.lakeops.runbooks.alert.AlertRouting} for the agent and {@code lakeops triage} alike, so they
 * are text here.
 */
@ConfigMapping(prefix = "lakeops.alerts")
public interface AlertsConfig {

  /** Extra label names per concept, comma-separated: {@code label-aliases.<concept>}. */
  Map<String, String> labelAliases();

  /** Alerts pinned to one runbook: {@code rules.<alertname>.runbook}. */
  Map<String, Rule> rules();

  /** At most this many runbooks per alert (default 3). */
  Optional<String> maxRunbooks();

  /** Time all runbooks of one alert may take (default 5m). */
  Optional<String> budget();

  Similarity similarity();

  /** One pinned rule. */
  interface Rule {
    String runbook();
  }

  /** The embedding model for text no rule covers: loaded on first use, never at start. */
  interface Similarity {

    /** {@code all-minilm-l6-v2-q} (default) or {@code none}. */
    Optional<String> model();

    /** Similarity below this relates nothing (default 0.45). */
    Optional<String> minScore();
  }
}
