package dev.lakeops.eval.world.lake;

import java.util.List;

/**
 * A fault written into a lake table of the simulated world, as a change of what the writers did.
 *
 * <ul>
 *   <li>{@value #DUPLICATES_AFTER_STATELESS_RESTART}: after the first writer's commits, a second
 *       writer with a new commit user (a Flink job restarted without its state) re-commits the last
 *       {@code count} rows, with its commit identifiers starting over at 1;
 *   <li>{@value #SMALL_FILES}: the rows arrive in {@code count} tiny commits, each adding one small
 *       file per bucket, and nothing compacts them;
 *   <li>{@value #COMPACTION_BACKLOG}: the rows of a primary-key table arrive in {@code count}
 *       commits, each adding a level-0 sorted run, on a {@code write-only} table whose compaction
 *       job does not run.
 * </ul>
 *
 * @param kind one of {@link #KINDS}
 * @param count rows re-committed, or commits made; at least 1
 */
public record LakeFault(String kind, int count) {

  public static final String DUPLICATES_AFTER_STATELESS_RESTART =
      "duplicates-after-stateless-restart";
  public static final String SMALL_FILES = "small-files";
  public static final String COMPACTION_BACKLOG = "compaction-backlog";

  /** Every kind the world can write. */
  public static final List<String> KINDS =
      List.of(DUPLICATES_AFTER_STATELESS_RESTART, SMALL_FILES, COMPACTION_BACKLOG);

  public LakeFault {
    if (kind == null || !KINDS.contains(kind)) {
      throw new IllegalArgumentException(
          "Unknown lake fault kind: "
              + (kind == null ? "none given" : "'" + kind + "'")
              + " (known: "
              + String.join(", ", KINDS)
              + ")");
    }
    if (count < 1) {
      throw new IllegalArgumentException(
          "Invalid count for lake fault " + kind + ": " + count + " (must be at least 1)");
    }
  }
}
