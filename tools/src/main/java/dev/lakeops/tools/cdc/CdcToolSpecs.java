package dev.lakeops.tools.cdc;

import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.List;
import java.util.stream.Stream;

/**
 * The declaration of the CDC connector tool ({@link CdcTools}): a configured Kafka Connect worker
 * by name only, never a URL from a model.
 */
public final class CdcToolSpecs {

  public static final ToolSpec STATUS =
      new ToolSpec(
          CdcTools.STATUS,
          "State of the CDC connectors (e.g. Debezium MySQL/MariaDB) on a Kafka Connect worker,"
              + " read-only over its REST API: connector and task state (RUNNING, PAUSED, STOPPED,"
              + " FAILED), the root cause of a failed task classified from its trace (binlog"
              + " corruption or CRC failure, purged binlog or GTID, bad start position, duplicate"
              + " server id, ...), and the committed source offset as binlog file, position and"
              + " GTID set. Where the worker's JMX is configured, also Debezium's own metrics:"
              + " binlog client connected or not, milliseconds behind the database, queue to Kafka"
              + " full, snapshot progress. A worker that does not answer is a finding. Status"
              + " NO_DATA: no such worker configured, or no such connector.",
          List.of(
              ToolParam.optional(
                  "worker",
                  STRING,
                  "Kafka Connect worker name as configured in lakeops.connect; empty: the worker"
                      + " that runs the connector"),
              ToolParam.optional("connector", STRING, "Connector name; empty for every connector")),
          FindingCodes.of(
              Stream.concat(ConnectAnalyzer.CODES.stream(), DebeziumMetricsAnalyzer.CODES.stream())
                  .toArray(String[]::new)));

  private CdcToolSpecs() {}
}
