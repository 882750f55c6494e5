package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.meta.CorruptMetadataException;
import dev.lakeops.table.read.SnapshotNotFoundException;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The {@code @Tool} facade over the table probes and analyzers: read-only, never throws. A table
 * is a table directory or {@code database.table} in the configured warehouse ({@link TableLocator}).
 * Each typed method (for the planner and the CLI) has a {@code String} twin for the model that
 * returns the same report as compact JSON. A table that does not exist is {@code NO_DATA}; a
 * parameter that does not fit the table, or metadata that does not decode, is {@code ERROR} with
 * the reason and the file.
 */
public final class TableTools {

  public static final String COMMIT_TIMELINE = "table.commit_timeline";
  public static final String DUPLICATE_KEYS = "table.duplicate_keys";
  public static final String COMPACTION_BACKLOG = "table.compaction_backlog";
  public static final String SNAPSHOTS = "table.snapshots";
  /** Snapshots the timeline shows unless asked otherwise. */
  public static final int DEFAULT_TIMELINE_LIMIT = 100;
  static final int MAX_TIMELINE_LIMIT = 10_000;
  /** Records read per pass of the duplicate-key probe before it stops and says so. */
  public static final long DEFAULT_MAX_ROWS = 5_000_000;

  private final TableLocator locator;
  private final CommitTimelineRules timelineRules;
  private final long maxRows;

  public TableTools(TableLocator locator) {
    this(locator, CommitTimelineRules.defaults(), DEFAULT_MAX_ROWS);
  }

  public TableTools(TableLocator locator, CommitTimelineRules timelineRules, long maxRows) {
    this.locator = locator;
    this.timelineRules = timelineRules;
    this.maxRows = maxRows;
  }

  /** The newest {@code limit} snapshots with commit users, identifiers, kinds and record counts, judged. */
  public ToolReport commitTimeline(String table, int limit) {
    Map<String, String> params = params(table);
    params.put("limit", Integer.toString(limit));
    if (limit < 1 || limit > MAX_TIMELINE_LIMIT) {
      return invalid(COMMIT_TIMELINE, params, "limit " + limit + ": must be 1.." + MAX_TIMELINE_LIMIT);
    }
    return run(COMMIT_TIMELINE, params, table, (t) -> new CommitTimelineAnalyzer(timelineRules)
        .analyze(new CommitTimelineProbe().capture(t, table.strip(), limit)));
  }

  /**
   * Duplicate keys in the latest snapshot: visible to readers, and unmerged in files.
   *
   * @param partition {@code key=value[,key=value]}; null or blank for every partition
   * @param keys the columns identifying a row; empty for the primary key (required for append tables)
   */
  public ToolReport duplicateKeys(String table, @Nullable String partition, List<String> keys) {
    Map<String, String> params = params(table);
    putIfPresent(params, "partition", partition);
    putIfPresent(params, "keys", String.join(",", keys));
    Map<String, String> spec;
    try {
      spec = PartitionSpecs.parse(partition);
    } catch (InvalidTableArgumentException e) {
      return invalid(DUPLICATE_KEYS, params, e.getMessage());
    }
    return run(DUPLICATE_KEYS, params, table, (t) -> new DuplicateKeysAnalyzer()
        .analyze(new DuplicateKeysProbe(maxRows).capture(t, table.strip(), spec, keys)));
  }

  /** Files, level-0 files, sorted runs and small files per bucket against the compaction triggers. */
  public ToolReport compactionBacklog(String table, @Nullable String partition) {
    Map<String, String> params = params(table);
    putIfPresent(params, "partition", partition);
    Map<String, String> spec;
    try {
      spec = PartitionSpecs.parse(partition);
    } catch (InvalidTableArgumentException e) {
      return invalid(COMPACTION_BACKLOG, params, e.getMessage());
    }
    return run(COMPACTION_BACKLOG, params, table, (t) -> new CompactionBacklogAnalyzer()
        .analyze(new CompactionBacklogProbe().capture(t, table.strip(), spec)));
  }

  /** The latest snapshot, the retained range, tags and consumers. */
  public ToolReport snapshots(String table) {
    return run(SNAPSHOTS, params(table), table, (t) -> new SnapshotsAnalyzer()
        .analyze(new SnapshotsProbe().capture(t, table.strip())));
  }

  @Tool("Commit timeline of a lake table (Paimon format): per snapshot the commit user, commit identifier (Flink "
      + "checkpoint id), kind (APPEND/COMPACT/OVERWRITE), time, delta and total record counts, files added/deleted. "
      + "Findings: table.commit.new-user (a new streaming commit user after another: a writer restarted without "
      + "state, replays not filtered), table.commit.identifier-regression, table.commit.gap, table.commit.overwrite, "
      + "table.commit.ok. Read-only. Compact JSON with status OK, NO_DATA (no such table) or ERROR.")
  public String tableCommitTimeline(
      @P("Table directory, or database.table in the configured warehouse") String table,
      @P(value = "How many of the newest snapshots to show (default 100)", required = false) Integer limit) {
    return Json.compact(commitTimeline(table, limit == null ? DEFAULT_TIMELINE_LIMIT : limit));
  }

  @Tool("Duplicate keys in a lake table's latest snapshot: reads each data file unmerged and the table merged on read. "
      + "Findings: table.duplicates.visible (a key twice in what readers see: append tables, or keys other than the "
      + "primary key), table.duplicates.unmerged (a primary key in several files awaiting compaction, not visible), "
      + "table.duplicates.none; evidence names the commit users and the two snapshots the duplicated rows came from. "
      + "Sample keys only, never other row values. Read-only. Compact JSON.")
  public String tableDuplicateKeys(
      @P("Table directory, or database.table in the configured warehouse") String table,
      @P(value = "Partition to read, key=value[,key=value]; empty for all", required = false) String partition,
      @P(value = "Comma-separated columns identifying a row; empty for the primary key; required for append tables",
          required = false) String keys) {
    List<String> keyList = keys == null || keys.isBlank() ? List.of()
        : List.of(keys.split(",")).stream().map(String::strip).filter(k -> !k.isEmpty()).toList();
    return Json.compact(duplicateKeys(table, partition, keyList));
  }

  @Tool("Compaction backlog of a lake table: per partition/bucket the files, level-0 files, sorted runs and small files "
      + "(below 70% of target-file-size) against num-sorted-run.compaction-trigger and stop-trigger from the table's "
      + "options. Findings: table.compaction.stalled (writers stall), table.compaction.backlog, "
      + "table.compaction.small-files, table.compaction.ok. Read-only. Compact JSON.")
  public String tableCompactionBacklog(
      @P("Table directory, or database.table in the configured warehouse") String table,
      @P(value = "Partition, key=value[,key=value]; empty for all", required = false) String partition) {
    return Json.compact(compactionBacklog(table, partition));
  }

  @Tool("Snapshot summary of a lake table: latest snapshot (id, kind, commit user, identifier, time, total records), "
      + "retained range, schema id, tags with their snapshots, consumers. Findings table.snapshots.latest / .none, "
      + ".tags, .consumers. Read-only. Compact JSON.")
  public String tableSnapshots(@P("Table directory, or database.table in the configured warehouse") String table) {
    return Json.compact(snapshots(table));
  }

  private ToolReport run(String tool, Map<String, String> params, String table, Function<Table, List<Finding>> call) {
    try {
      Table t = locator.locate(table);
      params.put("location", t.paths().root().toString());
      return new ToolReport(ToolReport.Status.OK, tool, params, call.apply(t), null);
    } catch (InvalidTableArgumentException e) {
      return invalid(tool, params, e.getMessage());
    } catch (RuntimeException e) {
      RuntimeException reported = translate(e, params.getOrDefault("location", String.valueOf(table)));
      return ToolReports.run(tool, params, () -> {
        throw reported;
      });
    }
  }

  /** Failures with a message fit for the reader become probe failures; anything else stays internal. */
  private static RuntimeException translate(RuntimeException e, String location) {
    if (e instanceof ProbeException) {
      return e;
    }
    if (e instanceof SnapshotNotFoundException) {
      return new ProbeException(ProbeException.Code.NOT_FOUND, location, e.getMessage(), e);
    }
    if (e instanceof CorruptMetadataException || e instanceof CorruptDataFileException
        || e instanceof UnsupportedOperationException) {
      return new ProbeException(ProbeException.Code.BAD_RESPONSE, location, e.getMessage(), e);
    }
    if (e instanceof UncheckedIOException io) {
      return new ProbeException(ProbeException.Code.BAD_RESPONSE, location, io.getMessage()
          + (io.getCause() == null ? "" : " (" + io.getCause().getClass().getSimpleName() + ": "
          + io.getCause().getMessage() + ")"), e);
    }
    return e;
  }

  private static ToolReport invalid(String tool, Map<String, String> params, String message) {
    return new ToolReport(ToolReport.Status.ERROR, tool, params, List.of(), "invalid argument: " + message);
  }

  private static void putIfPresent(Map<String, String> params, String key, @Nullable String value) {
    if (value != null && !value.isBlank()) {
      params.put(key, value.strip());
    }
  }

  private static Map<String, String> params(String table) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("table", table == null ? "" : table.strip());
    return params;
  }
}
