package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The picker of tables that need lookup (deletion vectors, {@code changelog-producer=lookup},
 * {@code merge-engine=first-row}, {@code force-lookup}; source: Paimon {@code
 * ForceUpLevel0Compaction}): the universal picker first; when it finds nothing, every level-0 file
 * is pushed into a higher level anyway. Readers of such tables skip level 0, and the lookup
 * changelog is produced when level 0 is compacted, so nothing may stay there past a commit.
 *
 * <p>With {@code lookup-compact=gentle} the forced pick happens only every {@code
 * lookup-compact.max-interval} calls that found nothing else (Paimon's default: twice the
 * sorted-run trigger, at least the trigger). Stateful in that mode: one instance per bucket writer.
 */
public final class ForceUpLevel0Compaction implements CompactionPicker {

  private final UniversalCompaction universal;
  private final @Nullable Integer maxInterval;
  private int skipped;

  /**
   * @param maxInterval null for {@code lookup-compact=radical} (force at every pick)
   */
  public ForceUpLevel0Compaction(UniversalCompaction universal, @Nullable Integer maxInterval) {
    this.universal = requireNonNull(universal, "universal");
    if (maxInterval != null && maxInterval < 1) {
      throw new IllegalArgumentException(
          "Invalid lookup-compact.max-interval: " + maxInterval + " (must be >= 1)");
    }
    this.maxInterval = maxInterval;
  }

  @Override
  public Optional<CompactionUnit> pick(LevelFiles files) {
    Optional<CompactionUnit> unit = universal.pick(files);
    if (unit.isPresent()) {
      return unit;
    }
    if (maxInterval == null) {
      return universal.forcePickLevel0(files);
    }
    skipped++;
    if (skipped >= maxInterval) {
      skipped = 0;
      return universal.forcePickLevel0(files);
    }
    return Optional.empty();
  }
}
