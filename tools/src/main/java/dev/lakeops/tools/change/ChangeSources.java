package dev.lakeops.tools.change;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.table.TableLocator;

/**
 * The systems the change probe may read, as configured for the other tools: the Flink clusters by
 * profile, the Kafka cluster profiles, and where tables are found.
 */
public record ChangeSources(FlinkClusters flink, KafkaClusters kafka, TableLocator tables) {

  public ChangeSources {
    requireNonNull(flink, "flink");
    requireNonNull(kafka, "kafka");
    requireNonNull(tables, "tables");
  }
}
