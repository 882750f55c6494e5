package dev.lakeops.tools.flink;

import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Job-level metrics ({@code GET /jobs/:jid/metrics?get=...}) such as {@code numRestarts} and {@code
 * uptime}; a metric Flink did not send is absent. Flink answers an empty list right after a
 * restart, which is kept as an empty map.
 */
public record JobMetrics(Map<String, Double> values) {

  public static final String NUM_RESTARTS = "numRestarts";
  public static final String UPTIME = "uptime";
  public static final String DOWNTIME = "downtime";
  public static final String RESTARTING_TIME = "restartingTime";
  public static final String COMPLETED_CHECKPOINTS = "numberOfCompletedCheckpoints";
  public static final String FAILED_CHECKPOINTS = "numberOfFailedCheckpoints";

  public JobMetrics {
    values = java.util.Collections.unmodifiableMap(new TreeMap<>(values));
  }

  public OptionalDouble find(String name) {
    Double v = values.get(name);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }
}
