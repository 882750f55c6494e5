package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.read.Predicate;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.read.SnapshotNotFoundException;
import dev.lakeops.table.read.TableRead;
import dev.lakeops.table.read.TableScan;
import dev.lakeops.table.system.TableMetadata;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table read TABLE}: the rows of a table at a snapshot (merge-on-read for
 * primary-key tables), filtered, projected and limited; text, CSV or JSON.
 */
@Command(
    name = "read",
    mixinStandardHelpOptions = true,
    description =
        "Read a table's rows (primary-key tables merged on read) at the latest snapshot, a"
            + " snapshot, a tag or a time.")
final class TableReadCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin SnapshotOptions at;
  @Mixin OutputOptions output;

  @Option(
      names = "--where",
      paramLabel = "CONDITION",
      description =
          "Keep rows where CONDITION holds: COLUMN=VALUE, or !=, <, <=, >, >= (repeatable; all must"
              + " hold)")
  List<String> where = List.of();

  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "COL",
      description = "Only these columns, in this order")
  List<String> columns = List.of();

  @Option(names = "--limit", paramLabel = "N", description = "At most N rows")
  Integer limit;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "text (default), csv or json (as --json)")
  String format;

  @Override
  public Integer call() {
    if (limit != null && limit < 0) {
      throw new ParameterException(spec.commandLine(), "--limit " + limit + ": must be 0 or more");
    }
    RowPrinter.Format rowFormat = format();
    Table t = table.load(spec);
    ZoneId zone = ZoneId.systemDefault();
    ScanTarget scanTarget = at.target(spec, zone);
    TableScan scan = t.newScan().withTarget(scanTarget);
    TableRead read = t.newRead();
    if (!where.isEmpty()) {
      Predicate filter;
      try {
        filter = WhereParser.parse(where, t.schema().rowType(), zone);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--where " + e.getMessage());
      }
      scan = scan.withFilter(filter);
      read = read.withFilter(filter);
    }
    if (!columns.isEmpty()) {
      try {
        read = read.withProjection(columns);
      } catch (IllegalArgumentException e) {
        throw CliErrors.badInput(spec, "--columns " + String.join(",", columns), e);
      }
    }
    ScanPlan plan;
    try {
      new TableMetadata(t)
          .select(scanTarget); // names the snapshots or tags that exist when the target does not
      plan = scan.plan();
    } catch (SnapshotNotFoundException e) {
      throw CliErrors.badInput(spec, at.describe(), e);
    }
    List<Row> rows = new ArrayList<>();
    if (limit == null || limit > 0) {
      try (CloseableIterator<Row> it = read.open(plan)) {
        while (it.hasNext() && (limit == null || rows.size() < limit)) {
          rows.add(it.next());
        }
      }
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("table", table.name());
    header.put("snapshot", plan.findSnapshot().map(s -> (Object) s.id()).orElse(null));
    header.putAll(at.asked());
    RowPrinter.print(spec.commandLine().getOut(), rowFormat, read.outputType(), rows, header);
    return 0;
  }

  private RowPrinter.Format format() {
    if (format == null) {
      return output.json() ? RowPrinter.Format.JSON : RowPrinter.Format.TEXT;
    }
    RowPrinter.Format chosen =
        switch (format.toLowerCase(java.util.Locale.ROOT)) {
          case "text" -> RowPrinter.Format.TEXT;
          case "csv" -> RowPrinter.Format.CSV;
          case "json" -> RowPrinter.Format.JSON;
          default ->
              throw new ParameterException(
                  spec.commandLine(), "--format " + format + ": expected text, csv or json");
        };
    if (output.json() && chosen != RowPrinter.Format.JSON) {
      throw new ParameterException(
          spec.commandLine(), "--json and --format " + format + ": give one of them");
    }
    return chosen;
  }
}
