package dev.lakeops.cli.cdc;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.cdc.CdcTools;
import dev.lakeops.tools.cdc.ConnectAnalyzer;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops cdc status}: the connectors of a Kafka Connect worker over its REST API
 * (read-only): state, the classified cause of a failed task, the committed binlog offset; with
 * {@code --jmx}, Debezium's own metrics from the worker's JVM. Exit 0 when the worker was read (an
 * unreachable worker is a finding), 1 when the answer could not be.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description =
        "Connectors and tasks of a Kafka Connect worker (read-only): RUNNING, PAUSED, STOPPED or"
            + " FAILED; the root cause of a failed task classified from its trace; the committed"
            + " source offset as binlog file, position and GTIDs. With --jmx, Debezium's metrics:"
            + " binlog client connected, milliseconds behind the database, queue full, snapshot.")
final class CdcStatusCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--connect",
      required = true,
      paramLabel = "URL",
      description = "The worker's REST API, e.g. http://127.0.0.1:8083")
  String url;

  @Option(
      names = "--connector",
      paramLabel = "NAME",
      description = "One connector; default: every connector of the worker")
  String connector;

  @Option(
      names = "--jmx",
      paramLabel = "ADDRESS",
      description =
          "The worker JVM's JMX, HOST:PORT or service:jmx:rmi:///jndi/rmi://HOST:PORT/jmxrmi;"
              + " default: none (REST only)")
  String jmx;

  @Option(
      names = "--behind",
      defaultValue = "60s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description =
          "With --jmx: how far behind its database a connector may read; default ${DEFAULT-VALUE}")
  Duration behind;

  @Option(
      names = "--timeout",
      defaultValue = "10s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description = "Timeout of each REST or JMX call; default ${DEFAULT-VALUE}")
  Duration timeout;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    if (behind.isNegative() || behind.isZero()) {
      throw new ParameterException(
          spec.commandLine(), "--behind " + behind + ": expected a positive duration, e.g. 60s");
    }
    ToolReport report =
        new CdcTools(
                Map.of(),
                Map.of(),
                timeout,
                new ConnectAnalyzer(),
                new DebeziumMetricsAnalyzer(behind),
                Clock.systemUTC())
            .status(url, jmx, connector);
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return report.status() == ToolReport.Status.ERROR ? 1 : 0;
  }
}
