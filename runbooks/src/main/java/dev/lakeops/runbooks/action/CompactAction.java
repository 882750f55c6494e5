package dev.lakeops.runbooks.action;

import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code table.compact}: full compaction of every bucket, or of the buckets of one partition
 * ({@code partition=dt=2024-01-01[,hour=01]}), committed as one COMPACT snapshot. Content does not
 * change; verify compares the rows a query reads before and after.
 */
final class CompactAction extends TableAction {

  static final Set<String> ARGS = Set.of("warehouse", "table", "partition");
  static final String COMMIT_USER = "lakeops-compact";

  private final Map<String, String> partition;
  private final PartitionFilter filter;

  CompactAction(ActionArgs args, ActionTargets targets, Instant asOf) {
    super(ActionKind.TABLE_COMPACT, args.allowOnly(ARGS), targets, asOf);
    if (!table.hasPrimaryKey()) {
      throw args.invalid(
          "table",
          table.name() + " has no primary key (compaction of append tables is not supported)");
    }
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

  @Override
  public Preview preview() {
    int maxLevel = table.options().numLevels() - 1;
    long target = table.options().targetFileSize(true).bytes();
    List<String> buckets = new ArrayList<>();
    long files = 0;
    long bytes = 0;
    long estimate = 0;
    for (DataSplit split : table.newScan().withPartitionFilter(filter).plan().splits()) {
      // Full compaction leaves alone a bucket that already is one sorted run in the highest level.
      if (split.files().stream().allMatch(f -> f.level() == maxLevel)) {
        continue;
      }
      String partitionPath = table.locator().partitionPath(split.partition());
      buckets.add(
          (partitionPath.isEmpty() ? "" : partitionPath + "/") + "bucket-" + split.bucket());
      files += split.files().size();
      long size = split.files().stream().mapToLong(DataFileMeta::fileSize).sum();
      bytes += size;
      estimate += Math.max(1, (size + target - 1) / target);
    }
    return new Preview(
        "full compaction of "
            + buckets.size()
            + " buckets of "
            + table.name()
            + (partition.isEmpty() ? "" : " partition " + partition)
            + ": "
            + files
            + " files ("
            + bytes
            + " bytes) into about "
            + estimate
            + " files",
        Map.of("buckets compacted", buckets),
        Map.of(
            "buckets compacted",
            (long) buckets.size(),
            "input files",
            files,
            "input bytes",
            bytes,
            "output files (estimate)",
            estimate));
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    long rowsBefore = TableChecks.rowCount(table);
    CompactionReport report = table.compact(COMMIT_USER, filter, CompactionMode.FULL);
    return new ActionOutcome(
        "compacted "
            + report.bucketsCompacted()
            + " buckets of "
            + table.name()
            + ": "
            + report.filesBefore()
            + " files into "
            + report.filesAfter()
            + report
                .findSnapshot()
                .map(s -> " (snapshot " + s.id() + ")")
                .orElse(" (nothing to compact)"),
        Map.of(),
        Map.of(
            "buckets compacted",
            (long) report.bucketsCompacted(),
            "input files",
            (long) report.filesBefore(),
            "output files",
            (long) report.filesAfter(),
            "rows before",
            rowsBefore));
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    long after = TableChecks.rowCount(table);
    long before = outcome.figures().getOrDefault("rows before", -1L);
    return Verification.of(
        List.of(
            new Verification.Check(
                after == before,
                "the table reads " + before + " rows as before (found " + after + ")"),
            TableChecks.latestReadable(table)));
  }
}
