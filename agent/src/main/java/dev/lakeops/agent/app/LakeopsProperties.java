package dev.lakeops.agent.app;

import dev.lakeops.agent.binlog.BinlogServersConfig;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.runbooks.tool.TriageConfig;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.config.Config;

/**
 * The agent's {@code lakeops.*} keys as raw text, for {@link dev.lakeops.runbooks.tool.TriageTools}
 * to read exactly as the command line reads {@code config/application.properties}: the same keys
 * mean the same thing in both. Durations the agent's typed configuration has already read (with its
 * defaults and its duration syntax) are passed on as read, and the default Flink cluster's default
 * address too, so nothing is read two ways.
 */
final class LakeopsProperties {

  private static final String PREFIX = "lakeops.";

  private LakeopsProperties() {}

  static Map<String, String> of(Config config, LakeopsConfig lakeops, BinlogServersConfig binlog) {
    Map<String, String> out = new TreeMap<>();
    for (String name : config.getPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        config.getOptionalValue(name, String.class).ifPresent(v -> out.put(name, v));
      }
    }
    out.put(TriageConfig.FLINK_REST_URL, lakeops.flink().restUrl());
    out.put(TriageConfig.FLINK_TIMEOUT, lakeops.flink().timeout().toMillis() + "ms");
    lakeops
        .kafka()
        .timeout()
        .ifPresent(t -> out.put(TriageConfig.KAFKA_TIMEOUT, t.toMillis() + "ms"));
    out.put(TriageConfig.BINLOG_TIMEOUT, binlog.timeout().toMillis() + "ms");
    return out;
  }
}
