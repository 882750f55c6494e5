package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.io.IoStats;
import dev.lakeops.table.meta.CorruptMetadataException;
import dev.lakeops.table.read.SnapshotNotFoundException;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The facade over the table probes and analyzers: read-only, never throws. A table is a table
 * directory or {@code database.table} in the configured warehouse ({@link TableLocator}). The typed
 * methods are for the CLI; {@link #functions()} pairs them with their declarations ({@link
 * TableToolSpecs}) for the planner, the model and chat. A table that does not exist is {@code
 * NO_DATA}; a parameter that does not fit the table, or metadata that does not decode, is {@code
 * ERROR} with the reason and the file.
 */
public final class TableTools implements ToolSet {

  public static final String COMMIT_TIMELINE = "table.commit_timeline";
  public static final String DUPLICATE_KEYS = "table.duplicate_keys";
  public static final String COMPACTION_BACKLOG = "table.compaction_backlog";
  public static final String SNAPSHOTS = "table.snapshots";
  public static final String LAYOUT = "table.layout";

  /** The code of the finding on the requests a check sent to an object store or HDFS. */
  public static final String STORE_REQUESTS = "table.store.requests";

  /** Snapshots the timeline shows unless asked otherwise. */
  public static final int DEFAULT_TIMELINE_LIMIT = 100;

  static final int MAX_TIMELINE_LIMIT = 10_000;

  /** Records read per pass of the duplicate-key probe before it stops and says so. */
  public static final long DEFAULT_MAX_ROWS = 5_000_000;

  private final TableLocator locator;
  private final CommitTimelineRules timelineRules;
  private final long maxRows;
  private final TableLayoutRules layoutRules;

  public TableTools(TableLocator locator) {
    this(locator, CommitTimelineRules.defaults(), DEFAULT_MAX_ROWS);
  }

  public TableTools(TableLocator locator, CommitTimelineRules timelineRules, long maxRows) {
    this(locator, timelineRules, maxRows, TableLayoutRules.defaults());
  }

  public TableTools(
      TableLocator locator,
      CommitTimelineRules timelineRules,
      long maxRows,
      TableLayoutRules layoutRules) {
    this.locator = locator;
    this.timelineRules = timelineRules;
    this.maxRows = maxRows;
    this.layoutRules = layoutRules;
  }

  /** Every table tool with its declaration. */
  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(
        new ToolFunction<>(
            TableToolSpecs.COMMIT_TIMELINE,
            a -> commitTimeline(a.string("table"), (int) a.integer("limit"))),
        new ToolFunction<>(
            TableToolSpecs.DUPLICATE_KEYS,
            a ->
                duplicateKeys(
                    a.string("table"), a.optionalString("partition").orElse(null), a.list("keys"))),
        new ToolFunction<>(
            TableToolSpecs.COMPACTION_BACKLOG,
            a -> compactionBacklog(a.string("table"), a.optionalString("partition").orElse(null))),
        new ToolFunction<>(TableToolSpecs.SNAPSHOTS, a -> snapshots(a.string("table"))),
        new ToolFunction<>(
            TableToolSpecs.LAYOUT,
            a -> layout(a.string("table"), a.optionalString("partition").orElse(null))));
  }

  /**
   * The newest {@code limit} snapshots with commit users, identifiers, kinds and record counts,
   * judged.
   */
  public ToolReport commitTimeline(String table, int limit) {
    Map<String, String> params = params(table);
    params.put("limit", Integer.toString(limit));
    if (limit < 1 || limit > MAX_TIMELINE_LIMIT) {
      return invalid(
          COMMIT_TIMELINE, params, "limit " + limit + ": must be 1.." + MAX_TIMELINE_LIMIT);
    }
    return run(
        COMMIT_TIMELINE,
        params,
        table,
        (t) ->
            new CommitTimelineAnalyzer(timelineRules)
                .analyze(new CommitTimelineProbe().capture(t, table.strip(), limit)));
  }

  /**
   * Duplicate keys in the latest snapshot: visible to readers, and unmerged in files.
   *
   * @param partition {@code key=value[,key=value]}; null or blank for every partition
   * @param keys the columns identifying a row; empty for the primary key (required for append
   *     tables)
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
    return run(
        DUPLICATE_KEYS,
        params,
        table,
        (t) ->
            new DuplicateKeysAnalyzer()
                .analyze(new DuplicateKeysProbe(maxRows).capture(t, table.strip(), spec, keys)));
  }

  /**
   * Files, level-0 files, sorted runs and small files per bucket against the compaction triggers.
   */
  public ToolReport compactionBacklog(String table, @Nullable String partition) {
    Map<String, String> params = params(table);
    putIfPresent(params, "partition", partition);
    Map<String, String> spec;
    try {
      spec = PartitionSpecs.parse(partition);
    } catch (InvalidTableArgumentException e) {
      return invalid(COMPACTION_BACKLOG, params, e.getMessage());
    }
    return run(
        COMPACTION_BACKLOG,
        params,
        table,
        (t) ->
            new CompactionBacklogAnalyzer()
                .analyze(new CompactionBacklogProbe().capture(t, table.strip(), spec)));
  }

  /**
   * Rows, bytes and files per partition and bucket, their skew, the hot keys of the biggest bucket,
   * small files, oversized partitions, level-0 backlog and full dynamic buckets, with the numbers
   * for a rescale or another bucket key or partitioning. A partition asked for that holds no file
   * is {@code NO_DATA}, naming the partitions there are.
   *
   * @param partition {@code key=value[,key=value]}; null or blank for every partition
   */
  public ToolReport layout(String table, @Nullable String partition) {
    Map<String, String> params = params(table);
    putIfPresent(params, "partition", partition);
    Map<String, String> spec;
    try {
      spec = PartitionSpecs.parse(partition);
    } catch (InvalidTableArgumentException e) {
      return invalid(LAYOUT, params, e.getMessage());
    }
    return run(
        LAYOUT,
        params,
        table,
        (t) ->
            new TableLayoutAnalyzer(layoutRules)
                .analyze(
                    new TableLayoutProbe(layoutRules.sampleRows())
                        .capture(t, table.strip(), spec)));
  }

  /** The latest snapshot, the retained range, tags and consumers. */
  public ToolReport snapshots(String table) {
    return run(
        SNAPSHOTS,
        params(table),
        table,
        (t) -> new SnapshotsAnalyzer().analyze(new SnapshotsProbe().capture(t, table.strip())));
  }

  private ToolReport run(
      String tool, Map<String, String> params, String table, Function<Table, List<Finding>> call) {
    try {
      IoStats before = locator.io().stats();
      Table t = locator.locate(table);
      params.put("location", t.io().location(t.paths().root()));
      List<Finding> findings = new ArrayList<>(call.apply(t));
      if (!t.io().isLocal()) {
        findings.add(storeRequests(t, t.io().stats().minus(before), findings));
      }
      return new ToolReport(ToolReport.Status.OK, tool, params, findings, null);
    } catch (InvalidTableArgumentException e) {
      return invalid(tool, params, e.getMessage());
    } catch (RuntimeException e) {
      RuntimeException reported =
          translate(e, params.getOrDefault("location", String.valueOf(table)));
      return ToolReports.run(
          tool,
          params,
          () -> {
            throw reported;
          });
    }
  }

  /**
   * What the check cost on an object store or HDFS: its requests by kind and the bytes read. With a
   * small-files finding beside it, says that each of those files is a request of every reader too.
   */
  private static Finding storeRequests(Table t, IoStats cost, List<Finding> findings) {
    boolean smallFiles = findings.stream().anyMatch(f -> f.code().endsWith(".small-files"));
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("requests", Long.toString(cost.requests()));
    evidence.put("lists", Long.toString(cost.lists()));
    evidence.put("gets", Long.toString(cost.gets()));
    evidence.put("heads", Long.toString(cost.heads()));
    evidence.put("puts", Long.toString(cost.puts()));
    evidence.put("bytesRead", Long.toString(cost.bytesRead()));
    String location = t.io().location(t.paths().root());
    return new Finding(
        Severity.INFO,
        STORE_REQUESTS,
        location,
        "this check sent "
            + cost.requests()
            + " requests to the store of "
            + location
            + " (LIST "
            + cost.lists()
            + ", GET "
            + cost.gets()
            + ", HEAD "
            + cost.heads()
            + ") and read "
            + cost.bytesRead()
            + " bytes"
            + (smallFiles
                ? "; on an object store every small file is one more GET for each reader and"
                    + " more LIST pages for each listing, so compacting them cuts requests as well"
                    + " as planning time"
                : ""),
        evidence,
        List.of(location));
  }

  /**
   * Failures with a message fit for the reader become probe failures; anything else stays internal.
   */
  private static RuntimeException translate(RuntimeException e, String location) {
    if (e instanceof ProbeException) {
      return e;
    }
    if (e instanceof SnapshotNotFoundException) {
      return new ProbeException(ProbeException.Code.NOT_FOUND, location, e.getMessage(), e);
    }
    if (e instanceof CorruptMetadataException
        || e instanceof CorruptDataFileException
        || e instanceof UnsupportedOperationException) {
      return new ProbeException(ProbeException.Code.BAD_RESPONSE, location, e.getMessage(), e);
    }
    if (e instanceof UncheckedIOException io) {
      return new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          location,
          io.getMessage()
              + (io.getCause() == null
                  ? ""
                  : " ("
                      + io.getCause().getClass().getSimpleName()
                      + ": "
                      + io.getCause().getMessage()
                      + ")"),
          e);
    }
    return e;
  }

  private static ToolReport invalid(String tool, Map<String, String> params, String message) {
    return new ToolReport(
        ToolReport.Status.ERROR, tool, params, List.of(), "invalid argument: " + message);
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
