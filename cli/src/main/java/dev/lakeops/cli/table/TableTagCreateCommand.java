package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.TableMaintenance;
import dev.lakeops.table.maintenance.TagReport;
import dev.lakeops.table.meta.Snapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table tag create TABLE NAME [--snapshot N]}. */
@Command(name = "create", mixinStandardHelpOptions = true,
    description = "Tag a snapshot (the latest unless --snapshot); the tag keeps its files from expiring.")
final class TableTagCreateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Parameters(index = "1", paramLabel = "NAME", description = "Tag name")
  String name;

  @Option(names = "--snapshot", paramLabel = "ID", description = "Snapshot to tag; default: the latest")
  Long snapshot;

  @Override
  public Integer call() {
    TableTagDeleteCommand.checkName(spec, name);
    Table t = target.load(spec, table);
    long id;
    if (snapshot != null) {
      id = snapshot;
    } else {
      id = t.latestSnapshot().map(Snapshot::id).orElseThrow(() -> new ParameterException(spec.commandLine(),
          "table " + table + " has no snapshot to tag"));
    }
    TagReport report;
    try {
      report = new TableMaintenance(t.io(), t.paths()).createTag(name, id);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "tag " + name + ": " + e.getMessage());
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table);
    result.put("action", "created");
    result.put("tag", report.tagName());
    result.put("snapshot", report.snapshotId());
    TableActionOutput.print(spec, target.json, result, "Created tag " + name + " of snapshot " + report.snapshotId()
        + " in " + table + ".");
    return 0;
  }
}
