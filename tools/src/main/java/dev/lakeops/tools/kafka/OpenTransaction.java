package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * A transaction that holds a partition's last stable offset back: the partition's side from {@code
 * describeProducers}, the producer's side (its {@code transactional.id}, state, start and timeout)
 * from {@code listTransactions} and {@code describeTransactions}. The producer's side is null when
 * no transaction coordinator knows the producer id (a hanging transaction) or could not be read.
 *
 * @param startOffset the offset of its first record: the last stable offset cannot pass it
 * @param lastTimestampMs when the producer last wrote to the partition
 * @param transactionalId the producer's {@code transactional.id}, what names it in configuration
 * @param state the coordinator's state, e.g. {@code Ongoing}, {@code PrepareCommit}
 * @param transactionStartMs when the coordinator started the transaction
 * @param transactionTimeoutMs the producer's {@code transaction.timeout.ms}: the coordinator aborts
 *     the transaction once it is open longer
 */
public record OpenTransaction(
    String topic,
    int partition,
    long producerId,
    int producerEpoch,
    long startOffset,
    long lastTimestampMs,
    @Nullable String transactionalId,
    @Nullable String state,
    @Nullable Long transactionStartMs,
    @Nullable Long transactionTimeoutMs) {

  public OpenTransaction {
    requireNonNull(topic, "topic");
  }

  /** The partition's side alone, before the coordinator was asked. */
  public OpenTransaction(
      String topic,
      int partition,
      long producerId,
      int producerEpoch,
      long startOffset,
      long lastTimestampMs) {
    this(
        topic,
        partition,
        producerId,
        producerEpoch,
        startOffset,
        lastTimestampMs,
        null,
        null,
        null,
        null);
  }

  /** This transaction with the coordinator's view of it. */
  OpenTransaction withCoordinator(
      String transactionalId, String state, @Nullable Long startMs, long timeoutMs) {
    return new OpenTransaction(
        topic,
        partition,
        producerId,
        producerEpoch,
        startOffset,
        lastTimestampMs,
        transactionalId,
        state,
        startMs,
        timeoutMs);
  }
}
