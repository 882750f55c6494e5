package dev.lakeops.cli.binlog;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.plan.BinlogRecoveryPlanner;
import dev.lakeops.tools.binlog.plan.ConnectorOffset;
import dev.lakeops.tools.binlog.plan.FileEvidence;
import dev.lakeops.tools.binlog.plan.GtidSet;
import dev.lakeops.tools.binlog.plan.RecoveryPlan;
import dev.lakeops.tools.binlog.plan.RecoveryPlanText;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops binlog plan FILE...}: recovery options around the first damage; exit 0 when no
 * file is damaged.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description =
        "Recovery options for a CDC source that hit damaged binlog: read from a healthy replica,"
            + " restart at a specific offset / GTID set / timestamp after the damage, or skip with"
            + " warn, each with the exact Flink CDC options and what it loses, plus a bounded"
            + " backfill. Give the files in server order.")
final class BinlogPlanCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "Binlog files in server order, e.g. mysql-bin.000041 mysql-bin.000042")
  List<Path> files;

  @Option(
      names = "--replica-gtid",
      paramLabel = "SET",
      description =
          "A healthy replica's executed GTID set: MySQL @@gtid_executed, MariaDB @@gtid_binlog_pos")
  String replicaGtid;

  @Option(
      names = "--replica-purged",
      paramLabel = "SET",
      description =
          "That replica's purged set: MySQL @@gtid_purged, MariaDB the GTID_LIST of its oldest"
              + " binlog")
  String replicaPurged;

  @Option(
      names = "--connector-offset",
      paramLabel = "FILE:POS",
      description = "The CDC source's stored offset")
  String connectorOffset;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    RecoveryPlan plan;
    try {
      GtidSet executed = replicaGtid == null ? null : GtidSet.parse(replicaGtid);
      GtidSet purged = replicaPurged == null ? null : GtidSet.parse(replicaPurged);
      ConnectorOffset offset =
          connectorOffset == null ? null : ConnectorOffset.parse(connectorOffset);
      List<FileEvidence> evidence = new ArrayList<>();
      for (Path file : files) {
        evidence.add(BinlogTools.evidence(file));
      }
      plan =
          BinlogRecoveryPlanner.plan(
              new BinlogRecoveryPlanner.Request(evidence, executed, purged, offset));
    } catch (ProbeException | UncheckedIOException | IllegalArgumentException e) {
      output.print(
          spec,
          CliErrors.describe(e),
          error -> Json.compact(Map.of("status", "ERROR", "error", error)),
          error -> error);
      return 2;
    }
    output.print(spec, plan, RecoveryPlanText::render);
    return plan.status() == RecoveryPlan.Status.CLEAN ? 0 : 1;
  }
}
