package dev.lakeops.tools.table;

import static dev.lakeops.tools.spec.ParamType.INTEGER;
import static dev.lakeops.tools.spec.ParamType.LIST;
import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.List;

/**
 * The declarations of the table tools ({@link TableTools}). {@code table} is a table directory or
 * {@code database.table} in the configured warehouse; where callers come from other systems the
 * binding confines it to the warehouse.
 */
public final class TableToolSpecs {

  /**
   * Every table tool's finding on a warehouse on an object store or HDFS: the requests the check
   * sent to the store and the bytes it read (none on a local disk).
   */
  private static final FindingCodes STORE_REQUESTS = FindingCodes.of(TableTools.STORE_REQUESTS);

  private static final ToolParam TABLE =
      ToolParam.required(
          "table", STRING, "Table directory, or database.table in the configured warehouse");

  public static final ToolSpec COMMIT_TIMELINE =
      new ToolSpec(
          TableTools.COMMIT_TIMELINE,
          "Commit timeline of a lake table (Paimon format): per snapshot the commit user, commit"
              + " identifier (Flink checkpoint id), kind (APPEND/COMPACT/OVERWRITE), time, delta"
              + " and total record counts, files added/deleted; flags a new streaming commit user"
              + " after another (a writer restarted without state: replays not filtered),"
              + " identifier regressions, gaps and overwrites. Read-only. Status NO_DATA: no such"
              + " table.",
          List.of(
              TABLE,
              ToolParam.optional("limit", INTEGER, "How many of the newest snapshots to show")
                  .between(1, TableTools.MAX_TIMELINE_LIMIT)
                  .withDefault(Integer.toString(TableTools.DEFAULT_TIMELINE_LIMIT))),
          FindingCodes.of(
                  "table.commit.timeline",
                  "table.commit.new-user",
                  "table.commit.identifier-regression",
                  "table.commit.gap",
                  "table.commit.overwrite",
                  "table.commit.ok")
              .and(STORE_REQUESTS));

  public static final ToolSpec DUPLICATE_KEYS =
      new ToolSpec(
          TableTools.DUPLICATE_KEYS,
          "Duplicate keys in a lake table's latest snapshot: reads each data file unmerged and the"
              + " table merged on read. A key twice in what readers see (append tables, or keys"
              + " other than the primary key) is visible; a primary key in several files awaiting"
              + " compaction is unmerged, not visible; on an aggregation table, unmerged rows from"
              + " two commit users are replay-aggregated (a replay counted twice). Evidence names"
              + " the merge engine, the commit users and the two"
              + " snapshots the duplicated rows came from; sample keys only, never other row"
              + " values. Read-only.",
          List.of(
              TABLE,
              ToolParam.optional(
                  "partition", STRING, "Partition to read, key=value[,key=value]; empty for all"),
              ToolParam.optional(
                  "keys",
                  LIST,
                  "Columns identifying a row; empty for the primary key; required for append"
                      + " tables")),
          FindingCodes.of(
                  "table.duplicates.visible",
                  "table.duplicates.unmerged",
                  "table.duplicates.replay-aggregated",
                  "table.duplicates.none")
              .and(STORE_REQUESTS));

  public static final ToolSpec COMPACTION_BACKLOG =
      new ToolSpec(
          TableTools.COMPACTION_BACKLOG,
          "Compaction backlog of a lake table: per partition/bucket the files, level-0 files,"
              + " sorted runs and small files (below 70% of target-file-size) against"
              + " num-sorted-run.compaction-trigger and stop-trigger from the table's options;"
              + " stalled means writers stall. A write-only table's writers never compact nor"
              + " stall: its backlog says whether a dedicated compaction job runs (last COMPACT"
              + " snapshot). Postponed: files in bucket-postpone (bucket=-2) awaiting Paimon's"
              + " postpone compaction. Level0-hidden: level-0 files readers skip (deletion vectors,"
              + " first-row) until compacted. Read-only.",
          List.of(
              TABLE,
              ToolParam.optional(
                  "partition", STRING, "Partition, key=value[,key=value]; empty for all")),
          FindingCodes.of(
                  "table.compaction.buckets",
                  "table.compaction.stalled",
                  "table.compaction.backlog",
                  "table.compaction.postponed",
                  "table.compaction.level0-hidden",
                  "table.compaction.small-files",
                  "table.compaction.ok")
              .and(STORE_REQUESTS));

  public static final ToolSpec SNAPSHOTS =
      new ToolSpec(
          TableTools.SNAPSHOTS,
          "Snapshot summary of a lake table: latest snapshot (id, kind, commit user, identifier,"
              + " time, total records), retained range, schema id, tags with their snapshots,"
              + " consumers. Read-only.",
          List.of(TABLE),
          FindingCodes.of(
                  "table.snapshots.latest",
                  "table.snapshots.none",
                  "table.snapshots.tags",
                  "table.snapshots.consumers")
              .and(STORE_REQUESTS));

  public static final ToolSpec LAYOUT =
      new ToolSpec(
          TableTools.LAYOUT,
          "Layout health of a lake table: per partition and bucket the rows, bytes and files of the"
              + " latest snapshot (from manifests), bucket skew (biggest over median, Gini) and the"
              + " hot bucket, the most frequent bucket-key values of the biggest bucket (a bounded"
              + " sample of its key columns: keys and counts only, never other values), small"
              + " files per bucket against target-file-size, partitions too big to scan, level-0"
              + " files against the compaction and stop triggers, dynamic buckets past"
              + " dynamic-bucket.target-row-num; with numbers for advice (bucket count for a"
              + " target bucket size and the files and bytes a rescale would rewrite, another"
              + " bucket key, finer partitions). Read-only: proposes, never rescales. Status"
              + " NO_DATA: no such table, or the partition holds no file.",
          List.of(
              TABLE,
              ToolParam.optional(
                  "partition", STRING, "Partition, key=value[,key=value]; empty for all")),
          FindingCodes.of(
                  "table.layout.skew",
                  "table.layout.hot-key",
                  "table.layout.small-files",
                  "table.layout.partition-too-big",
                  "table.layout.l0-backlog",
                  "table.layout.dynamic-bucket-full",
                  "table.layout.healthy",
                  "table.layout.buckets")
              .and(STORE_REQUESTS));

  /** Every table tool. */
  public static final List<ToolSpec> ALL =
      List.of(COMMIT_TIMELINE, DUPLICATE_KEYS, COMPACTION_BACKLOG, SNAPSHOTS, LAYOUT);

  private TableToolSpecs() {}
}
