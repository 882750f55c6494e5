package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Judges partitions whose last stable offset (LSO) sits below the high watermark because a
 * transaction is open. A {@code read_committed} consumer cannot read past the LSO, so once it has
 * caught up with it the open transaction, not the consumer, holds the lag.
 *
 * <ul>
 *   <li>{@code kafka.lag.held-by-transaction} CRITICAL: a hanging transaction. It is open longer
 *       than its own {@code transaction.timeout.ms} (the coordinator should have aborted it), or
 *       its coordinator has completed it while the partition still holds it open (the marker never
 *       arrived). Its readers wait until it is aborted ({@code kafka-transactions.sh
 *       find-hanging}).
 *   <li>{@code kafka.lag.held-by-transaction} WARN: the group waits at the LSO and the transaction
 *       has been open (or the LSO has stood) for at least {@link #HELD_AFTER}, the producer default
 *       {@code transaction.timeout.ms}: records pile up behind it unread.
 *   <li>{@code kafka.lag.open-transaction} INFO: an open transaction, younger than that, or the
 *       group has not reached it yet: lag is measured to the LSO and is real.
 * </ul>
 *
 * The finding names the transaction by its {@code transactional.id} when a coordinator knows it
 * ({@link OpenTransaction}), else by producer id. How long it has been open comes from the
 * coordinator's start time; without it, from how long the LSO has stood still in the window (a
 * lower bound).
 */
final class TransactionHolds {

  /** The producer default {@code transaction.timeout.ms}. */
  static final Duration HELD_AFTER = Duration.ofMinutes(1);

  /** Coordinator states ({@code TransactionState#toString()}) of no open transaction. */
  static final Set<String> COMPLETED_STATES = Set.of("CompleteCommit", "CompleteAbort", "Empty");

  private final GroupVerdict v;
  private final LagRules rules;

  TransactionHolds(GroupVerdict verdict, LagRules rules) {
    this.v = verdict;
    this.rules = rules;
  }

  /** One held or waiting partition, with the transaction that holds it (when described). */
  private record Hold(
      PartitionVerdict partition,
      @Nullable OpenTransaction transaction,
      @Nullable Long openForMs,
      boolean openForFromCoordinator,
      boolean atStable,
      boolean pastTimeout,
      boolean completedAtCoordinator) {

    /** Nothing will end it: the coordinator should have aborted it, or has finished it already. */
    boolean hanging() {
      return pastTimeout || completedAtCoordinator;
    }

    boolean held() {
      return hanging() || (atStable && openForMs != null && openForMs >= HELD_AFTER.toMillis());
    }

    Severity severity() {
      return hanging() ? Severity.CRITICAL : held() ? Severity.WARN : Severity.INFO;
    }
  }

  Optional<Finding> finding() {
    List<Hold> holds = new ArrayList<>();
    for (PartitionVerdict p : v.partitions()) {
      PartitionSample s = p.latest();
      if (s.offsets().lastStable() < s.offsets().highWatermark()
          && s.committed() <= s.offsets().lastStable()) {
        holds.add(hold(p));
      }
    }
    if (holds.isEmpty()) {
      return Optional.empty();
    }
    holds.sort(
        Comparator.comparing(Hold::severity)
            .reversed()
            .thenComparing(
                h -> h.openForMs() == null ? 0 : h.openForMs(), Comparator.reverseOrder()));
    Hold worst = holds.get(0);
    Map<String, String> e = new LinkedHashMap<>();
    e.put("cluster", v.latest().cluster());
    e.put("group", v.group().groupId());
    e.putAll(top(worst));
    e.put("partitionsHeld", Long.toString(holds.stream().filter(Hold::held).count()));
    for (Hold h : holds.subList(0, Math.min(holds.size(), rules.maxPartitionsInEvidence()))) {
      e.put("partition[" + h.partition().name() + "]", line(h));
    }
    if (!worst.held()) {
      return Optional.of(
          finding(Severity.INFO, "kafka.lag.open-transaction", infoSummary(holds.size()), e));
    }
    return Optional.of(
        finding(worst.severity(), "kafka.lag.held-by-transaction", heldSummary(worst), e));
  }

  private Hold hold(PartitionVerdict p) {
    PartitionSample s = p.latest();
    long lso = s.offsets().lastStable();
    // The transaction at the LSO holds it; others on the partition started later.
    OpenTransaction t =
        v.latest().openTransactions(p.topic(), p.partition()).stream()
            .min(Comparator.comparingLong(OpenTransaction::startOffset))
            .orElse(null);
    long now = s.at().toEpochMilli();
    Long openFor = null;
    boolean fromCoordinator = false;
    if (t != null && t.transactionStartMs() != null && t.transactionStartMs() > 0) {
      openFor = Math.max(0, now - t.transactionStartMs());
      fromCoordinator = true;
    } else if (p.samples().size() > 1) {
      openFor = standingMillis(p.samples(), lso);
    }
    boolean pastTimeout =
        openFor != null
            && t != null
            && t.transactionTimeoutMs() != null
            && openFor > t.transactionTimeoutMs();
    // The coordinator has completed (or never began) the transaction the partition still holds
    // open: the marker never arrived. Shortly after a commit the marker may still be on its way.
    boolean completed =
        t != null
            && t.state() != null
            && COMPLETED_STATES.contains(t.state())
            && now - t.lastTimestampMs() >= HELD_AFTER.toMillis();
    return new Hold(p, t, openFor, fromCoordinator, s.committed() == lso, pastTimeout, completed);
  }

  /** How long, up to the latest sample, the LSO has stood at {@code lso} below the watermark. */
  // Requires: samples oldest first, the latest at lso.
  private static long standingMillis(List<PartitionSample> samples, long lso) {
    PartitionSample latest = samples.get(samples.size() - 1);
    PartitionSample since = latest;
    for (int i = samples.size() - 1; i >= 0; i--) {
      PartitionOffsets o = samples.get(i).offsets();
      if (o.lastStable() != lso || o.lastStable() >= o.highWatermark()) {
        break;
      }
      since = samples.get(i);
    }
    return Duration.between(since.at(), latest.at()).toMillis();
  }

  private static Map<String, String> top(Hold h) {
    PartitionSample s = h.partition().latest();
    PartitionOffsets o = s.offsets();
    OpenTransaction t = h.transaction();
    Map<String, String> e = new LinkedHashMap<>();
    e.put("topic", h.partition().topic());
    e.put("partition", h.partition().name());
    e.put("committed", Long.toString(s.committed()));
    e.put("lastStable", Long.toString(o.lastStable()));
    e.put("highWatermark", Long.toString(o.highWatermark()));
    e.put("recordsBehindTransaction", Long.toString(o.highWatermark() - o.lastStable()));
    e.put("atLastStable", Boolean.toString(h.atStable()));
    if (t != null) {
      e.put("transactionalId", t.transactionalId() == null ? "unknown" : t.transactionalId());
      e.put("producerId", Long.toString(t.producerId()));
      e.put("producerEpoch", Integer.toString(t.producerEpoch()));
      e.put("transactionStartOffset", Long.toString(t.startOffset()));
      if (t.state() != null) {
        e.put("transactionState", t.state());
      }
      if (t.transactionTimeoutMs() != null) {
        e.put("transactionTimeoutMs", Long.toString(t.transactionTimeoutMs()));
      }
    }
    if (h.openForMs() != null) {
      e.put("openForMs", Long.toString(h.openForMs()));
      e.put("openForFrom", h.openForFromCoordinator() ? "coordinator" : "window (at least)");
    }
    e.put("pastTimeout", Boolean.toString(h.pastTimeout()));
    e.put("hanging", Boolean.toString(h.hanging()));
    return e;
  }

  private static String line(Hold h) {
    PartitionSample s = h.partition().latest();
    PartitionOffsets o = s.offsets();
    StringBuilder text =
        new StringBuilder()
            .append("committed=")
            .append(s.committed())
            .append(" lastStable=")
            .append(o.lastStable())
            .append(" highWatermark=")
            .append(o.highWatermark())
            .append(" lagToStable=")
            .append(s.lag())
            .append(" lagToHighWatermark=")
            .append(s.lagToHighWatermark());
    OpenTransaction t = h.transaction();
    if (t != null) {
      text.append(" transactionalId=")
          .append(t.transactionalId() == null ? "unknown" : t.transactionalId())
          .append(" producerId=")
          .append(t.producerId())
          .append(" transactionStartOffset=")
          .append(t.startOffset());
    }
    if (h.openForMs() != null) {
      text.append(" openForSeconds=").append(KafkaLagAnalyzer.seconds(h.openForMs()));
    }
    return text.toString();
  }

  private String heldSummary(Hold h) {
    PartitionOffsets o = h.partition().latest().offsets();
    OpenTransaction t = h.transaction();
    String who =
        t == null
            ? "An open transaction (its producer was not described)"
            : t.transactionalId() == null
                ? "An open transaction of producer id "
                    + t.producerId()
                    + " that no transaction coordinator lists (no transactional.id known)"
                : "The open transaction of transactional.id '"
                    + t.transactionalId()
                    + "' (producer id "
                    + t.producerId()
                    + ", epoch "
                    + t.producerEpoch()
                    + ")";
    String since =
        h.openForMs() == null
            ? ""
            : (h.openForFromCoordinator() ? " for " : " for at least ")
                + KafkaLagAnalyzer.seconds(h.openForMs())
                + " s";
    String text =
        who
            + " holds the last stable offset of "
            + h.partition().name()
            + " at "
            + o.lastStable()
            + since
            + " (high watermark "
            + o.highWatermark()
            + "): read_committed group '"
            + v.group().groupId()
            + "' "
            + (h.atStable() ? "waits at that offset and cannot read" : "will stop there, before")
            + " the "
            + (o.highWatermark() - o.lastStable())
            + " offset(s) behind it.";
    if (h.completedAtCoordinator() && !h.pastTimeout()) {
      text +=
          " Its coordinator has no open transaction for it (state "
              + t.state()
              + "): the partition never got its commit or abort marker, a hanging transaction;"
              + " abort it (kafka-transactions.sh find-hanging, then abort).";
    } else if (h.pastTimeout()) {
      text +=
          " It is open longer than its transaction.timeout.ms ("
              + t.transactionTimeoutMs()
              + " ms), so the coordinator should have aborted it: a hanging transaction; abort it"
              + " (kafka-transactions.sh find-hanging, then abort) once its producer is known to be"
              + " gone.";
    } else {
      text +=
          " Its producer neither commits nor aborts: look at the producer (a Flink sink commits"
              + " its transaction when a checkpoint completes).";
    }
    return text;
  }

  private String infoSummary(int partitions) {
    return "An open transaction holds the last stable offset of "
        + partitions
        + " partition(s) read by '"
        + v.group().groupId()
        + "': read_committed consumers wait there, so lag is measured to the last stable"
        + " offset; lag to the high watermark also counts records not yet committed. It is"
        + " younger than "
        + HELD_AFTER.toSeconds()
        + " s or the group has not reached it: no fault yet.";
  }

  private Finding finding(
      Severity severity, String code, String summary, Map<String, String> evidence) {
    return new Finding(severity, code, v.subject(), summary, evidence, v.latest().queries());
  }
}
