package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.commit.ConflictingChangesException;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import dev.lakeops.table.flink.maintenance.MaintenanceJobs;
import dev.lakeops.table.maintenance.BucketCompactionPreview;
import dev.lakeops.table.maintenance.CompactionPreview;
import dev.lakeops.table.maintenance.CompactionPreviews;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table compact TABLE [--partition k=v,...] [--full]}: compacts the matching buckets
 * (the LSM of primary-key tables, the small files of append tables) as one COMPACT commit (Paimon's
 * {@code compact} procedure) and reports the live files before and after; progress goes to stderr
 * as it runs.
 */
@Command(
    name = "compact",
    mixinStandardHelpOptions = true,
    description =
        "Compact a table (or the partitions --partition matches) as one COMPACT commit: where the"
            + " compaction picker would, or --full into one sorted run per bucket (append tables:"
            + " small files merged in order); --dry-run shows what it would merge. Progress (files"
            + " and bytes done) goes to stderr, as JSON lines with --json.")
final class TableCompactCommand implements Callable<Integer> {

  private static final int COMPACTION_PARALLELISM = 4;

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;
  @Mixin FlinkSubmitOptions flink;

  @Option(
      names = "--partition",
      paramLabel = "K=V[,K=V]",
      description = "Only partitions with these values, e.g. dt=2024-01-01")
  String partition;

  @Option(names = "--full", description = "Full compaction: every bucket into one sorted run")
  boolean full;

  @Option(
      names = "--dry-run",
      description = "Show the buckets, files and bytes a compaction would merge; write nothing")
  boolean dryRun;

  @Option(
      names = "--user",
      paramLabel = "USER",
      defaultValue = "lakeops-compact",
      description = "Commit user of the COMPACT snapshot (default ${DEFAULT-VALUE})")
  String user;

  @Override
  public Integer call() {
    Table t = table.load(spec);
    Map<String, String> partitionSpec = partition == null ? Map.of() : parseSpec(spec, partition);
    PartitionFilter filter;
    try {
      filter =
          partitionSpec.isEmpty()
              ? PartitionFilter.all()
              : PartitionFilter.matching(t.schema(), partitionSpec);
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, "--partition " + partition, e);
    }
    boolean onFlink = flink.enabled(spec);
    if (dryRun) {
      return preview(t, partitionSpec, filter);
    }
    if (onFlink) {
      return onFlink(t, partitionSpec, filter);
    }
    int liveBefore = t.newScan().withPartitionFilter(filter).plan().fileCount();
    CompactionReport report;
    try {
      report =
          t.compact(
              user,
              filter,
              full ? CompactionMode.FULL : CompactionMode.UNIVERSAL,
              new CompactionProgressPrinter(
                  spec.commandLine().getErr(), output.json(), table.name(), System::nanoTime));
    } catch (ConflictingChangesException e) {
      throw new ParameterException(
          spec.commandLine(),
          "compact "
              + table.name()
              + ": another writer changed the same files; "
              + "nothing was committed ("
              + e.getMessage()
              + ")");
    } catch (UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "compact " + table.name(), e);
    }
    int liveAfter = t.newScan().withPartitionFilter(filter).plan().fileCount();
    Map<String, Object> result = result(partitionSpec);
    result.put("snapshot", report.findSnapshot().map(s -> (Object) s.id()).orElse(null));
    result.put("bucketsCompacted", report.bucketsCompacted());
    result.put("filesReplaced", report.filesBefore());
    result.put("filesWritten", report.filesAfter());
    result.put("liveFilesBefore", liveBefore);
    result.put("liveFilesAfter", liveAfter);
    String text =
        report.findSnapshot().isEmpty()
            ? "Nothing to compact in "
                + table.name()
                + (partitionSpec.isEmpty() ? "" : " " + partitionSpec)
                + " ("
                + liveBefore
                + " live files)."
            : "Compacted "
                + report.bucketsCompacted()
                + " buckets of "
                + table.name()
                + " as snapshot "
                + report.snapshot().id()
                + ": "
                + report.filesBefore()
                + " files replaced by "
                + report.filesAfter()
                + "; live files "
                + liveBefore
                + " -> "
                + liveAfter
                + ".";
    TableActionOutput.print(spec, output, result, text);
    return 0;
  }

  // a dedicated compaction job on the cluster: the buckets spread over its subtasks, one COMPACT
  // commit at its end; verified here by reading the table afterwards
  private int onFlink(Table t, Map<String, String> partitionSpec, PartitionFilter filter) {
    TableLocation location = table.location(spec, "--on-flink");
    URI rest = flink.restUrl(spec);
    long before = t.latestSnapshot().map(Snapshot::id).orElse(0L);
    int liveBefore = t.newScan().withPartitionFilter(filter).plan().fileCount();
    int[] buckets = new int[1];
    Optional<FlinkJobRunner.Outcome> outcome;
    try {
      outcome =
          FlinkJobRunner.run(
              rest,
              FlinkSubmitOptions.engineJars(),
              "lakeops compact " + table.name(),
              env -> {
                buckets[0] =
                    MaintenanceJobs.addCompaction(
                        env, location, filter, full, user, COMPACTION_PARALLELISM);
                return buckets[0] > 0;
              },
              flink.timeout,
              line -> spec.commandLine().getErr().println("compact " + table.name() + ": " + line));
    } catch (UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "compact " + table.name(), e);
    }
    Map<String, Object> result = result(partitionSpec);
    result.put("onFlink", rest.toString());
    if (outcome.isEmpty()) {
      result.put("snapshot", null);
      result.put("bucketsCompacted", 0);
      TableActionOutput.print(
          spec,
          output,
          result,
          "Nothing to compact in "
              + table.name()
              + (partitionSpec.isEmpty() ? "" : " " + partitionSpec)
              + " ("
              + liveBefore
              + " live files); no job submitted.");
      return 0;
    }
    FlinkJobRunner.Outcome job = outcome.get();
    if (!job.succeeded()) {
      throw FlinkSubmitOptions.failed("compact " + table.name() + " on Flink", job);
    }
    Table after = t.refresh();
    Optional<Snapshot> compacted =
        after.latestSnapshot().filter(s -> s.id() > before && s.commitUser().equals(user));
    int liveAfter = after.newScan().withPartitionFilter(filter).plan().fileCount();
    result.put("flinkJobId", job.jobId());
    result.put("flinkStatus", job.status().toString());
    result.put("tookMillis", job.took().toMillis());
    result.put("snapshot", compacted.map(s -> (Object) s.id()).orElse(null));
    result.put("bucketsCompacted", buckets[0]);
    result.put("liveFilesBefore", liveBefore);
    result.put("liveFilesAfter", liveAfter);
    TableActionOutput.print(
        spec,
        output,
        result,
        compacted.isEmpty()
            ? "Flink job "
                + job.jobId()
                + " finished without a new COMPACT snapshot of "
                + table.name()
                + " (nothing left to merge); live files "
                + liveBefore
                + " -> "
                + liveAfter
                + "."
            : "Compacted "
                + buckets[0]
                + " buckets of "
                + table.name()
                + " on Flink (job "
                + job.jobId()
                + ", "
                + job.took().toMillis()
                + " ms) as snapshot "
                + compacted.get().id()
                + "; live files "
                + liveBefore
                + " -> "
                + liveAfter
                + ".");
    return 0;
  }

  private int preview(Table t, Map<String, String> partitionSpec, PartitionFilter filter) {
    CompactionPreview p;
    try {
      p =
          CompactionPreviews.preview(
              t, filter, full ? CompactionMode.FULL : CompactionMode.UNIVERSAL);
    } catch (UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "compact " + table.name(), e);
    }
    Map<String, Object> result = result(partitionSpec);
    result.put("dryRun", true);
    result.put("snapshot", p.snapshotId());
    result.put("liveFilesBefore", p.liveFilesBefore());
    result.put("inputFiles", p.inputFiles());
    result.put("inputBytes", p.inputBytes());
    result.put("estimatedOutputFiles", p.estimatedOutputFiles());
    result.put("estimatedLiveFilesAfter", p.estimatedLiveFilesAfter());
    List<Map<String, Object>> buckets = new java.util.ArrayList<>();
    StringBuilder text =
        new StringBuilder(
            "Dry run: compacting "
                + table.name()
                + " would merge "
                + p.inputFiles()
                + " files ("
                + p.inputBytes()
                + " bytes) in "
                + p.buckets().size()
                + " buckets; live files "
                + p.liveFilesBefore()
                + " -> about "
                + p.estimatedLiveFilesAfter()
                + ".\n");
    for (BucketCompactionPreview b : p.buckets()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("partition", b.partition());
      m.put("bucket", b.bucket());
      m.put("files", b.filesBefore());
      m.put("sortedRuns", b.sortedRunsBefore());
      m.put("inputFiles", b.inputFiles());
      m.put("inputBytes", b.inputBytes());
      m.put("outputLevel", b.outputLevel());
      m.put("reason", b.reason());
      buckets.add(m);
      text.append("  ")
          .append(b.partition().isEmpty() ? "" : b.partition() + "/")
          .append("bucket-")
          .append(b.bucket())
          .append(": ")
          .append(b.inputFiles().size())
          .append(" of ")
          .append(b.filesBefore())
          .append(" files, ")
          .append(b.inputBytes())
          .append(" bytes -> level ")
          .append(b.outputLevel())
          .append(" (")
          .append(b.reason())
          .append(")\n");
    }
    result.put("buckets", buckets);
    TableActionOutput.print(spec, output, result, text.toString());
    return 0;
  }

  /** The figures every compaction result starts with: which table, partitions and mode. */
  private Map<String, Object> result(Map<String, String> partitionSpec) {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("partition", partitionSpec);
    result.put("mode", full ? "full" : "universal");
    return result;
  }

  /** {@code k=v[,k=v]} as a map. */
  static Map<String, String> parseSpec(CommandSpec spec, String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String part : List.of(text.split(","))) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new ParameterException(
            spec.commandLine(),
            "--partition " + text + ": expected KEY=VALUE[,KEY=VALUE], e.g. dt=2024-01-01");
      }
      values.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
    }
    return values;
  }
}
