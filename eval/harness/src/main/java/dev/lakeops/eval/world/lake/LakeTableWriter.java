package dev.lakeops.eval.world.lake;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.TableCommitter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one {@link LakeTableSpec} with the table engine: the first writer's commits, then what the
 * faults add, one commit a {@link #COMMIT_INTERVAL} apart, the last at {@code now}.
 */
final class LakeTableWriter {

  /**
   * Commits of a healthy table: few enough that no bucket reaches {@code compaction.min.file-num}.
   */
  static final int HEALTHY_COMMITS = 3;

  /** Paimon's {@code num-sorted-run.compaction-trigger} when the options do not set it. */
  static final int DEFAULT_COMPACTION_TRIGGER = 5;

  /** A checkpoint interval: regular, so the commit timeline sees no gap. */
  static final Duration COMMIT_INTERVAL = Duration.ofMinutes(1);

  private record Commit(int writer, long identifier, long firstRow, long lastRow) {}

  private LakeTableWriter() {}

  /**
   * The time each commit is stamped with, set before it: one committer serves every commit of a
   * table (keeping its manifest cache), which a fixed clock per commit would not.
   */
  private static final class CommitClock extends Clock {
    private Instant instant;

    CommitClock(Instant instant) {
      this.instant = instant;
    }

    void set(Instant value) {
      instant = value;
    }

    @Override
    public Instant instant() {
      return instant;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("CommitClock is UTC only");
    }
  }

  static void write(Catalog catalog, LakeTableSpec spec, Instant now) {
    catalog.createDatabaseIfNotExists(spec.database());
    Table table =
        catalog.createTable(Identifier.of(spec.database(), spec.table()), definition(spec));
    List<Commit> commits = plan(spec);
    Instant first = now.minus(COMMIT_INTERVAL.multipliedBy(Math.max(0, commits.size() - 1)));
    CommitClock clock = new CommitClock(first);
    TableCommitter committer =
        TableCommitter.builder(table.io(), table.paths(), table.schema())
            .store(table.snapshotStore())
            .clock(clock)
            .build();
    TableWrite write = null;
    int writer = 0;
    try {
      for (int i = 0; i < commits.size(); i++) {
        Commit c = commits.get(i);
        if (c.writer() != writer) {
          if (write != null) {
            write.close();
          }
          writer = c.writer();
          write = table.newWrite(LakeWorld.commitUser(spec.qualifiedName(), writer));
        }
        for (long row = c.firstRow(); row <= c.lastRow(); row++) {
          write.write(row(spec, row));
        }
        clock.set(first.plus(COMMIT_INTERVAL.multipliedBy(i)));
        committer.commit(write.prepareCommit(c.identifier()));
      }
    } finally {
      if (write != null) {
        write.close();
      }
    }
  }

  // The first writer spreads the rows over its commits; a stateless restart adds one commit by a
  // second writer that re-commits the last rows at identifier 1, as a job restarted without its
  // state replays what the source gives it again.
  private static List<Commit> plan(LakeTableSpec spec) {
    int faultCommits =
        Math.max(
            spec.fault(LakeFault.SMALL_FILES).map(LakeFault::count).orElse(0),
            spec.fault(LakeFault.COMPACTION_BACKLOG).map(LakeFault::count).orElse(0));
    int commits = faultCommits > 0 ? faultCommits : Math.min(spec.rows(), HEALTHY_COMMITS);
    List<Commit> plan = new ArrayList<>();
    for (int k = 0; k < commits; k++) {
      long from = (long) k * spec.rows() / commits + 1;
      long to = (long) (k + 1) * spec.rows() / commits;
      plan.add(new Commit(1, k + 1, from, to));
    }
    spec.fault(LakeFault.DUPLICATES_AFTER_STATELESS_RESTART)
        .ifPresent(f -> plan.add(new Commit(2, 1, spec.rows() - f.count() + 1, spec.rows())));
    return plan;
  }

  private static TableDefinition definition(LakeTableSpec spec) {
    TableDefinition.Builder b = TableDefinition.builder();
    spec.keys().forEach(k -> b.column(k, AtomicType.of(TypeRoot.BIGINT)));
    b.column(LakeTableSpec.VALUE_COLUMN, AtomicType.of(TypeRoot.INT));
    Map<String, String> options = new LinkedHashMap<>();
    options.put(TableOptions.FILE_FORMAT, "avro");
    if (spec.primaryKey()) {
      b.primaryKey(spec.keys().toArray(String[]::new));
      options.put(TableOptions.BUCKET, "1");
    }
    if (spec.fault(LakeFault.COMPACTION_BACKLOG).isPresent()) {
      // Writers of a write-only table never compact: the dedicated compaction job should, and
      // here it does not keep up.
      options.put(TableOptions.WRITE_ONLY, "true");
    } else if (spec.primaryKey()) {
      // A primary-key writer compacts once a bucket reaches the sorted-run trigger; small files
      // stay when the trigger was raised above the commits made (to save write amplification).
      spec.fault(LakeFault.SMALL_FILES)
          .ifPresent(
              f ->
                  options.put(
                      TableOptions.NUM_SORTED_RUN_COMPACTION_TRIGGER,
                      Integer.toString(Math.max(DEFAULT_COMPACTION_TRIGGER, f.count() + 1))));
    }
    options.putAll(spec.options());
    options.forEach(b::option);
    return b.build();
  }

  private static Row row(LakeTableSpec spec, long i) {
    Object[] values = new Object[spec.keys().size() + 1];
    for (int k = 0; k < spec.keys().size(); k++) {
      values[k] = i;
    }
    values[spec.keys().size()] = (int) i;
    return Row.of(values);
  }
}
