package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Judges a job's checkpoints: timeouts and other failures in the recent history, duration against
 * interval and timeout, the age of the last completed checkpoint, barrier start delay and alignment
 * (barriers stuck behind full buffers), state size growth, and which vertex has not acknowledged
 * the checkpoint in question ({@code flink-rest.md} §5.2, §5.5). Pure.
 *
 * <p>Codes: {@code flink.checkpoint.timeout}, {@code flink.checkpoint.failing}, {@code
 * flink.checkpoint.stale}, {@code flink.checkpoint.slow}, {@code flink.checkpoint.start-delay},
 * {@code flink.checkpoint.alignment}, {@code flink.checkpoint.state-growth}, {@code
 * flink.checkpoint.history-pending}, {@code flink.checkpoint.healthy}, {@code
 * flink.checkpoint.disabled}.
 */
public final class CheckpointAnalyzer {

  /** Share of failed checkpoints in the history above which checkpointing is failing. */
  static final double FAILURE_RATE = 0.2;

  /** A completed checkpoint taking more than this share of the timeout is close to expiring. */
  static final double SLOW_SHARE_OF_TIMEOUT = 0.5;

  /** A barrier reaching a task later than this (or half the timeout) waited behind full buffers. */
  static final long START_DELAY_MILLIS = 1_000;

  /** Alignment longer than this, or this many bytes buffered, slows every checkpoint. */
  static final long ALIGNMENT_MILLIS = 1_000;

  static final long ALIGNMENT_BYTES = 16L << 20;

  /** Completed checkpoints needed, and the growth factor over them, to call state growth. */
  static final int GROWTH_POINTS = 3;

  static final double GROWTH_FACTOR = 1.5;

  public List<Finding> analyze(FlinkHealthSnapshot s) {
    CheckpointStats stats = s.checkpoints();
    CheckpointSettings settings = s.checkpointSettings();
    String subject = "flink job " + s.job().name();
    List<String> sources = s.endpoints().stream().filter(p -> p.contains("/checkpoints")).toList();
    if (stats == null && settings == null) {
      boolean failed = s.failures().stream().anyMatch(f -> f.endpoint().contains("/checkpoints"));
      return failed
          ? List.of()
          : List.of(
              new Finding(
                  Severity.INFO,
                  "flink.checkpoint.disabled",
                  subject,
                  "Checkpointing is not enabled for this job: it restarts from its sources' start"
                      + " positions.",
                  new Evidence().put("job", s.job().name()).map(),
                  sources));
    }
    if (settings != null && !settings.enabled() || stats == null) {
      return List.of(
          new Finding(
              Severity.INFO,
              "flink.checkpoint.disabled",
              subject,
              "Checkpointing is not enabled for this job.",
              new Evidence()
                  .put("job", s.job().name())
                  .put("interval", settings == null ? null : settings.intervalMillis())
                  .map(),
              sources));
    }
    long now = s.nowMillis();
    List<CheckpointEntry> finished =
        stats.history().stream().filter(c -> c.isCompleted() || c.isFailed()).toList();
    List<CheckpointEntry> failed = finished.stream().filter(CheckpointEntry::isFailed).toList();
    List<CheckpointEntry> expired = failed.stream().filter(CheckpointEntry::isExpired).toList();
    CheckpointDetail detail = s.checkpointDetail();
    List<Finding> findings = new ArrayList<>();

    Evidence base =
        new Evidence()
            .put("job", s.job().name())
            .put("completed", stats.completed())
            .put("failed", stats.failed())
            .put("inProgress", stats.inProgress())
            .put("historyFailed", failed.size() + "/" + finished.size());
    if (settings != null) {
      base.put("intervalMs", settings.intervalMillis())
          .put("timeoutMs", settings.timeoutMillis())
          .put("unaligned", settings.unaligned());
    }
    if (!expired.isEmpty()) {
      Evidence e =
          copy(base)
              .put("expired", expired.size())
              .put("lastFailure", expired.get(0).failureMessage())
              .put("lastExpiredId", expired.get(0).id())
              .put(
                  "acknowledged",
                  expired.get(0).numAcknowledgedSubtasks() + "/" + expired.get(0).numSubtasks());
      putPending(e, detail);
      Severity severity = expired.size() * 2 >= finished.size() ? Severity.CRITICAL : Severity.WARN;
      String pending =
          detail == null || detail.pending().isEmpty()
              ? ""
              : "; not acknowledged by " + names(detail.pending());
      findings.add(
          new Finding(
              severity,
              "flink.checkpoint.timeout",
              subject(subject, detail),
              expired.size()
                  + " of the last "
                  + finished.size()
                  + " checkpoints expired before completing"
                  + (settings == null
                      ? ""
                      : " (timeout " + Evidence.duration(settings.timeoutMillis()) + ")")
                  + pending
                  + ". Usually backpressure holds the barriers back, or a snapshot is too slow.",
              e.map(),
              sources));
    }
    List<CheckpointEntry> otherFailures = failed.stream().filter(c -> !c.isExpired()).toList();
    if (!finished.isEmpty()
        && (double) failed.size() / finished.size() >= FAILURE_RATE
        && !otherFailures.isEmpty()) {
      Map<String, Long> messages =
          otherFailures.stream()
              .collect(
                  Collectors.groupingBy(
                      c -> c.failureMessage() == null ? "(no message)" : c.failureMessage(),
                      LinkedHashMap::new,
                      Collectors.counting()));
      Evidence e = copy(base).put("failureRate", (double) failed.size() / finished.size());
      messages.forEach((m, n) -> e.put("message[" + m + "]", n));
      boolean restarting =
          messages.keySet().stream()
              .anyMatch(
                  m -> m.contains("FailoverRegion is restarting") || m.contains("suspending"));
      findings.add(
          new Finding(
              restarting ? Severity.WARN : Severity.CRITICAL,
              "flink.checkpoint.failing",
              subject,
              failed.size()
                  + " of the last "
                  + finished.size()
                  + " checkpoints failed: "
                  + String.join("; ", messages.keySet())
                  + (restarting
                      ? ". Tasks failing over abort checkpoints: look at the exceptions."
                      : "."),
              e.map(),
              sources));
    }
    stale(s, stats, settings, base, subject, sources).ifPresent(findings::add);
    CheckpointEntry last = stats.latestCompleted();
    if (last != null
        && settings != null
        && last.endToEndDurationMillis() > 0
        && (last.endToEndDurationMillis() > SLOW_SHARE_OF_TIMEOUT * settings.timeoutMillis()
            || last.endToEndDurationMillis() > settings.intervalMillis())) {
      findings.add(
          new Finding(
              Severity.WARN,
              "flink.checkpoint.slow",
              subject,
              "The last completed checkpoint took "
                  + Evidence.duration(last.endToEndDurationMillis())
                  + " (interval "
                  + Evidence.duration(settings.intervalMillis())
                  + ", timeout "
                  + Evidence.duration(settings.timeoutMillis())
                  + ").",
              copy(base)
                  .put("lastDurationMs", last.endToEndDurationMillis())
                  .put("lastStateSize", last.stateSize())
                  .map(),
              sources));
    }
    if (detail != null) {
      delays(detail, settings, base, subject, sources, findings);
    }
    growth(stats, base, subject, sources).ifPresent(findings::add);
    if (findings.isEmpty() && finished.isEmpty() && stats.failed() > 0) {
      // Flink's counters and its history list are cached separately: failures counted but not
      // listed yet
      // are not a healthy job; say so instead of "0 of the last 0 succeeded".
      findings.add(
          new Finding(
              Severity.WARN,
              "flink.checkpoint.history-pending",
              subject,
              stats.failed()
                  + " checkpoint(s) failed, but Flink's checkpoint history does not list them yet;"
                  + " probe again in a few seconds.",
              copy(base).map(),
              sources));
    }
    if (findings.isEmpty()) {
      Evidence e = copy(base);
      putHistory(e, stats, now);
      if (last != null) {
        e.put("lastDurationMs", last.endToEndDurationMillis())
            .put(
                "lastCompletedAgo",
                Evidence.duration(Math.max(0, now - last.latestAckTimestamp())));
      }
      findings.add(
          new Finding(
              Severity.OK,
              "flink.checkpoint.healthy",
              subject,
              "Checkpoints complete: "
                  + (finished.size() - failed.size())
                  + " of the last "
                  + finished.size()
                  + " succeeded.",
              e.map(),
              sources));
    }
    if (!findings.isEmpty() && !findings.get(0).evidence().containsKey("checkpointHistory")) {
      Finding first = findings.get(0);
      Evidence e = new Evidence();
      first.evidence().forEach(e::put);
      putHistory(e, stats, now);
      findings.set(
          0,
          new Finding(
              first.severity(),
              first.code(),
              first.subject(),
              first.summary(),
              e.map(),
              first.sources()));
    }
    return findings;
  }

  /** Most checkpoints {@code checkpointHistory} lists; the newest are kept. */
  static final int MAX_HISTORY = 30;

  /**
   * Adds {@code checkpointHistory}, the recent checkpoints oldest first for a picture, as {@code
   * id:status:durationMs:triggeredMsAgo} separated by commas (once, on the first finding: the
   * others would only repeat it).
   */
  private static void putHistory(Evidence e, CheckpointStats stats, long now) {
    List<CheckpointEntry> newestFirst =
        stats.history().stream().limit(MAX_HISTORY).collect(Collectors.toList());
    if (newestFirst.isEmpty()) {
      return;
    }
    java.util.Collections.reverse(newestFirst);
    e.put(
        "checkpointHistory",
        newestFirst.stream()
            .map(
                c ->
                    c.id()
                        + ":"
                        + c.status()
                        + ":"
                        + Math.max(0, c.endToEndDurationMillis())
                        + ":"
                        + (c.triggerTimestamp() > 0 ? Math.max(0, now - c.triggerTimestamp()) : -1))
            .collect(Collectors.joining(",")));
  }

  private static java.util.Optional<Finding> stale(
      FlinkHealthSnapshot s,
      CheckpointStats stats,
      CheckpointSettings settings,
      Evidence base,
      String subject,
      List<String> sources) {
    if (settings == null || !s.job().isRunning()) {
      return java.util.Optional.empty();
    }
    // A checkpoint is due every interval and may take up to the timeout; three intervals (or one
    // interval plus the timeout) without a completed one means recovery would replay that much.
    long allowed =
        Math.max(
            3 * settings.intervalMillis(), settings.intervalMillis() + settings.timeoutMillis());
    CheckpointEntry last = stats.latestCompleted();
    long runningSince =
        s.status().enteredAt("RUNNING") > 0
            ? s.status().enteredAt("RUNNING")
            : s.job().startTimeMillis();
    long reference = last != null ? last.latestAckTimestamp() : runningSince;
    long age = s.nowMillis() - reference;
    if (reference <= 0 || age <= allowed) {
      return java.util.Optional.empty();
    }
    Evidence e =
        copy(base)
            .put(last == null ? "runningFor" : "lastCompletedAgo", Evidence.duration(age))
            .put("allowedMs", allowed);
    String what =
        last == null
            ? "No checkpoint has completed in the "
                + Evidence.duration(age)
                + " the job has been running"
            : "The last completed checkpoint is " + Evidence.duration(age) + " old";
    return java.util.Optional.of(
        new Finding(
            Severity.CRITICAL,
            "flink.checkpoint.stale",
            subject,
            what
                + " (expected one every "
                + Evidence.duration(settings.intervalMillis())
                + "): a restart now would replay everything since.",
            e.map(),
            sources));
  }

  private static void delays(
      CheckpointDetail detail,
      CheckpointSettings settings,
      Evidence base,
      String subject,
      List<String> sources,
      List<Finding> findings) {
    long startLimit =
        settings == null
            ? START_DELAY_MILLIS
            : Math.min(START_DELAY_MILLIS, Math.max(100, settings.timeoutMillis() / 2));
    CheckpointDetail.VertexAck worstStart = null;
    CheckpointDetail.VertexAck worstAlign = null;
    for (CheckpointDetail.VertexAck a : detail.vertices()) {
      if (a.maxStartDelayMillis() != null
          && (worstStart == null || a.maxStartDelayMillis() > worstStart.maxStartDelayMillis())) {
        worstStart = a;
      }
      long align = a.maxAlignmentMillis() == null ? 0 : a.maxAlignmentMillis();
      if ((align >= ALIGNMENT_MILLIS || a.alignmentBuffered() >= ALIGNMENT_BYTES)
          && (worstAlign == null
              || align
                  > (worstAlign.maxAlignmentMillis() == null
                      ? 0
                      : worstAlign.maxAlignmentMillis()))) {
        worstAlign = a;
      }
    }
    if (worstStart != null && worstStart.maxStartDelayMillis() >= startLimit) {
      findings.add(
          new Finding(
              Severity.WARN,
              "flink.checkpoint.start-delay",
              subject + " / vertex " + worstStart.vertexName(),
              "Checkpoint "
                  + detail.id()
                  + "'s barrier reached '"
                  + worstStart.vertexName()
                  + "' "
                  + Evidence.duration(worstStart.maxStartDelayMillis())
                  + " after it was triggered: it waited behind full buffers (backpressure"
                  + " downstream).",
              copy(base)
                  .put("checkpointId", detail.id())
                  .put("vertex", worstStart.vertexName())
                  .put("vertexId", worstStart.vertexId())
                  .put("startDelayMs.max", worstStart.maxStartDelayMillis())
                  .map(),
              sources));
    }
    if (worstAlign != null) {
      findings.add(
          new Finding(
              Severity.WARN,
              "flink.checkpoint.alignment",
              subject + " / vertex " + worstAlign.vertexName(),
              "Barrier alignment at '"
                  + worstAlign.vertexName()
                  + "' is slow or buffers much data; unaligned checkpoints"
                  + " (execution.checkpointing.unaligned: true) or buffer debloating avoid the"
                  + " wait.",
              copy(base)
                  .put("checkpointId", detail.id())
                  .put("vertex", worstAlign.vertexName())
                  .put("alignmentMs.max", worstAlign.maxAlignmentMillis())
                  .put("alignmentBuffered", worstAlign.alignmentBuffered())
                  .map(),
              sources));
    }
  }

  private static java.util.Optional<Finding> growth(
      CheckpointStats stats, Evidence base, String subject, List<String> sources) {
    List<CheckpointEntry> completed =
        stats.history().stream()
            .filter(CheckpointEntry::isCompleted)
            .filter(c -> c.stateSize() > 0)
            .toList();
    if (completed.size() < GROWTH_POINTS) {
      return java.util.Optional.empty();
    }
    // History is newest first: growth means each older entry is no larger than the newer one.
    for (int i = 1; i < completed.size(); i++) {
      if (completed.get(i).stateSize() > completed.get(i - 1).stateSize()) {
        return java.util.Optional.empty();
      }
    }
    long newest = completed.get(0).stateSize();
    long oldest = completed.get(completed.size() - 1).stateSize();
    if (newest < GROWTH_FACTOR * oldest) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        new Finding(
            Severity.WARN,
            "flink.checkpoint.state-growth",
            subject,
            "State grew from "
                + oldest
                + " to "
                + newest
                + " bytes over the last "
                + completed.size()
                + " checkpoints without shrinking: unbounded state (no TTL on a join or"
                + " aggregation?).",
            copy(base)
                .put("stateSize.oldest", oldest)
                .put("stateSize.newest", newest)
                .put("checkpoints", completed.size())
                .map(),
            sources));
  }

  private static void putPending(Evidence e, CheckpointDetail detail) {
    if (detail == null || detail.pending().isEmpty()) {
      return;
    }
    CheckpointDetail.VertexAck first = detail.pending().get(0);
    e.put("checkpointId", detail.id())
        .put("pendingVertices", names(detail.pending()))
        .put("firstPendingVertex", first.vertexName())
        .put("firstPendingVertexId", first.vertexId());
    for (CheckpointDetail.VertexAck a : detail.vertices()) {
      e.put(
          "ack[" + a.vertexName() + "]",
          a.acknowledged()
              + "/"
              + a.subtasks()
              + (a.maxStartDelayMillis() == null
                  ? ""
                  : " startDelay=" + a.maxStartDelayMillis() + "ms"));
    }
  }

  private static String subject(String subject, CheckpointDetail detail) {
    return detail == null || detail.pending().isEmpty()
        ? subject
        : subject + " / vertex " + detail.pending().get(0).vertexName();
  }

  private static String names(List<CheckpointDetail.VertexAck> acks) {
    return acks.stream().map(a -> "'" + a.vertexName() + "'").collect(Collectors.joining(", "));
  }

  private static Evidence copy(Evidence base) {
    Evidence e = new Evidence();
    base.map().forEach(e::put);
    return e;
  }
}
