package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.schema.ChangelogProducer;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.store.TableStore;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;

/**
 * A streaming read of one table (Paimon's {@code DataTableStreamScan}): starts at a {@link
 * StreamStart} or at a consumer's saved position, then follows the snapshots as they are committed,
 * handing out one {@link StreamPlan} per snapshot that has changes. Stateful and not thread-safe:
 * one reader polls it.
 *
 * <p>Which snapshots give changes follows Paimon's follow-up scanners: with a changelog producer
 * ({@code changelog-producer} not {@code none}) every snapshot that has a changelog manifest list,
 * read from its changelog files ({@code ChangelogFollowUpScanner}); without one, the APPEND
 * snapshots, read from their delta files with the row kinds as written, while COMPACT and OVERWRITE
 * snapshots are skipped ({@code DeltaFollowUpScanner}; {@code streaming-read-overwrite} is
 * refused). The starting read of a whole snapshot skips level 0 with the {@code lookup} producer
 * and reads only the top level with {@code full-compaction}, as Paimon does, because the changelog
 * of the files below arrives with a later compaction.
 *
 * <p>Progress: {@link #nextSnapshotId()} is the next snapshot to read. With {@code consumer-id},
 * {@link #checkpoint()} records it in {@code consumer/consumer-<id>} (call it after the rows of the
 * plans handed out so far have been taken, as Flink does when a checkpoint completes); a new scan
 * with the same consumer id resumes there, unless {@code consumer.ignore-progress} is set. Snapshot
 * expiration never removes a snapshot a consumer has still to read.
 *
 * <p>A snapshot the scan needs that expired while the scan was behind ends the read with {@link
 * OutOfRangeException}, as in Paimon; a consumer id prevents it.
 */
public final class StreamingScan {

  /** Paimon's {@code consumer-id}: records progress in {@code consumer/consumer-<id>}. */
  public static final String CONSUMER_ID = "consumer-id";

  /** Paimon's {@code consumer.ignore-progress}: start at the configured start, not the consumer. */
  public static final String CONSUMER_IGNORE_PROGRESS = "consumer.ignore-progress";

  /** Paimon's {@code streaming-read-overwrite}; only {@code false} is supported. */
  public static final String STREAMING_READ_OVERWRITE = "streaming-read-overwrite";

  /** Paimon's {@code continuous.discovery-interval}: the pause between polls (default 10 s). */
  public static final String DISCOVERY_INTERVAL = "continuous.discovery-interval";

  private final TableStore table;
  private final StreamStart start;
  private final @Nullable String consumerId;
  private final boolean ignoreProgress;
  private final Duration interval;
  private final long lastSnapshot;
  private final OptionalLong latestAtCreation;

  private boolean started;
  private long nextSnapshotId;
  private long savedNextSnapshot = -1;

  private StreamingScan(
      TableStore table,
      StreamStart start,
      @Nullable String consumerId,
      boolean ignoreProgress,
      Duration interval,
      long lastSnapshot) {
    this.table = table;
    this.start = start;
    this.consumerId = consumerId;
    this.ignoreProgress = ignoreProgress;
    this.interval = interval;
    this.lastSnapshot = lastSnapshot;
    this.latestAtCreation = SnapshotHints.latestSnapshotId(table.io(), table.paths());
  }

  /**
   * A streaming read configured by Paimon's options, given here over the table's own options:
   * {@code scan.mode}, {@code scan.snapshot-id}, {@code scan.timestamp-millis} (see {@link
   * StreamStart#fromOptions}), {@code consumer-id}, {@code consumer.ignore-progress}, {@code
   * continuous.discovery-interval}.
   *
   * @throws IllegalArgumentException a malformed option value, or an invalid consumer id; the
   *     message names the table and the option
   * @throws UnsupportedOperationException {@code streaming-read-overwrite=true} or a scan mode
   *     lakeops does not support
   */
  public static StreamingScan of(TableStore table, Map<String, String> options) {
    requireNonNull(table, "table");
    Map<String, String> all = new HashMap<>(table.options().map());
    all.putAll(options);
    TableOptions merged = TableOptions.of(all);
    try {
      if (merged.bool(STREAMING_READ_OVERWRITE, false)) {
        throw new UnsupportedOperationException(
            "Unsupported option '"
                + STREAMING_READ_OVERWRITE
                + "=true': lakeops' streaming read does not read the changes of OVERWRITE"
                + " snapshots");
      }
      String consumerId = merged.find(CONSUMER_ID).orElse(null);
      if (consumerId != null) {
        dev.lakeops.table.paths.TablePaths.consumerFileName(consumerId); // validates
      }
      Duration interval = merged.duration(DISCOVERY_INTERVAL, Duration.ofSeconds(10));
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException(
            "Invalid value for option '" + DISCOVERY_INTERVAL + "': must be > 0");
      }
      return new StreamingScan(
          table,
          StreamStart.fromOptions(all),
          consumerId,
          merged.bool(CONSUMER_IGNORE_PROGRESS, false),
          interval,
          Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot stream " + table.paths().root() + ": " + e.getMessage(), e);
    } catch (UnsupportedOperationException e) {
      throw new UnsupportedOperationException(
          "Cannot stream " + table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The same scan, ending after snapshot {@code lastSnapshotInclusive}: {@link #poll} never reads a
   * later snapshot and {@link #isFinished} turns true once it is passed.
   *
   * @throws IllegalStateException the scan has already started
   */
  public StreamingScan withLastSnapshot(long lastSnapshotInclusive) {
    if (started) {
      throw new IllegalStateException("Cannot bound a streaming scan that has started");
    }
    return new StreamingScan(
        table, start, consumerId, ignoreProgress, interval, lastSnapshotInclusive);
  }

  /** The consumer id progress is recorded under; empty without {@code consumer-id}. */
  public Optional<String> consumerId() {
    return Optional.ofNullable(consumerId);
  }

  /** The pause {@link #take} makes between polls that find nothing. */
  public Duration discoveryInterval() {
    return interval;
  }

  /** The next snapshot to read; empty before the starting point is known (no snapshot yet). */
  public OptionalLong nextSnapshotId() {
    return started ? OptionalLong.of(nextSnapshotId) : OptionalLong.empty();
  }

  /** True once a bounded scan ({@link #withLastSnapshot}) has read past its last snapshot. */
  public boolean isFinished() {
    return started && nextSnapshotId > lastSnapshot;
  }

  /**
   * The next snapshot's plan, without waiting: the starting read, or the changes of the next
   * snapshot that has any (snapshots without changes are passed over); empty when the scan has
   * caught up with the latest snapshot, is finished, or the table has no snapshot to start from.
   *
   * @throws OutOfRangeException the next snapshot expired while the scan was behind, or lies beyond
   *     the latest snapshot + 1
   */
  public Optional<StreamPlan> poll() {
    if (!started) {
      Optional<StreamPlan> first = startingPlan();
      if (!started || first.isPresent()) {
        return first;
      }
    }
    while (nextSnapshotId <= lastSnapshot) {
      long id = nextSnapshotId;
      if (!table.io().exists(table.paths().snapshotFile(id))) {
        checkRange(id, null);
        return Optional.empty();
      }
      ScanPlan plan;
      try {
        plan = TableScan.of(table).planIncremental(id - 1, id);
      } catch (SnapshotNotFoundException | UncheckedIOException e) {
        // expiration may remove the snapshot or its manifests between the check and the planning
        checkRange(id, e);
        throw e;
      }
      nextSnapshotId = id + 1;
      if (!plan.splits().isEmpty()) {
        return Optional.of(new StreamPlan(id, false, plan));
      }
    }
    return Optional.empty();
  }

  /**
   * The next plan, waiting for it: polls, pausing {@link #discoveryInterval} between polls that
   * find nothing; empty once the scan is finished.
   *
   * @throws InterruptedException the thread was interrupted while waiting; the scan stays usable
   * @throws OutOfRangeException as {@link #poll}
   */
  public Optional<StreamPlan> take() throws InterruptedException {
    while (true) {
      Optional<StreamPlan> plan = poll();
      if (plan.isPresent() || isFinished()) {
        return plan;
      }
      Thread.sleep(interval.toMillis());
    }
  }

  /**
   * Records {@link #nextSnapshotId} as the consumer's position ({@code {"nextSnapshot" : N}} in
   * {@code consumer/consumer-<id>}, written atomically) when it moved since the last checkpoint;
   * does nothing without a consumer id or before the scan has started. Call it only once the rows
   * of every plan handed out so far have been taken: a restart resumes at this position.
   */
  public void checkpoint() {
    if (consumerId == null || !started || nextSnapshotId == savedNextSnapshot) {
      return;
    }
    new Consumers(table.io(), table.paths()).save(consumerId, new Consumer(nextSnapshotId));
    savedNextSnapshot = nextSnapshotId;
  }

  // ---- the starting point (Paimon's StartingScanners)

  private Optional<StreamPlan> startingPlan() {
    StreamStart from = start;
    if (consumerId != null && !ignoreProgress) {
      Optional<Consumer> saved = new Consumers(table.io(), table.paths()).find(consumerId);
      if (saved.isPresent()) {
        savedNextSnapshot = saved.get().nextSnapshot();
        from = new StreamStart.FromSnapshot(Math.max(1, saved.get().nextSnapshot()));
      }
    }
    OptionalLong earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths());
    OptionalLong latest = SnapshotHints.latestSnapshotId(table.io(), table.paths());
    if (earliest.isEmpty() || latest.isEmpty()) {
      if (from instanceof StreamStart.Latest && latestAtCreation.isEmpty()) {
        // no snapshot before the read started: the first one is a change, not history
        begin(1);
      }
      return Optional.empty();
    }
    if (from instanceof StreamStart.Latest) {
      begin(latestAtCreation.isEmpty() ? 1 : latest.getAsLong() + 1);
      return Optional.empty();
    }
    if (from instanceof StreamStart.FromSnapshot s) {
      begin(Math.max(s.id(), earliest.getAsLong()));
      return Optional.empty();
    }
    if (from instanceof StreamStart.FromTimestamp t) {
      begin(firstAtOrAfter(t.millis(), earliest.getAsLong(), latest.getAsLong()));
      return Optional.empty();
    }
    long full =
        from instanceof StreamStart.FromSnapshotFull s
            ? Math.max(s.id(), earliest.getAsLong())
            : latest.getAsLong();
    ScanPlan plan = fullPlan(full);
    begin(full + 1);
    return Optional.of(new StreamPlan(full, true, plan));
  }

  private void begin(long next) {
    nextSnapshotId = next;
    started = true;
  }

  // Paimon's TimeTravelUtil.earlierThanTimeMills: the newest snapshot strictly older than the
  // time; the read starts after it. Snapshot times ascend with ids, so a binary search does.
  private long firstAtOrAfter(long millis, long earliest, long latest) {
    Optional<Snapshot> first = table.snapshotStore().findSnapshot(earliest);
    if (first.isEmpty() || first.get().timeMillis() >= millis) {
      return earliest;
    }
    long lo = earliest;
    long hi = latest;
    while (lo < hi) {
      long mid = lo + (hi - lo + 1) / 2;
      Optional<Snapshot> s = table.snapshotStore().findSnapshot(mid);
      if (s.isPresent() && s.get().timeMillis() < millis) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  private ScanPlan fullPlan(long snapshotId) {
    ScanPlan plan = TableScan.of(table).withSnapshot(snapshotId).plan();
    ChangelogProducer producer = table.options().changelogProducer();
    IntPredicate levels;
    if (producer == ChangelogProducer.LOOKUP) {
      levels = level -> level > 0;
    } else if (producer == ChangelogProducer.FULL_COMPACTION) {
      int top = table.options().numLevels() - 1;
      levels = level -> level == top;
    } else {
      return plan;
    }
    List<DataSplit> kept = new ArrayList<>();
    for (DataSplit split : plan.splits()) {
      List<DataFileMeta> files =
          split.files().stream().filter(f -> levels.test(f.level())).toList();
      if (!files.isEmpty()) {
        kept.add(
            new DataSplit(
                split.snapshotId(),
                split.partition(),
                split.bucket(),
                split.totalBuckets(),
                files,
                split.mode(),
                split.deletionFiles()));
      }
    }
    return new ScanPlan(plan.snapshot(), kept);
  }

  // ---- Paimon's NextSnapshotFetcher.rangeCheck

  private void checkRange(long id, @Nullable RuntimeException cause) {
    OptionalLong earliest = SnapshotHints.earliestSnapshotId(table.io(), table.paths());
    OptionalLong latest = SnapshotHints.latestSnapshotId(table.io(), table.paths());
    if (earliest.isPresent() && earliest.getAsLong() > id) {
      OutOfRangeException e =
          new OutOfRangeException(
              "Snapshot "
                  + id
                  + " of table "
                  + table.paths().root()
                  + " has expired before the streaming read reached it (snapshots "
                  + earliest.getAsLong()
                  + ".."
                  + latest.orElse(earliest.getAsLong())
                  + " exist). Retain snapshots longer (snapshot.time-retained,"
                  + " snapshot.num-retained.min), or read with a consumer-id so that unread"
                  + " snapshots are not expired.",
              id);
      if (cause != null) {
        e.initCause(cause);
      }
      throw e;
    }
    if ((earliest.isEmpty() && id > 1) || (latest.isPresent() && id > latest.getAsLong() + 1)) {
      throw new OutOfRangeException(
          "Snapshot "
              + id
              + " of table "
              + table.paths().root()
              + " is beyond the latest snapshot "
              + (latest.isPresent() ? latest.getAsLong() : "(none)")
              + " + 1: the table was probably recreated or rolled back since this read's position"
              + " was taken",
          id);
    }
  }
}
