package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.LocalDateTime;
import org.jspecify.annotations.Nullable;

/**
 * A named, pinned snapshot: the content of {@code tag/tag-<name>} (source: Paimon {@code Tag};
 * {@code paimon-format.md} §5). A tag without retention is byte-identical to its snapshot JSON.
 *
 * @param createTime when the tag was created, local wall-clock time; null when no retention was
 *     given
 * @param timeRetained how long the tag is kept after {@code createTime}; null for ever
 */
public record Tag(
    Snapshot snapshot, @Nullable LocalDateTime createTime, @Nullable Duration timeRetained) {

  public Tag {
    requireNonNull(snapshot, "snapshot");
    if (timeRetained != null && timeRetained.isNegative()) {
      throw new IllegalArgumentException(
          "Invalid tag retention: " + timeRetained + " (must not be negative)");
    }
  }

  /** A tag of {@code snapshot} that is kept until deleted. */
  public static Tag of(Snapshot snapshot) {
    return new Tag(snapshot, null, null);
  }
}
