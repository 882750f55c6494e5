package dev.lakeops.tools.table;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Judges how a table's rows and files are laid out over partitions and buckets (pure):
 *
 * <ul>
 *   <li>{@code table.layout.skew} (WARN, fixed-bucket tables): in a partition of at least {@code
 *       minSkewRows} rows the biggest bucket holds {@code skewRatio} times the median bucket's rows
 *       or more; the worst partition with its hot bucket, max/median, Gini, and the what-if of a
 *       rescale (bucket count for the target bucket size, the files and bytes it would rewrite);
 *   <li>{@code table.layout.hot-key} (WARN): one bucket-key value holds at least {@code
 *       hotKeyShare} of the rows sampled from the biggest bucket: more buckets do not split it,
 *       another bucket key does;
 *   <li>{@code table.layout.small-files} (WARN): buckets with at least {@code
 *       compaction.min.file-num} files below 70 % of {@code target-file-size}; when the buckets are
 *       too many for the data (a partition's bytes per bucket below the small-file size) the bucket
 *       count for the target bucket size;
 *   <li>{@code table.layout.partition-too-big} (WARN): partitions of at least {@code
 *       maxPartitionBytes} or {@code maxPartitionFiles} files, with the finer granularity that
 *       brings them under the limit;
 *   <li>{@code table.layout.l0-backlog} (WARN, primary-key tables): buckets whose level-0 files
 *       reached {@code num-sorted-run.compaction-trigger} (the stop trigger named: writers stall
 *       there);
 *   <li>{@code table.layout.dynamic-bucket-full} (WARN, dynamic-bucket tables): buckets holding
 *       more keys than {@code dynamic-bucket.target-row-num};
 *   <li>{@code table.layout.healthy} (OK): none of these;
 *   <li>{@code table.layout.buckets} (INFO): per partition rows, bytes, files, max/median, Gini,
 *       and the biggest buckets.
 * </ul>
 *
 * Rescaling is never done here: the figures are a proposal for a person.
 */
public final class TableLayoutAnalyzer {

  static final int MAX_LISTED = 20;

  private final TableLayoutRules rules;

  public TableLayoutAnalyzer(TableLayoutRules rules) {
    this.rules = rules;
  }

  public List<Finding> analyze(TableLayoutSnapshot s) {
    String subject = "table " + s.table();
    List<String> sources =
        List.of(s.location() + "/snapshot/snapshot-" + s.snapshotId() + " (manifests)");
    Map<String, List<BucketLayout>> byPartition = new TreeMap<>();
    s.buckets()
        .forEach(b -> byPartition.computeIfAbsent(b.partition(), k -> new ArrayList<>()).add(b));
    List<BucketStats> partitions = byPartition.values().stream().map(BucketStats::of).toList();
    List<Finding> findings = new ArrayList<>();
    skew(s, partitions, subject, sources).ifPresent(findings::add);
    hotKey(s, subject, sources).ifPresent(findings::add);
    smallFiles(s, partitions, subject, sources).ifPresent(findings::add);
    partitionTooBig(s, partitions, subject, sources).ifPresent(findings::add);
    levelZero(s, subject, sources).ifPresent(findings::add);
    dynamicFull(s, subject, sources).ifPresent(findings::add);
    if (findings.isEmpty()) {
      Map<String, String> e = base(s);
      e.put("partitions", Integer.toString(partitions.size()));
      e.put("buckets", Integer.toString(s.buckets().size()));
      e.put(
          "maxOverMedian",
          ratio(partitions.stream().mapToDouble(BucketStats::maxOverMedian).max().orElse(1)));
      findings.add(
          new Finding(
              Severity.OK,
              "table.layout.healthy",
              subject,
              s.snapshotId() == 0
                  ? "The table has no snapshot yet."
                  : partitions.size()
                      + " partitions, "
                      + s.buckets().size()
                      + " buckets: no skewed bucket, hot key, small-file pile, oversized"
                      + " partition, level-0 backlog or full dynamic bucket.",
              e,
              sources));
    }
    if (!partitions.isEmpty()) {
      findings.add(overview(s, partitions, subject, sources));
    }
    return findings;
  }

  private java.util.Optional<Finding> skew(
      TableLayoutSnapshot s, List<BucketStats> partitions, String subject, List<String> sources) {
    if (!s.bucketMode().equals("fixed")) {
      return java.util.Optional.empty();
    }
    List<BucketStats> skewed =
        partitions.stream()
            .filter(p -> p.buckets() > 1 && p.rows() >= rules.minSkewRows())
            .filter(p -> p.maxOverMedian() >= rules.skewRatio())
            .sorted(Comparator.comparingDouble(BucketStats::hotShare).reversed())
            .toList();
    if (skewed.isEmpty()) {
      return java.util.Optional.empty();
    }
    BucketStats worst = skewed.get(0);
    BucketLayout hot = worst.biggest();
    long largest = partitions.stream().mapToLong(BucketStats::bytes).max().orElse(0);
    int proposed = bucketsFor(largest);
    Map<String, String> e = base(s);
    e.put("partition", worst.partition());
    e.put("partitionSpec", hot.partitionSpec());
    e.put("hotBucket", hot.name());
    e.put("bucket", Integer.toString(hot.bucket()));
    e.put("hotBucketRows", Long.toString(hot.rows()));
    e.put("hotBucketBytes", Long.toString(hot.bytes()));
    e.put("hotBucketShare", percent(worst.hotShare()));
    e.put("partitionRows", Long.toString(worst.rows()));
    e.put("medianBucketRows", ratio(worst.medianRows()));
    e.put("maxOverMedian", ratio(worst.maxOverMedian()));
    e.put("gini", String.format(Locale.ROOT, "%.2f", worst.gini()));
    e.put("skewedPartitions", Integer.toString(skewed.size()));
    e.put("targetBucketBytes", Long.toString(rules.targetBucketBytes()));
    e.put("proposedBuckets", Integer.toString(proposed));
    e.put("rescaleRewritesFiles", Integer.toString(worst.files()));
    e.put("rescaleRewritesBytes", Long.toString(worst.bytes()));
    boolean hotKey = hotKeyShare(s) >= rules.hotKeyShare();
    e.put("hotKeyDominates", Boolean.toString(hotKey));
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.skew",
            subject + " " + hot.name(),
            hot.name()
                + " holds "
                + percent(worst.hotShare())
                + " of the partition's "
                + worst.rows()
                + " rows ("
                + hot.rows()
                + " rows, "
                + hot.bytes()
                + " bytes; "
                + ratio(worst.maxOverMedian())
                + " x the median bucket, Gini "
                + String.format(Locale.ROOT, "%.2f", worst.gini())
                + " over "
                + worst.buckets()
                + " buckets)"
                + (hotKey
                    ? "; one bucket-key value dominates it, so more buckets do not split it."
                    : "; a rescale to "
                        + proposed
                        + " buckets (about "
                        + rules.targetBucketBytes()
                        + " bytes each) would rewrite "
                        + worst.files()
                        + " files, "
                        + worst.bytes()
                        + " bytes of the partition."),
            e,
            sources));
  }

  private java.util.Optional<Finding> hotKey(
      TableLayoutSnapshot s, String subject, List<String> sources) {
    KeySample sample = s.sample();
    if (!sample.present() || sample.top().isEmpty()) {
      return java.util.Optional.empty();
    }
    KeySample.KeyCount top = sample.top().get(0);
    double share = hotKeyShare(s);
    if (top.count() < 2 || share < rules.hotKeyShare()) {
      return java.util.Optional.empty();
    }
    List<String> suggested = suggestedBucketKey(s);
    Map<String, String> e = base(s);
    e.put("bucket", sample.bucket());
    e.put("hotKey", top.key());
    e.put("hotKeyRows", Long.toString(top.count()));
    e.put("hotKeyShare", percent(share));
    e.put("sampledRows", Long.toString(sample.sampledRows()));
    e.put("sampleTruncated", Boolean.toString(sample.truncated()));
    e.put("distinctKeys", Long.toString(sample.distinctKeys()));
    e.put(
        "topKeys",
        sample.top().stream()
            .map(k -> k.key() + ":" + k.count())
            .collect(Collectors.joining(" | ")));
    e.put("bucket-key", String.join(",", s.bucketKeys()));
    e.put("suggestedBucketKey", String.join(",", suggested));
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.hot-key",
            subject + " " + sample.bucket(),
            "Key "
                + top.key()
                + " holds "
                + percent(share)
                + " of "
                + sample.sampledRows()
                + " rows sampled from "
                + sample.bucket()
                + " (its biggest bucket): every row of one bucket-key value goes to one bucket, so"
                + " more buckets do not split it"
                + (suggested.isEmpty()
                    ? "; a bucket key with more distinct values does."
                    : "; bucket-key " + String.join(",", suggested) + " would."),
            e,
            sources));
  }

  private java.util.Optional<Finding> smallFiles(
      TableLayoutSnapshot s, List<BucketStats> partitions, String subject, List<String> sources) {
    List<BucketLayout> piles =
        s.buckets().stream()
            .filter(b -> b.smallFiles() >= s.minSmallFiles())
            .sorted(
                Comparator.comparingInt(BucketLayout::smallFiles)
                    .reversed()
                    .thenComparing(BucketLayout::name))
            .toList();
    if (piles.isEmpty()) {
      return java.util.Optional.empty();
    }
    BucketLayout worst = piles.get(0);
    BucketStats partition =
        partitions.stream()
            .filter(p -> p.partition().equals(worst.partition()))
            .findFirst()
            .orElseThrow();
    long perBucket = partition.bytes() / Math.max(1, partition.buckets());
    long largest = partitions.stream().mapToLong(BucketStats::bytes).max().orElse(0);
    int proposed = bucketsFor(largest);
    boolean tooMany =
        s.bucketMode().equals("fixed")
            && perBucket < s.smallFileBytes()
            && proposed < s.numBuckets();
    long total = piles.stream().mapToLong(BucketLayout::smallFiles).sum();
    Map<String, String> e = base(s);
    e.put("bucketsWithSmallFiles", Integer.toString(piles.size()));
    e.put("smallFiles", Long.toString(total));
    e.put("worstBucket", worst.name());
    e.put("worstPartitionSpec", worst.partitionSpec());
    e.put("worstBucketSmallFiles", Integer.toString(worst.smallFiles()));
    e.put("bytesPerBucket", Long.toString(perBucket));
    e.put("cause", tooMany ? "too-many-buckets" : "small-commits");
    if (tooMany) {
      e.put("proposedBuckets", Integer.toString(proposed));
      e.put(
          "rescaleRewritesFiles",
          Integer.toString(partitions.stream().mapToInt(BucketStats::files).sum()));
      e.put(
          "rescaleRewritesBytes",
          Long.toString(partitions.stream().mapToLong(BucketStats::bytes).sum()));
    }
    piles.stream().limit(MAX_LISTED).forEach(b -> e.put(b.name(), b.figures()));
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.small-files",
            subject,
            piles.size()
                + " buckets hold at least "
                + s.minSmallFiles()
                + " files below "
                + s.smallFileBytes()
                + " bytes (70% of target-file-size "
                + s.targetFileSize()
                + "), "
                + total
                + " in all; worst "
                + worst.name()
                + " with "
                + worst.smallFiles()
                + (tooMany
                    ? ". The partition holds "
                        + perBucket
                        + " bytes per bucket over "
                        + s.numBuckets()
                        + " buckets, too few for full files: "
                        + proposed
                        + " buckets would give about "
                        + rules.targetBucketBytes()
                        + " bytes each."
                    : ". Each commit writes small files: compaction, a longer checkpoint interval"
                        + " or a larger write buffer merge them."),
            e,
            sources));
  }

  private java.util.Optional<Finding> partitionTooBig(
      TableLayoutSnapshot s, List<BucketStats> partitions, String subject, List<String> sources) {
    List<BucketStats> big =
        partitions.stream()
            .filter(
                p ->
                    p.bytes() >= rules.maxPartitionBytes()
                        || p.files() >= rules.maxPartitionFiles())
            .sorted(Comparator.comparingLong(BucketStats::bytes).reversed())
            .toList();
    if (big.isEmpty()) {
      return java.util.Optional.empty();
    }
    BucketStats worst = big.get(0);
    long factor =
        Math.max(
            ceilDiv(worst.bytes(), rules.maxPartitionBytes()),
            ceilDiv(worst.files(), rules.maxPartitionFiles()));
    factor = Math.max(2, factor);
    Map<String, String> e = base(s);
    e.put("partition", worst.partition());
    e.put("partitionSpec", worst.partition().replace('/', ','));
    e.put("partitionBytes", Long.toString(worst.bytes()));
    e.put("partitionFiles", Integer.toString(worst.files()));
    e.put("partitionRows", Long.toString(worst.rows()));
    e.put("partitionsTooBig", Integer.toString(big.size()));
    e.put("maxPartitionBytes", Long.toString(rules.maxPartitionBytes()));
    e.put("maxPartitionFiles", Integer.toString(rules.maxPartitionFiles()));
    e.put("partition-keys", String.join(",", s.partitionKeys()));
    e.put("splitFactor", Long.toString(factor));
    String what =
        s.partitionKeys().isEmpty()
            ? "the table is not partitioned: a partition key (e.g. the day of the event time)"
                + " lets scans and reconciliations read only the part they need"
            : "partitions about "
                + factor
                + " times finer (e.g. by hour within the day when partitioned by day) bring each"
                + " under the limit";
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.partition-too-big",
            subject + (worst.partition().isEmpty() ? "" : " " + worst.partition()),
            (worst.partition().isEmpty() ? "The table" : "Partition " + worst.partition())
                + " holds "
                + worst.bytes()
                + " bytes in "
                + worst.files()
                + " files (limits "
                + rules.maxPartitionBytes()
                + " bytes, "
                + rules.maxPartitionFiles()
                + " files): every scan of it reads or plans all of it; "
                + what
                + ".",
            e,
            sources));
  }

  private java.util.Optional<Finding> levelZero(
      TableLayoutSnapshot s, String subject, List<String> sources) {
    if (!s.primaryKeyTable()) {
      return java.util.Optional.empty();
    }
    List<BucketLayout> backlog =
        s.buckets().stream()
            .filter(b -> b.level0Files() >= s.compactionTrigger())
            .sorted(
                Comparator.comparingInt(BucketLayout::level0Files)
                    .reversed()
                    .thenComparing(BucketLayout::name))
            .toList();
    if (backlog.isEmpty()) {
      return java.util.Optional.empty();
    }
    BucketLayout worst = backlog.get(0);
    boolean atStop = worst.level0Files() >= s.stopTrigger();
    Map<String, String> e = base(s);
    e.put("worstBucket", worst.name());
    e.put("worstPartitionSpec", worst.partitionSpec());
    e.put("level0Files", Integer.toString(worst.level0Files()));
    e.put("bucketsAffected", Integer.toString(backlog.size()));
    e.put("atStopTrigger", Boolean.toString(atStop));
    backlog.stream().limit(MAX_LISTED).forEach(b -> e.put(b.name(), b.figures()));
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.l0-backlog",
            subject + " " + worst.name(),
            backlog.size()
                + " buckets hold at least num-sorted-run.compaction-trigger "
                + s.compactionTrigger()
                + " level-0 files; worst "
                + worst.name()
                + " with "
                + worst.level0Files()
                + (atStop
                    ? ", at the stop trigger " + s.stopTrigger() + " where writers stall"
                    : " (writers stall at " + s.stopTrigger() + ")")
                + (s.writeOnly()
                    ? "; the table is write-only: only a compaction job merges them."
                    : "."),
            e,
            sources));
  }

  private java.util.Optional<Finding> dynamicFull(
      TableLayoutSnapshot s, String subject, List<String> sources) {
    if (!s.bucketMode().equals("dynamic") || s.dynamicTargetRowNum() <= 0) {
      return java.util.Optional.empty();
    }
    List<BucketLayout> full =
        s.buckets().stream()
            .filter(b -> keysOf(b) > s.dynamicTargetRowNum())
            .sorted(
                Comparator.comparingLong(TableLayoutAnalyzer::keysOf)
                    .reversed()
                    .thenComparing(BucketLayout::name))
            .toList();
    if (full.isEmpty()) {
      return java.util.Optional.empty();
    }
    BucketLayout worst = full.get(0);
    Map<String, String> e = base(s);
    e.put("worstBucket", worst.name());
    e.put("worstPartitionSpec", worst.partitionSpec());
    e.put("keys", Long.toString(keysOf(worst)));
    e.put("keysFrom", worst.keys() >= 0 ? "hash-index" : "file-rows");
    e.put("dynamic-bucket.target-row-num", Long.toString(s.dynamicTargetRowNum()));
    e.put("bucketsOverTarget", Integer.toString(full.size()));
    full.stream().limit(MAX_LISTED).forEach(b -> e.put(b.name(), b.figures()));
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "table.layout.dynamic-bucket-full",
            subject + " " + worst.name(),
            full.size()
                + " buckets of the dynamic-bucket table hold more keys than"
                + " dynamic-bucket.target-row-num "
                + s.dynamicTargetRowNum()
                + "; worst "
                + worst.name()
                + " with "
                + keysOf(worst)
                + ": new keys no longer open buckets (dynamic-bucket.max-buckets reached, or keys"
                + " moved across partitions), so these buckets keep growing.",
            e,
            sources));
  }

  private Finding overview(
      TableLayoutSnapshot s, List<BucketStats> partitions, String subject, List<String> sources) {
    Map<String, String> e = base(s);
    e.put("partitions", Integer.toString(partitions.size()));
    e.put("buckets", Integer.toString(s.buckets().size()));
    e.put("rows", Long.toString(partitions.stream().mapToLong(BucketStats::rows).sum()));
    e.put("bytes", Long.toString(partitions.stream().mapToLong(BucketStats::bytes).sum()));
    e.put("files", Integer.toString(partitions.stream().mapToInt(BucketStats::files).sum()));
    partitions.stream()
        .sorted(Comparator.comparingLong(BucketStats::bytes).reversed())
        .limit(MAX_LISTED)
        .forEach(
            p ->
                e.put(
                    "partition " + (p.partition().isEmpty() ? "(none)" : p.partition()),
                    "rows="
                        + p.rows()
                        + " bytes="
                        + p.bytes()
                        + " files="
                        + p.files()
                        + " buckets="
                        + p.buckets()
                        + " maxOverMedian="
                        + ratio(p.maxOverMedian())
                        + " gini="
                        + String.format(Locale.ROOT, "%.2f", p.gini())));
    s.buckets().stream()
        .sorted(
            Comparator.comparingLong(BucketLayout::rows)
                .reversed()
                .thenComparing(BucketLayout::name))
        .limit(MAX_LISTED)
        .forEach(b -> e.put(b.name(), b.figures()));
    return new Finding(
        Severity.INFO,
        "table.layout.buckets",
        subject,
        "Rows, bytes and files per partition and bucket in snapshot "
            + s.snapshotId()
            + ", biggest first"
            + (s.buckets().size() > MAX_LISTED
                ? " (first " + MAX_LISTED + " of " + s.buckets().size() + " buckets)"
                : "")
            + ".",
        e,
        sources);
  }

  /** The share of the sampled rows the most frequent key holds, 0..1. */
  private static double hotKeyShare(TableLayoutSnapshot s) {
    KeySample sample = s.sample();
    if (!sample.present() || sample.top().isEmpty()) {
      return 0;
    }
    return sample.top().get(0).count() / (double) sample.sampledRows();
  }

  /**
   * A bucket key with more distinct values: the whole primary key (a primary-key table's bucket key
   * must be part of it) when the bucket key is a part of it; empty when none is known.
   */
  private static List<String> suggestedBucketKey(TableLayoutSnapshot s) {
    if (!s.primaryKeys().isEmpty() && !s.bucketKeys().containsAll(s.primaryKeys())) {
      return s.primaryKeys();
    }
    return List.of();
  }

  private int bucketsFor(long bytes) {
    return (int) Math.max(1, Math.min(Short.MAX_VALUE, ceilDiv(bytes, rules.targetBucketBytes())));
  }

  private static long keysOf(BucketLayout b) {
    return b.keys() >= 0 ? b.keys() : b.rows();
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  private static Map<String, String> base(TableLayoutSnapshot s) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("snapshot", Long.toString(s.snapshotId()));
    if (!s.partitionFilter().isEmpty()) {
      e.put("partitionFilter", s.partitionFilter());
    }
    e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
    e.put("bucketMode", s.bucketMode());
    e.put("numBuckets", Integer.toString(s.numBuckets()));
    e.put("target-file-size", Long.toString(s.targetFileSize()));
    return e;
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.1f%%", share * 100);
  }

  private static String ratio(double value) {
    return Double.isInfinite(value) ? "inf" : String.format(Locale.ROOT, "%.1f", value);
  }
}
