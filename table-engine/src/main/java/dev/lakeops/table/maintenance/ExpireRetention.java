package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.schema.TableOptions;
import java.time.Duration;

/**
 * Which snapshots expiration keeps (Paimon's {@code expire_snapshots(retain_max, retain_min,
 * older_than, max_deletes)}; {@code paimon-format.md} §16, §19).
 *
 * @param minRetained always keep the newest this many ({@code snapshot.num-retained.min}, default
 *     10)
 * @param maxRetained never keep more than this many ({@code snapshot.num-retained.max}, default
 *     unbounded)
 * @param timeRetained between the two, keep snapshots younger than this ({@code
 *     snapshot.time-retained}, 1 h)
 * @param maxExpires expire at most this many per run ({@code snapshot.expire.limit}, 50)
 */
public record ExpireRetention(
    int minRetained, int maxRetained, Duration timeRetained, int maxExpires) {

  public ExpireRetention {
    requireNonNull(timeRetained, "timeRetained");
    if (minRetained < 1) {
      throw new IllegalArgumentException(
          "Invalid snapshot.num-retained.min: " + minRetained + " (must be >= 1)");
    }
    if (maxRetained < minRetained) {
      throw new IllegalArgumentException(
          "Invalid snapshot.num-retained.max: "
              + maxRetained
              + " (must be >= snapshot.num-retained.min "
              + minRetained
              + ")");
    }
    if (timeRetained.isNegative()) {
      throw new IllegalArgumentException(
          "Invalid snapshot.time-retained: " + timeRetained + " (must not be negative)");
    }
    if (maxExpires < 1) {
      throw new IllegalArgumentException(
          "Invalid snapshot.expire.limit: " + maxExpires + " (must be >= 1)");
    }
  }

  /** The retention a table's options configure. */
  public static ExpireRetention of(TableOptions options) {
    return new ExpireRetention(
        options.snapshotNumRetainedMin(),
        Math.max(options.snapshotNumRetainedMin(), options.snapshotNumRetainedMax()),
        options.snapshotTimeRetained(),
        options.snapshotExpireLimit());
  }
}
