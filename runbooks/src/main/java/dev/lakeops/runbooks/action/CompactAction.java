package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.CommitStateUnknownException;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import dev.lakeops.table.flink.maintenance.MaintenanceJobs;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import dev.lakeops.table.write.TableCompaction;
import dev.lakeops.table.write.TableWrite;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code table.compact}: full compaction of every bucket, or of the buckets of one partition
 * ({@code partition=dt=2024-01-01[,hour=01]}), committed as one COMPACT snapshot. Primary-key
 * buckets are merged into one sorted run; append tables have their small files merged in order. The
 * outcome carries the compaction's progress ({@link CompactionProgressRecord}): files and bytes
 * done out of those planned, and the live files and bytes before and after. Content does not
 * change; verify compares the rows a query reads before and after (on tables whose readers skip
 * level 0, it checks that no level-0 file is left instead, since compaction makes those rows
 * visible).
 */
final class CompactAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "partition");
  static final String COMMIT_USER = "lakeops-compact";

  private static final int FLINK_COMPACTION_PARALLELISM = 4;
  private static final Duration FLINK_JOB_TIMEOUT = Duration.ofHours(1);

  private final Map<String, String> partition;
  private final PartitionFilter filter;
  private final ActionTargets targets;

  CompactAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_COMPACT, args.allowOnly(ARGS), targets, asOf);
    this.targets = targets;
    this.partition = parsePartition(args);
    try {
      this.filter =
          partition.isEmpty()
              ? PartitionFilter.all()
              : PartitionFilter.matching(table.schema(), partition);
    } catch (IllegalArgumentException e) {
      throw args.invalid("partition", e.getMessage());
    }
  }

  private static Map<String, String> parsePartition(ActionArgs args) {
    Map<String, String> spec = new LinkedHashMap<>();
    for (String part : args.find("partition").map(p -> p.split(",")).orElse(new String[0])) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw args.invalid("partition", "'" + part + "' (expected KEY=VALUE[,KEY=VALUE])");
      }
      spec.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
    }
    return spec;
  }

  /**
   * Refuses a table kind the engine does not compact: an append table with deletion vectors, and
   * the tables the engine does not write (postpone buckets, cross-partition upserts, merge options
   * it does not write yet); the engine's reason names the table and the option.
   */
  private void checkCompactable() {
    String why = null;
    if (!table.hasPrimaryKey() && table.options().deletionVectorsEnabled()) {
      why =
          "it is an append table with '"
              + TableOptions.DELETION_VECTORS_ENABLED
              + "' = true, which lakeops does not compact (the rewrite would have to drop the"
              + " deleted rows and their vectors)";
    } else {
      // the writer a compaction runs refuses these table kinds when it is built; it writes nothing
      try (TableWrite probe = table.newWrite(COMMIT_USER)) {
        probe.commitUser();
      } catch (UnsupportedOperationException | IllegalArgumentException e) {
        why = e.getMessage();
      }
    }
    if (why != null) {
      throw new ActionRefusedException(
          "Cannot compact table " + table.name() + " (" + table.paths().root() + "): " + why);
    }
  }

  /** The files a full compaction reads or moves per bucket, from the latest snapshot. */
  private Map<String, List<DataFileMeta>> plannedInputs() {
    Map<String, List<DataFileMeta>> planned = new LinkedHashMap<>();
    new TableCompaction(table.store())
        .plan(filter, CompactionMode.FULL)
        .forEach(
            (b, inputs) -> {
              String partitionPath = table.locator().partitionPath(b.getKey());
              planned.put(
                  (partitionPath.isEmpty() ? "" : partitionPath + "/") + "bucket-" + b.getValue(),
                  inputs);
            });
    return planned;
  }

  @Override
  public Preview preview() {
    checkCompactable();
    long target = table.options().targetFileSize(table.hasPrimaryKey()).bytes();
    Map<String, List<DataFileMeta>> planned = plannedInputs();
    long files = 0;
    long bytes = 0;
    long estimate = 0;
    for (List<DataFileMeta> inputs : planned.values()) {
      long size = inputs.stream().mapToLong(DataFileMeta::fileSize).sum();
      files += inputs.size();
      bytes += size;
      estimate += Math.max(1, (size + target - 1) / target);
    }
    return new Preview(
        "full compaction of "
            + planned.size()
            + " buckets of "
            + (table.hasPrimaryKey() ? "" : "append table ")
            + table.name()
            + (partition.isEmpty() ? "" : " partition " + partition)
            + ": "
            + files
            + " files ("
            + bytes
            + " bytes) into about "
            + estimate
            + " files",
        Map.of("buckets compacted", List.copyOf(planned.keySet())),
        Map.of(
            "buckets compacted",
            (long) planned.size(),
            "input files",
            files,
            "input bytes",
            bytes,
            "output files (estimate)",
            estimate));
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    checkCompactable();
    Optional<URI> flink = targets.maintenanceFlink();
    if (flink.isPresent()) {
      return executeOnFlink(flink.get());
    }
    long rowsBefore = TableChecks.rowCount(table);
    LiveFileCount before = LiveFileCount.of(table, filter);
    CompactionProgressRecord progress = new CompactionProgressRecord(table.name());
    CompactionReport report;
    try {
      report = table.compact(COMMIT_USER, filter, CompactionMode.FULL, progress);
    } catch (CommitStateUnknownException e) {
      throw new IllegalStateException(
          "compaction of "
              + table.name()
              + " may or may not have committed (check the latest snapshot): "
              + e.getMessage(),
          e);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "compaction of "
              + table.name()
              + " stopped at "
              + progress.describe()
              + "; nothing was committed: "
              + e.getMessage(),
          e);
    }
    LiveFileCount after = LiveFileCount.of(table.refresh(), filter);
    Map<String, Long> figures = new LinkedHashMap<>(progress.figures());
    figures.put("buckets compacted", (long) report.bucketsCompacted());
    figures.put("input files", (long) report.filesBefore());
    figures.put("output files", (long) report.filesAfter());
    figures.put("live files before", (long) before.files());
    figures.put("live files after", (long) after.files());
    figures.put("live bytes before", before.bytes());
    figures.put("live bytes after", after.bytes());
    if (table.hasPrimaryKey()) {
      figures.put("level-0 files after", (long) after.level0Files());
    }
    figures.put("rows before", rowsBefore);
    return new ActionOutcome(
        "compacted "
            + report.bucketsCompacted()
            + " buckets of "
            + table.name()
            + ": "
            + report.filesBefore()
            + " files into "
            + report.filesAfter()
            + "; live files "
            + before.files()
            + " -> "
            + after.files()
            + " ("
            + before.bytes()
            + " -> "
            + after.bytes()
            + " bytes); progress "
            + progress.describe()
            + report
                .findSnapshot()
                .map(s -> " (snapshot " + s.id() + ")")
                .orElse(" (nothing to compact)"),
        Map.of(),
        figures);
  }

  /**
   * The same compaction as a dedicated compaction job on the maintenance cluster: submitted over
   * its REST API, followed to its end, its job id in the outcome; the figures are read back from
   * the table.
   */
  private ActionOutcome executeOnFlink(URI rest) {
    long rowsBefore = TableChecks.rowCount(table);
    LiveFileCount before = LiveFileCount.of(table, filter);
    long snapshotBefore = table.latestSnapshot().map(Snapshot::id).orElse(0L);
    TableLocation location = location();
    int[] buckets = new int[1];
    Optional<FlinkJobRunner.Outcome> ran =
        FlinkJobRunner.run(
            rest,
            FlinkJobRunner.engineJarsOfThisInstallation(),
            "lakeops table.compact " + table.name(),
            env -> {
              buckets[0] =
                  MaintenanceJobs.addCompaction(
                      env, location, filter, true, COMMIT_USER, FLINK_COMPACTION_PARALLELISM);
              return buckets[0] > 0;
            },
            FLINK_JOB_TIMEOUT,
            line -> {});
    Map<String, List<String>> items = new LinkedHashMap<>();
    items.put("flink cluster", List.of(rest.toString()));
    if (ran.isPresent()) {
      FlinkJobRunner.Outcome job = ran.get();
      items.put("flink job", List.of(job.jobId()));
      if (!job.succeeded()) {
        throw new IllegalStateException(
            job.failureOf("compaction of " + table.name() + " on the Flink cluster at " + rest));
      }
    }
    Table after = table.refresh();
    Optional<Snapshot> compacted =
        after
            .latestSnapshot()
            .filter(s -> s.id() > snapshotBefore && s.commitUser().equals(COMMIT_USER));
    LiveFileCount afterFiles = LiveFileCount.of(after, filter);
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("buckets compacted", (long) buckets[0]);
    figures.put("live files before", (long) before.files());
    figures.put("live files after", (long) afterFiles.files());
    figures.put("live bytes before", before.bytes());
    figures.put("live bytes after", afterFiles.bytes());
    if (table.hasPrimaryKey()) {
      figures.put("level-0 files after", (long) afterFiles.level0Files());
    }
    figures.put("rows before", rowsBefore);
    return new ActionOutcome(
        "compacted "
            + buckets[0]
            + " buckets of "
            + table.name()
            + " on the Flink cluster at "
            + rest
            + ran.map(j -> " (job " + j.jobId() + ", " + j.took().toMillis() + " ms)")
                .orElse(" (nothing to compact: no job submitted)")
            + "; live files "
            + before.files()
            + " -> "
            + afterFiles.files()
            + compacted.map(s -> " (snapshot " + s.id() + ")").orElse(""),
        items,
        figures);
  }

  // where the job's tasks find the table: <warehouse>/<database>.db/<table>
  private TableLocation location() {
    java.nio.file.Path root = table.paths().root();
    java.nio.file.Path databaseDir = root.getParent();
    String database = databaseDir == null ? "" : databaseDir.getFileName().toString();
    if (!database.endsWith(".db") || databaseDir.getParent() == null) {
      throw new ActionRefusedException(
          "Cannot compact table "
              + table.name()
              + " on Flink: "
              + table.io().location(root)
              + " is not <warehouse>/<database>.db/<table>, so a job cannot open it by name");
    }
    return TableLocation.of(
        table.io().location(databaseDir.getParent()),
        targets.storeOptions(),
        database.substring(0, database.length() - 3) + "." + root.getFileName());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    long after = TableChecks.rowCount(table);
    long before = outcome.figures().getOrDefault("rows before", -1L);
    Verification.Check rows;
    if (readsSkipLevelZero()) {
      // level-0 rows are not visible before a compaction, so the row count may change; what the
      // compaction promises is that every row is in a level readers read
      int level0 = LiveFileCount.of(table, filter).level0Files();
      rows =
          new Verification.Check(
              level0 == 0,
              "no level-0 file is left in the compacted partitions (found "
                  + level0
                  + "), so every row is visible; the table reads "
                  + after
                  + " rows ("
                  + before
                  + " before: readers skip level 0 on this table)");
    } else {
      rows =
          new Verification.Check(
              after == before,
              "the table reads " + before + " rows as before (found " + after + ")");
    }
    return Verification.of(List.of(rows, TableChecks.latestReadable(table)));
  }

  /** Paimon's readers skip level 0 on primary-key tables with deletion vectors or first-row. */
  private boolean readsSkipLevelZero() {
    return table.hasPrimaryKey()
        && (table.options().deletionVectorsEnabled()
            || table.options().mergeEngine() == MergeEngine.FIRST_ROW);
  }
}
