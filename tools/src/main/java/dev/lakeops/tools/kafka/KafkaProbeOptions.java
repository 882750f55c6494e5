package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How much a Kafka capture may read.
 *
 * @param timeout the limit of each AdminClient call, and of all record reads together
 * @param maxRecordLookups how many committed offsets to read a record at (lag in time, marker and
 *     compaction gaps); 0 reads none. Partitions whose lag is small enough to be markers come
 *     first, then each group's most lagging partitions in turn.
 * @param maxOpenTransactionLookups how many partitions with an open transaction to describe
 *     producers for
 */
public record KafkaProbeOptions(
    Duration timeout, int maxRecordLookups, int maxOpenTransactionLookups) {

  public KafkaProbeOptions {
    requireNonNull(timeout, "timeout");
    checkArgument(
        !timeout.isNegative() && !timeout.isZero(),
        "Invalid Kafka timeout: %s (must be positive)",
        timeout);
    checkArgument(maxRecordLookups >= 0, "Invalid maxRecordLookups: %s", maxRecordLookups);
    checkArgument(
        maxOpenTransactionLookups >= 0,
        "Invalid maxOpenTransactionLookups: %s",
        maxOpenTransactionLookups);
  }

  public static KafkaProbeOptions defaults() {
    return new KafkaProbeOptions(Duration.ofSeconds(5), 200, 50);
  }

  public KafkaProbeOptions withTimeout(Duration value) {
    return new KafkaProbeOptions(value, maxRecordLookups, maxOpenTransactionLookups);
  }

  public KafkaProbeOptions withMaxRecordLookups(int value) {
    return new KafkaProbeOptions(timeout, value, maxOpenTransactionLookups);
  }
}
