package dev.lakeops.cli.binlog;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogFindings;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.BinlogVerdictJson;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops binlog verify FILE...}: exit 0 only when every file is OK. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description =
        "Checks every event's header and CRC32; reports the first bad event, where valid events"
            + " resume, the safe restart position with its GTID, and the transactions and tables"
            + " lost.")
final class BinlogVerifyCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "Binlog files, e.g. mysql-bin.000042")
  List<Path> files;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    // The text of each file is printed once it is verified, so many files show progress.
    boolean json = output.json();
    PrintWriter out = spec.commandLine().getOut();
    List<Map<String, Object>> results = new ArrayList<>();
    boolean allOk = true;
    for (Path file : files) {
      Map<String, String> params = Map.of("path", file.toString());
      try {
        BinlogVerdict verdict = BinlogTools.verdict(file);
        allOk &= verdict.status() == BinlogVerdict.Status.OK;
        results.add(BinlogVerdictJson.toMap(verdict));
        if (!json) {
          out.println(
              ToolReportText.render(
                  new ToolReport(
                      ToolReport.Status.OK,
                      BinlogTools.VERIFY,
                      params,
                      BinlogFindings.of(verdict),
                      null)));
        }
      } catch (ProbeException | UncheckedIOException e) {
        allOk = false;
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("file", file.toString());
        error.put("status", "ERROR");
        error.put("error", CliErrors.describe(e));
        results.add(error);
        if (!json) {
          out.println(file + ": " + CliErrors.describe(e));
        }
      }
    }
    if (json) {
      out.println(Json.compact(results));
    }
    out.flush();
    return allOk ? 0 : 1;
  }
}
