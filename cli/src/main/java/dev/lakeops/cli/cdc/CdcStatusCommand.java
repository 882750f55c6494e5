package dev.lakeops.cli.cdc;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.cdc.CdcTools;
import dev.lakeops.tools.cdc.ConnectAnalyzer;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops cdc status}: the connectors of a Kafka Connect worker over its REST API
 * (read-only): state, the classified cause of a failed task, the committed binlog offset. Exit 0
 * when the worker was read (an unreachable worker is a finding), 1 when the answer could not be.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description =
        "Connectors and tasks of a Kafka Connect worker (read-only): RUNNING, PAUSED, STOPPED or"
            + " FAILED; the root cause of a failed task classified from its trace; the committed"
            + " source offset as binlog file, position and GTIDs.")
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
      names = "--timeout",
      defaultValue = "10s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description = "Timeout of each REST call; default ${DEFAULT-VALUE}")
  Duration timeout;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    ToolReport report =
        new CdcTools(Map.of(), timeout, new ConnectAnalyzer(), Clock.systemUTC())
            .status(url, connector);
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return report.status() == ToolReport.Status.ERROR ? 1 : 0;
  }
}
