package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.read.DataFileAccess;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.read.TableRead;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads the latest snapshot of a table (optionally one partition) twice: each data file on its own,
 * without merging, and as a reader sees it (merge-on-read for primary-key tables). Counts keys that
 * appear more than once in each, and records which snapshots added the files holding them so that
 * duplicates can be traced to their commits. Holds one entry per distinct key in memory; stops
 * after {@code maxRows} records per pass and says so.
 */
public final class DuplicateKeysProbe {

  /** Sample keys per set. */
  static final int SAMPLES = 5;

  /** Origin groups per set. */
  static final int GROUPS = 10;

  private final long maxRows;

  public DuplicateKeysProbe(long maxRows) {
    if (maxRows < 1) {
      throw new IllegalArgumentException("Invalid maxRows: " + maxRows + " (must be at least 1)");
    }
    this.maxRows = maxRows;
  }

  /**
   * @param keys the columns that identify a row; empty for the primary key
   * @throws InvalidTableArgumentException a key that is not a column, a partition key that is not
   *     one, or an append table without {@code keys}
   */
  public DuplicateKeysSnapshot capture(
      Table table, String name, Map<String, String> partition, List<String> keys) {
    RowType type = table.schema().rowType();
    List<String> pk = table.schema().primaryKeys();
    for (String k : keys) {
      if (type.indexOf(k) < 0) {
        throw new InvalidTableArgumentException(
            "keys: '"
                + k
                + "' is not a column of "
                + name
                + " (columns: "
                + String.join(", ", type.fieldNames())
                + ")");
      }
    }
    if (pk.isEmpty() && keys.isEmpty()) {
      throw new InvalidTableArgumentException(
          name
              + " is an append table (no primary key): pass keys, the columns "
              + "that identify a row, e.g. keys=order_id");
    }
    List<String> keyColumns = keys.isEmpty() ? pk : List.copyOf(keys);
    PartitionFilter filter = PartitionSpecs.filter(table.schema(), partition);
    String location = table.io().location(table.paths().root());
    ScanPlan plan = table.newScan().withPartitionFilter(filter).plan();
    if (plan.findSnapshot().isEmpty()) {
      return new DuplicateKeysSnapshot(
          name,
          location,
          0,
          !pk.isEmpty(),
          pk,
          keyColumns,
          PartitionSpecs.text(partition),
          0,
          0,
          0,
          DuplicateSet.NONE,
          DuplicateSet.NONE,
          Map.of(),
          false,
          mergeEngine(table),
          table.schema().numBuckets());
    }
    Map<String, Long> addedBy = new HashMap<>();
    Map<Long, SnapshotOrigin> origins = new HashMap<>();
    originsOf(table, plan.snapshot(), addedBy, origins);

    // Pass 1: each file on its own. Sources are indexes into `fileOrigins` (the snapshot that added
    // the file).
    List<String> readColumns = new ArrayList<>(new LinkedHashSet<>(concat(pk, keyColumns)));
    int[] fields = readColumns.stream().mapToInt(type::indexOf).toArray();
    int[] pkAt = pk.stream().mapToInt(readColumns::indexOf).toArray();
    int[] keyAt = keyColumns.stream().mapToInt(readColumns::indexOf).toArray();
    List<Long> fileOrigins = new ArrayList<>();
    KeyTally pkInFiles = new KeyTally(true);
    KeyTally keysInFiles = new KeyTally(false);
    DataFileAccess access = new DataFileAccess(table.store());
    long fileRows = 0;
    boolean truncated = false;
    outer:
    for (DataSplit split : plan.splits()) {
      for (DataFileMeta file : split.files()) {
        int source = fileOrigins.size();
        fileOrigins.add(addedBy.getOrDefault(file.fileName(), 0L));
        if (pk.isEmpty()) {
          try (CloseableIterator<Row> rows =
              access.rows(split.partition(), split.bucket(), file, fields)) {
            while (rows.hasNext()) {
              if (fileRows++ >= maxRows) {
                truncated = true;
                break outer;
              }
              keysInFiles.add(TableKeys.key(rows.next(), keyAt), source);
            }
          }
        } else {
          try (CloseableIterator<KeyValue> kvs =
              access.keyValues(split.partition(), split.bucket(), file, fields)) {
            while (kvs.hasNext()) {
              if (fileRows++ >= maxRows) {
                truncated = true;
                break outer;
              }
              Row value = kvs.next().value();
              pkInFiles.add(TableKeys.key(value, pkAt), source);
              keysInFiles.add(TableKeys.key(value, keyAt), source);
            }
          }
        }
      }
    }

    // Pass 2: as a reader sees it (merge-on-read); for an append table that is what pass 1 read.
    long mergedRows = fileRows;
    DuplicateSet visible;
    DuplicateSet unmerged = DuplicateSet.NONE;
    if (pk.isEmpty()) {
      visible =
          duplicates(keyColumns, keysInFiles.repeats(), r -> r.count, keysInFiles, fileOrigins);
    } else {
      KeyTally merged = new KeyTally(false);
      mergedRows = 0;
      TableRead read = table.newRead().withProjection(keyColumns);
      int[] identity = java.util.stream.IntStream.range(0, keyColumns.size()).toArray();
      try (CloseableIterator<Row> rows = read.open(plan)) {
        while (rows.hasNext()) {
          if (mergedRows++ >= maxRows) {
            truncated = true;
            break;
          }
          merged.add(TableKeys.key(rows.next(), identity), KeyTally.NONE);
        }
      }
      visible = duplicates(keyColumns, merged.repeats(), r -> r.count, keysInFiles, fileOrigins);
      unmerged = duplicates(pk, pkInFiles.repeats(), r -> r.count, pkInFiles, fileOrigins);
    }
    Map<Long, SnapshotOrigin> named = new HashMap<>();
    for (DuplicateSet set : List.of(visible, unmerged)) {
      set.groups()
          .forEach(
              g ->
                  g.snapshotIds()
                      .forEach(
                          id -> {
                            if (origins.containsKey(id)) {
                              named.put(id, origins.get(id));
                            }
                          }));
    }
    return new DuplicateKeysSnapshot(
        name,
        location,
        plan.snapshot().id(),
        !pk.isEmpty(),
        pk,
        keyColumns,
        PartitionSpecs.text(partition),
        fileOrigins.size(),
        fileRows,
        mergedRows,
        visible,
        unmerged,
        named,
        truncated,
        mergeEngine(table),
        table.schema().numBuckets());
  }

  private static String mergeEngine(Table table) {
    return table.hasPrimaryKey() ? table.options().mergeEngine().value() : "";
  }

  /**
   * The keys of {@code repeats} with samples and origin groups; the files each key came from are
   * looked up in {@code sources} (which saw every file).
   */
  private static DuplicateSet duplicates(
      List<String> columns,
      Map<String, KeyTally.Repeat> repeats,
      java.util.function.ToLongFunction<KeyTally.Repeat> count,
      KeyTally sources,
      List<Long> fileOrigins) {
    if (repeats.isEmpty()) {
      return DuplicateSet.NONE;
    }
    long keys = 0;
    long extra = 0;
    TreeSet<String> samples = new TreeSet<>();
    Map<List<Long>, long[]> groups = new LinkedHashMap<>();
    for (Map.Entry<String, KeyTally.Repeat> e : repeats.entrySet()) {
      long n = count.applyAsLong(e.getValue());
      keys++;
      extra += n - 1;
      samples.add(e.getKey());
      if (samples.size() > SAMPLES) {
        samples.pollLast();
      }
      KeyTally.Repeat fromFiles = sources.repeats().get(e.getKey());
      TreeSet<Long> ids = new TreeSet<>();
      if (fromFiles != null) {
        fromFiles.sources.forEach(i -> ids.add(fileOrigins.get(i)));
      }
      long[] g = groups.computeIfAbsent(List.copyOf(ids), k -> new long[2]);
      g[0]++;
      g[1] += n - 1;
    }
    List<DuplicateGroup> sorted =
        groups.entrySet().stream()
            .map(e -> new DuplicateGroup(e.getKey(), e.getValue()[0], e.getValue()[1]))
            .sorted(Comparator.comparingLong(DuplicateGroup::keys).reversed())
            .limit(GROUPS)
            .toList();
    return new DuplicateSet(
        keys, extra, samples.stream().map(k -> TableKeys.render(columns, k)).toList(), sorted);
  }

  /**
   * Which snapshot added each data file live in {@code latest}, by file name, walking the snapshots
   * that still exist.
   */
  private static void originsOf(
      Table table, Snapshot latest, Map<String, Long> addedBy, Map<Long, SnapshotOrigin> origins) {
    long earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths()).orElse(latest.id());
    for (long id = earliest; id <= latest.id(); id++) {
      Snapshot s = id == latest.id() ? latest : table.snapshotStore().findSnapshot(id).orElse(null);
      if (s == null) {
        continue;
      }
      origins.put(
          s.id(),
          new SnapshotOrigin(s.id(), s.commitUser(), s.commitIdentifier(), s.commitKind().name()));
      for (ManifestEntry e : table.snapshotFiles().deltaEntries(s)) {
        if (e.kind() == FileKind.ADD) {
          addedBy.putIfAbsent(e.fileName(), s.id());
        }
      }
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
