package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import dev.lakeops.table.flink.maintenance.MaintenanceJobs;
import dev.lakeops.table.maintenance.ExpirePreview;
import dev.lakeops.table.maintenance.ExpireReport;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.TableMaintenance;
import java.net.URI;
import java.time.Duration;
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
 * {@code lakeops table expire TABLE}: expires snapshots by the table's retention options ({@code
 * snapshot.num-retained.min/max}, {@code snapshot.time-retained}), each overridable; never a file a
 * retained snapshot, tag or consumer needs.
 */
@Command(
    name = "expire",
    mixinStandardHelpOptions = true,
    description =
        "Expire old snapshots by the table's retention options (overridable) and delete the files"
            + " only they used; --dry-run shows what would go.")
final class TableExpireCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;
  @Mixin FlinkSubmitOptions flink;

  @Option(
      names = "--retain-min",
      paramLabel = "N",
      description = "Always keep the newest N snapshots (snapshot.num-retained.min)")
  Integer retainMin;

  @Option(
      names = "--retain-max",
      paramLabel = "N",
      description = "Never keep more than N snapshots (snapshot.num-retained.max)")
  Integer retainMax;

  @Option(
      names = "--older-than",
      paramLabel = "DURATION",
      converter = TableDurationConverter.class,
      description =
          "Between the two, expire snapshots older than DURATION, e.g. 1h, 7d"
              + " (snapshot.time-retained)")
  Duration olderThan;

  @Option(
      names = "--dry-run",
      description = "Show what would be expired and deleted; change nothing")
  boolean dryRun;

  @Override
  public Integer call() {
    Table t = table.load(spec);
    ExpireRetention defaults = ExpireRetention.of(t.options());
    int min = retainMin != null ? retainMin : defaults.minRetained();
    int max = retainMax != null ? retainMax : Math.max(defaults.maxRetained(), min);
    if (min < 1) {
      throw new ParameterException(
          spec.commandLine(), "--retain-min " + min + ": must be 1 or more");
    }
    if (max < min) {
      throw new ParameterException(
          spec.commandLine(), "--retain-max " + max + ": must be at least --retain-min " + min);
    }
    ExpireRetention retention =
        new ExpireRetention(
            min,
            max,
            olderThan != null ? olderThan : defaults.timeRetained(),
            defaults.maxExpires());
    boolean onFlink = flink.enabled(spec);
    TableMaintenance maintenance = new TableMaintenance(t.io(), t.paths());
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("dryRun", dryRun);
    result.put("retainMin", retention.minRetained());
    result.put("retainMax", retention.maxRetained());
    result.put("olderThan", retention.timeRetained().toString());
    try {
      if (dryRun) {
        ExpirePreview p = maintenance.previewExpireSnapshots(retention);
        result.put("expiredSnapshots", p.snapshotIds());
        result.put(
            "earliestAfter", p.earliestAfter().isPresent() ? p.earliestAfter().getAsLong() : null);
        result.put("wouldDelete", TableActionOutput.files(p.files()));
        TableActionOutput.print(
            spec,
            output,
            result,
            "Dry run: would expire snapshots "
                + orNone(p.snapshotIds())
                + " of "
                + table.name()
                + "; "
                + TableActionOutput.text(p.files(), "would be deleted"));
      } else if (onFlink) {
        return onFlink(t, maintenance, retention, result);
      } else {
        ExpireReport r = maintenance.expireSnapshots(retention);
        result.put("expiredSnapshots", r.expiredSnapshotIds());
        result.put(
            "earliestAfter",
            r.earliestSnapshotId().isPresent() ? r.earliestSnapshotId().getAsLong() : null);
        result.put("deleted", TableActionOutput.files(r.deletedFiles()));
        TableActionOutput.print(
            spec,
            output,
            result,
            "Expired snapshots "
                + orNone(r.expiredSnapshotIds())
                + " of "
                + table.name()
                + "; "
                + TableActionOutput.text(r.deletedFiles(), "deleted"));
      }
    } catch (UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "expire " + table.name(), e);
    }
    return 0;
  }

  // the expiry as a job on the cluster; what it expired is read back from the table afterwards
  private int onFlink(
      Table t,
      TableMaintenance maintenance,
      ExpireRetention retention,
      Map<String, Object> result) {
    TableLocation location = table.location(spec, "--on-flink");
    URI rest = flink.restUrl(spec);
    ExpirePreview planned = maintenance.previewExpireSnapshots(retention);
    if (planned.snapshotIds().isEmpty()) {
      result.put("expiredSnapshots", List.of());
      TableActionOutput.print(
          spec, output, result, "Nothing to expire in " + table.name() + "; no job submitted.");
      return 0;
    }
    FlinkJobRunner.Outcome job =
        FlinkJobRunner.run(
                rest,
                FlinkSubmitOptions.engineJars(),
                "lakeops expire " + table.name(),
                env -> {
                  MaintenanceJobs.addExpiry(env, location, retention);
                  return true;
                },
                flink.timeout,
                line -> spec.commandLine().getErr().println("expire " + table.name() + ": " + line))
            .orElseThrow();
    if (!job.succeeded()) {
      throw FlinkSubmitOptions.failed("expire " + table.name() + " on Flink", job);
    }
    Table after = t.refresh();
    List<Long> expired =
        planned.snapshotIds().stream()
            .filter(id -> after.snapshotStore().findSnapshot(id).isEmpty())
            .toList();
    result.put("onFlink", rest.toString());
    result.put("flinkJobId", job.jobId());
    result.put("flinkStatus", job.status().toString());
    result.put("expiredSnapshots", expired);
    result.put(
        "earliestAfter",
        expired.size() == planned.snapshotIds().size() && planned.earliestAfter().isPresent()
            ? planned.earliestAfter().getAsLong()
            : null);
    TableActionOutput.print(
        spec,
        output,
        result,
        "Expired snapshots "
            + orNone(expired)
            + " of "
            + table.name()
            + " on Flink (job "
            + job.jobId()
            + ", "
            + job.took().toMillis()
            + " ms)"
            + (expired.size() < planned.snapshotIds().size()
                ? "; planned " + planned.snapshotIds() + ", the rest remain"
                : "")
            + ".");
    return 0;
  }

  private static String orNone(java.util.List<Long> ids) {
    return ids.isEmpty() ? "none" : ids.toString();
  }
}
