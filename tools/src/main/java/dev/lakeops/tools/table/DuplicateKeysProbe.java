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
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the latest snapshot of a table (optionally one partition) twice: each data file on its
 * own, without merging, and as a reader sees it (merge-on-read for primary-key tables). Counts keys
 * that appear more than once in each, and records which snapshots added the files holding them so
 * that duplicates can be traced to their commits. Holds one entry per distinct key in memory;
 * stops after {@code maxRows} records per pass and says so.
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
  public DuplicateKeysSnapshot capture(Table table, String name, Map<String, String> partition, List<String> keys) {
    RowType type = table.schema().rowType();
    List<String> pk = table.schema().primaryKeys();
    for (String k : keys) {
      if (type.indexOf(k) < 0) {
        throw new InvalidTableArgumentException("keys: '" + k + "' is not a column of " + name + " (columns: "
            + String.join(", ", type.fieldNames()) + ")");
      }
    }
    if (pk.isEmpty() && keys.isEmpty()) {
      throw new InvalidTableArgumentException(name + " is an append table (no primary key): pass keys, the columns "
          + "that identify a row, e.g. keys=order_id");
    }
    List<String> keyColumns = keys.isEmpty() ? pk : List.copyOf(keys);
    PartitionFilter filter = PartitionSpecs.filter(table.schema(), partition);
    String location = table.paths().root().toString();
    ScanPlan plan = table.newScan().withPartitionFilter(filter).plan();
    if (plan.findSnapshot().isEmpty()) {
      return new DuplicateKeysSnapshot(name, location, 0, !pk.isEmpty(), pk, keyColumns, PartitionSpecs.text(partition),
          0, 0, 0, DuplicateSet.NONE, DuplicateSet.NONE, Map.of(), false);
    }
    Map<String, Long> addedBy = new HashMap<>();
    Map<Long, SnapshotOrigin> origins = new HashMap<>();
    originsOf(table, plan.snapshot(), addedBy, origins);

    // Pass 1: each file on its own.
    List<String> readColumns = new ArrayList<>(new LinkedHashSet<>(concat(pk, keyColumns)));
    int[] fields = readColumns.stream().mapToInt(type::indexOf).toArray();
    int[] pkAt = pk.stream().mapToInt(readColumns::indexOf).toArray();
    int[] keyAt = keyColumns.stream().mapToInt(readColumns::indexOf).toArray();
    Map<String, Set<String>> filesByPk = new HashMap<>();
    Map<String, Set<Long>> originsByKey = new HashMap<>();
    Map<String, Long> countsByKey = new HashMap<>();
    DataFileAccess access = new DataFileAccess(table);
    long files = 0;
    long fileRows = 0;
    boolean truncated = false;
    outer:
    for (DataSplit split : plan.splits()) {
      for (DataFileMeta file : split.files()) {
        files++;
        long origin = addedBy.getOrDefault(file.fileName(), 0L);
        String fileKey = split.partition() + "/" + split.bucket() + "/" + file.fileName();
        if (pk.isEmpty()) {
          try (CloseableIterator<Row> rows = access.rows(split.partition(), split.bucket(), file, fields)) {
            while (rows.hasNext()) {
              if (fileRows++ >= maxRows) {
                truncated = true;
                break outer;
              }
              String key = key(keyColumns, rows.next(), keyAt);
              countsByKey.merge(key, 1L, Long::sum);
              originsByKey.computeIfAbsent(key, k -> new TreeSet<>()).add(origin);
            }
          }
        } else {
          try (CloseableIterator<KeyValue> kvs = access.keyValues(split.partition(), split.bucket(), file, fields)) {
            while (kvs.hasNext()) {
              if (fileRows++ >= maxRows) {
                truncated = true;
                break outer;
              }
              Row value = kvs.next().value();
              filesByPk.computeIfAbsent(key(pk, value, pkAt), k -> new LinkedHashSet<>()).add(fileKey + "@" + origin);
              originsByKey.computeIfAbsent(key(keyColumns, value, keyAt), k -> new TreeSet<>()).add(origin);
            }
          }
        }
      }
    }

    // Pass 2: as a reader sees it.
    long mergedRows;
    DuplicateSet unmerged = DuplicateSet.NONE;
    if (pk.isEmpty()) {
      mergedRows = fileRows;
    } else {
      countsByKey.clear();
      mergedRows = 0;
      TableRead read = table.newRead().withProjection(keyColumns);
      int[] identity = java.util.stream.IntStream.range(0, keyColumns.size()).toArray();
      try (CloseableIterator<Row> rows = read.open(plan)) {
        while (rows.hasNext()) {
          if (mergedRows++ >= maxRows) {
            truncated = true;
            break;
          }
          countsByKey.merge(key(keyColumns, rows.next(), identity), 1L, Long::sum);
        }
      }
      Map<String, Long> fileCounts = new HashMap<>();
      Map<String, Set<Long>> pkOrigins = new HashMap<>();
      for (Map.Entry<String, Set<String>> e : filesByPk.entrySet()) {
        if (e.getValue().size() > 1) {
          fileCounts.put(e.getKey(), (long) e.getValue().size());
          Set<Long> o = new TreeSet<>();
          e.getValue().forEach(f -> o.add(Long.parseLong(f.substring(f.lastIndexOf('@') + 1))));
          pkOrigins.put(e.getKey(), o);
        }
      }
      unmerged = duplicates(fileCounts, pkOrigins);
    }
    DuplicateSet visible = duplicates(countsByKey, originsByKey);
    Map<Long, SnapshotOrigin> named = new HashMap<>();
    for (DuplicateSet set : List.of(visible, unmerged)) {
      set.groups().forEach(g -> g.snapshotIds().forEach(id -> {
        if (origins.containsKey(id)) {
          named.put(id, origins.get(id));
        }
      }));
    }
    return new DuplicateKeysSnapshot(name, location, plan.snapshot().id(), !pk.isEmpty(), pk, keyColumns,
        PartitionSpecs.text(partition), files, fileRows, mergedRows, visible, unmerged, named, truncated);
  }

  /** Keys counted more than once, with samples and origin groups. */
  private static DuplicateSet duplicates(Map<String, Long> counts, Map<String, Set<Long>> originsByKey) {
    long keys = 0;
    long extra = 0;
    TreeSet<String> samples = new TreeSet<>();
    Map<List<Long>, long[]> groups = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      if (e.getValue() < 2) {
        continue;
      }
      keys++;
      extra += e.getValue() - 1;
      samples.add(e.getKey());
      if (samples.size() > SAMPLES) {
        samples.pollLast();
      }
      List<Long> ids = List.copyOf(originsByKey.getOrDefault(e.getKey(), Set.of()));
      long[] g = groups.computeIfAbsent(ids, k -> new long[2]);
      g[0]++;
      g[1] += e.getValue() - 1;
    }
    if (keys == 0) {
      return DuplicateSet.NONE;
    }
    List<DuplicateGroup> sorted = groups.entrySet().stream()
        .map(e -> new DuplicateGroup(e.getKey(), e.getValue()[0], e.getValue()[1]))
        .sorted(Comparator.comparingLong(DuplicateGroup::keys).reversed()).limit(GROUPS).toList();
    return new DuplicateSet(keys, extra, List.copyOf(samples), sorted);
  }

  /** Which snapshot added each data file live in {@code latest}, by file name, walking the snapshots that still exist. */
  private static void originsOf(Table table, Snapshot latest, Map<String, Long> addedBy, Map<Long, SnapshotOrigin> origins) {
    long earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths()).orElse(latest.id());
    for (long id = earliest; id <= latest.id(); id++) {
      Snapshot s = id == latest.id() ? latest : table.snapshotStore().findSnapshot(id).orElse(null);
      if (s == null) {
        continue;
      }
      origins.put(s.id(), new SnapshotOrigin(s.id(), s.commitUser(), s.commitIdentifier(), s.commitKind().name()));
      for (ManifestEntry e : table.snapshotFiles().deltaEntries(s)) {
        if (e.kind() == FileKind.ADD) {
          addedBy.putIfAbsent(e.fileName(), s.id());
        }
      }
    }
  }

  private static String key(List<String> names, Row row, int[] at) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < at.length; i++) {
      if (i > 0) {
        s.append(',');
      }
      Object v = row.get(at[i]);
      s.append(names.get(i)).append('=').append(v instanceof byte[] b ? Base64.getEncoder().encodeToString(b) : v);
    }
    return s.toString();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
