package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.index.DynamicBucketOptions;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.RowType;
import dev.lakeops.tools.ProbeException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Reads rows, bytes and files per partition and bucket of a table's latest snapshot from its
 * manifests (and, for dynamic-bucket tables, the key counts of its hash index), then reads at most
 * {@code sampleRows} rows of the biggest bucket, its bucket-key columns only, to count its most
 * frequent keys. No other column is read.
 */
public final class TableLayoutProbe {

  /** Keys kept in a sample's top list. */
  static final int TOP_KEYS = 5;

  /** Partitions named in the error for a partition that holds nothing. */
  static final int LISTED_PARTITIONS = 10;

  private final int sampleRows;

  public TableLayoutProbe(int sampleRows) {
    if (sampleRows < 1) {
      throw new IllegalArgumentException(
          "Invalid sampleRows: " + sampleRows + " (must be at least 1)");
    }
    this.sampleRows = sampleRows;
  }

  /**
   * @throws InvalidTableArgumentException a partition key that is not one
   * @throws ProbeException NOT_FOUND: a partition was asked for and no live file is in it (the
   *     message names the partitions there are)
   */
  public TableLayoutSnapshot capture(Table table, String name, Map<String, String> partition) {
    PartitionFilter filter = PartitionSpecs.filter(table.schema(), partition);
    TableOptions options = table.options();
    boolean pk = table.hasPrimaryKey();
    int numBuckets = table.schema().numBuckets();
    String mode = mode(numBuckets, pk);
    long target = options.targetFileSize(pk).bytes();
    long small = (long) (target * CompactionBacklogProbe.SMALL_FILE_RATIO);
    RowType partitionType = table.schema().partitionType();
    Optional<Snapshot> latest = table.latestSnapshot();
    // partition path -> bucket -> files
    Map<String, Map<Integer, List<ManifestEntry>>> files = new TreeMap<>();
    Map<String, BinaryRow> partitionRows = new HashMap<>();
    TreeMap<String, Boolean> allPartitions = new TreeMap<>();
    Map<String, Long> keys = new HashMap<>();
    if (latest.isPresent()) {
      for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
        String path = TableKeys.partitionPath(table, partitionType, e.partition());
        allPartitions.put(path, Boolean.TRUE);
        if (filter.matches(e.partition())) {
          partitionRows.putIfAbsent(path, e.partition());
          files
              .computeIfAbsent(path, k -> new TreeMap<>())
              .computeIfAbsent(e.bucket(), k -> new ArrayList<>())
              .add(e);
        }
      }
      if (mode.equals("dynamic") && latest.get().indexManifest() != null) {
        for (IndexManifestEntry e :
            table.snapshotFiles().manifests().readIndexManifest(latest.get().indexManifest())) {
          if (e.indexType().equals(IndexManifestEntry.HASH) && filter.matches(e.partition())) {
            keys.merge(
                TableKeys.partitionPath(table, partitionType, e.partition())
                    + TableKeys.SEPARATOR
                    + e.bucket(),
                e.rowCount(),
                Long::sum);
          }
        }
      }
    }
    String spec = PartitionSpecs.text(partition);
    if (!partition.isEmpty() && latest.isPresent() && files.isEmpty()) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          table.io().location(table.paths().root()),
          "partition '"
              + spec
              + "' holds no files in snapshot "
              + latest.get().id()
              + " of "
              + name
              + (allPartitions.isEmpty()
                  ? " (the table holds no files)"
                  : " (partitions: "
                      + String.join(
                          ", ",
                          allPartitions.keySet().stream()
                              .limit(LISTED_PARTITIONS)
                              .map(p -> p.replace('/', ','))
                              .toList())
                      + (allPartitions.size() > LISTED_PARTITIONS ? ", ..." : "")
                      + ")"));
    }
    List<BucketLayout> buckets = new ArrayList<>();
    for (Map.Entry<String, Map<Integer, List<ManifestEntry>>> p : files.entrySet()) {
      if (numBuckets > 0) {
        int total =
            Math.max(
                numBuckets,
                p.getValue().values().stream()
                    .mapToInt(l -> l.get(0).totalBuckets())
                    .max()
                    .orElse(numBuckets));
        for (int b = 0; b < total; b++) {
          if (!p.getValue().containsKey(b)) {
            buckets.add(BucketLayout.empty(p.getKey(), b));
          }
        }
      }
      for (Map.Entry<Integer, List<ManifestEntry>> b : p.getValue().entrySet()) {
        buckets.add(
            bucket(
                p.getKey(),
                b.getKey(),
                b.getValue(),
                small,
                keys.getOrDefault(p.getKey() + TableKeys.SEPARATOR + b.getKey(), -1L)));
      }
    }
    buckets.sort(
        Comparator.comparing(BucketLayout::partition).thenComparingInt(BucketLayout::bucket));
    List<String> bucketKeys = mode.equals("unaware") ? List.of() : table.schema().bucketKeys();
    KeySample sample = KeySample.NONE;
    if (latest.isPresent() && !bucketKeys.isEmpty() && !mode.equals("postpone")) {
      Optional<BucketLayout> biggest =
          buckets.stream()
              .filter(b -> b.rows() > 0)
              .max(Comparator.comparingLong(BucketLayout::rows));
      if (biggest.isPresent()) {
        sample =
            sample(
                table,
                latest.get(),
                partitionRows.get(biggest.get().partition()),
                biggest.get(),
                bucketKeys);
      }
    }
    return new TableLayoutSnapshot(
        name,
        table.io().location(table.paths().root()),
        latest.map(Snapshot::id).orElse(0L),
        spec,
        pk,
        mode,
        numBuckets,
        bucketKeys,
        table.schema().trimmedPrimaryKeys(),
        table.schema().partitionKeys(),
        target,
        small,
        Math.max(1, options.compactionMinFileNum()),
        options.numSortedRunCompactionTrigger(),
        options.numSortedRunStopTrigger(),
        options.writeOnly(),
        mode.equals("dynamic") ? DynamicBucketOptions.of(name, options).targetRowNum() : 0,
        buckets,
        sample);
  }

  static String mode(int numBuckets, boolean pk) {
    if (numBuckets > 0) {
      return "fixed";
    }
    if (numBuckets == -2) {
      return "postpone";
    }
    return pk ? "dynamic" : "unaware";
  }

  /** Up to {@code sampleRows} rows of {@code bucket} as readers see them, its key columns only. */
  private KeySample sample(
      Table table, Snapshot snapshot, BinaryRow partition, BucketLayout bucket, List<String> keys) {
    ScanPlan plan =
        table
            .newScan()
            .withSnapshot(snapshot.id())
            .withPartitionFilter(PartitionFilter.of(List.of(partition)))
            .withBucket(bucket.bucket())
            .plan();
    Map<String, long[]> counts = new HashMap<>();
    long read = 0;
    boolean truncated = false;
    int[] identity = IntStream.range(0, keys.size()).toArray();
    outer:
    for (DataSplit split : plan.splits()) {
      if (split.bucket() != bucket.bucket() || !split.partition().equals(partition)) {
        continue; // the plan holds only this bucket; a check, not a filter
      }
      try (CloseableIterator<Row> rows = table.newRead().withProjection(keys).open(split)) {
        while (rows.hasNext()) {
          if (read >= sampleRows) {
            truncated = true;
            break outer;
          }
          Row row = rows.next();
          read++;
          counts.computeIfAbsent(TableKeys.key(row, identity), k -> new long[1])[0]++;
        }
      }
    }
    List<KeySample.KeyCount> top =
        counts.entrySet().stream()
            .sorted(
                Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[0])
                    .reversed()
                    .thenComparing(Map.Entry::getKey))
            .limit(TOP_KEYS)
            .map(e -> new KeySample.KeyCount(TableKeys.render(keys, e.getKey()), e.getValue()[0]))
            .toList();
    return new KeySample(bucket.name(), keys, read, counts.size(), truncated, top);
  }

  private static BucketLayout bucket(
      String partition, int bucket, List<ManifestEntry> entries, long small, long keys) {
    long rows = 0;
    long bytes = 0;
    int smallFiles = 0;
    int level0 = 0;
    for (ManifestEntry e : entries) {
      rows += e.file().rowCount();
      bytes += e.file().fileSize();
      if (e.file().fileSize() < small) {
        smallFiles++;
      }
      if (e.level() == 0) {
        level0++;
      }
    }
    return new BucketLayout(
        partition, bucket, rows, bytes, entries.size(), smallFiles, level0, keys);
  }
}
