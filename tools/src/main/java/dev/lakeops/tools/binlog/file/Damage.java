package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * A place where the reader could not accept the bytes as an event.
 *
 * @param offset where the bad event (or the bytes that should be one) starts
 * @param type the type byte found there, -1 when fewer than 19 bytes were left
 * @param reason what is wrong, naming the field and values
 * @param storedCrc the trailer, for {@link Kind#CRC_MISMATCH}
 * @param computedCrc the CRC32 of the event's bytes, for {@link Kind#CRC_MISMATCH}
 * @param resyncOffset the next offset where a valid event starts; null when none was found
 */
public record Damage(
    Kind kind,
    long offset,
    int type,
    String reason,
    @Nullable Long storedCrc,
    @Nullable Long computedCrc,
    @Nullable Long resyncOffset) {

  /** What is wrong. */
  public enum Kind {
    /** The file does not start with {@code FE 62 69 6E}. */
    BAD_MAGIC,
    /** The file ends inside an event (its header says it is longer than what is left). */
    TRUNCATED,
    /**
     * A header field is impossible: size bounds, {@code log_pos}, or a first event that is no FDE.
     */
    HEADER_INVALID,
    /** The event's CRC32 does not match its trailer. */
    CRC_MISMATCH,
    /** The header and CRC are fine but the body does not match its layout. */
    BODY_INVALID
  }

  public Damage {
    requireNonNull(kind, "kind");
    requireNonNull(reason, "reason");
  }

  public String typeName() {
    return type < 0 ? "none" : EventTypes.name(type);
  }
}
