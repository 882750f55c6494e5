package dev.lakeops.cli.kafka;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.kafka.OffsetRange;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code lakeops kafka reconcile}: records in offset ranges against a sink's count. */
@Command(
    name = "reconcile",
    mixinStandardHelpOptions = true,
    description =
        "Count the records per partition in offset ranges and compare with the sink's count;"
            + " explain differences.")
final class KafkaReconcileCommand implements Callable<Integer> {

  private static final Pattern RANGE = Pattern.compile("(\\d+):(\\d+)-(\\d+)?");

  @Spec CommandSpec spec;
  @Mixin KafkaTarget target;
  @Mixin OutputOptions output;

  @Option(names = "--topic", required = true, description = "Topic")
  String topic;

  @Option(
      names = "--range",
      paramLabel = "P:FROM-TO",
      description =
          "Partition P, offsets [FROM, TO) (repeatable; TO may be left out for the end);"
              + " default: every partition, whole")
  List<String> ranges = List.of();

  @Option(
      names = "--sink-count",
      required = true,
      paramLabel = "N",
      description = "Records the sink holds for these ranges")
  long sinkCount;

  @Override
  public Integer call() {
    List<OffsetRange> parsed = new ArrayList<>();
    for (String r : ranges) {
      Matcher m = RANGE.matcher(r.strip());
      if (!m.matches()) {
        throw new ParameterException(
            spec.commandLine(), "--range: '" + r + "' is not P:FROM-TO (e.g. 0:100-200)");
      }
      try {
        parsed.add(
            new OffsetRange(
                Integer.parseInt(m.group(1)),
                Long.parseLong(m.group(2)),
                m.group(3) == null ? Long.MAX_VALUE : Long.parseLong(m.group(3))));
      } catch (IllegalArgumentException e) {
        throw CliErrors.badInput(spec, "--range", e);
      }
    }
    if (sinkCount < 0) {
      throw new ParameterException(
          spec.commandLine(), "--sink-count: " + sinkCount + " is negative");
    }
    ToolReport report =
        target
            .tools(LagRules.defaults())
            .reconcile(target.cluster(spec), topic, parsed, sinkCount, null);
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return KafkaTarget.exitCode(report);
  }
}
