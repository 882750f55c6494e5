package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Classifies a job's exception history by root cause ({@link FailureCause}): one finding per cause,
 * most recent cause first, with how often it happened in the window, the root cause (the deepest
 * link of the cause chain that is not a wrapper, {@link FlinkException#rootCause()}), the exception
 * it surfaced as, and the failing vertex. Pure.
 *
 * <p>Codes: {@code flink.exception.<cause>} (e.g. {@code flink.exception.commit-conflict}, {@code
 * flink.exception.oom}) and {@code flink.exception.none}.
 */
public final class ExceptionAnalyzer {

  /** The codes' fixed part; the rest is a {@link FailureCause#id()}. */
  static final String PREFIX = "flink.exception.";

  private final Duration window;

  public ExceptionAnalyzer(Duration window) {
    this.window = window;
  }

  public ExceptionAnalyzer() {
    this(Duration.ofMinutes(10));
  }

  public List<Finding> analyze(FlinkHealthSnapshot s) {
    if (s.exceptions() == null) {
      return List.of(); // the endpoint failed: the failure is reported on its own
    }
    String subject = "flink job " + s.job().name();
    List<String> sources = s.endpoints().stream().filter(p -> p.contains("/exceptions")).toList();
    if (s.exceptions().isEmpty()) {
      return List.of(
          new Finding(
              Severity.OK,
              "flink.exception.none",
              subject,
              "The job's exception history is empty.",
              new Evidence().put("job", s.job().name()).map(),
              sources));
    }
    long since = s.nowMillis() - window.toMillis();
    Map<FailureCause, List<FlinkException>> byCause = new LinkedHashMap<>();
    for (FlinkException e : s.exceptions()) {
      byCause.computeIfAbsent(FailureCause.classify(e), k -> new ArrayList<>()).add(e);
    }
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<FailureCause, List<FlinkException>> entry : byCause.entrySet()) {
      FailureCause cause = entry.getKey();
      FlinkException latest = entry.getValue().get(0);
      int recent = RestartAnalyzer.failovers(entry.getValue(), since);
      Severity severity =
          recent == 0
              ? Severity.INFO
              : recent >= RestartAnalyzer.LOOP_FAILURES ? Severity.CRITICAL : Severity.WARN;
      Evidence e =
          new Evidence()
              .put("job", s.job().name())
              .put("cause", cause.id())
              .put("exception", latest.exceptionName())
              .put("message", latest.message())
              .put("rootCause", latest.rootCause().toString())
              .put("rootCauseClass", latest.rootCause().className())
              .put("vertex", latest.vertexName())
              .put("task", latest.taskName())
              .put("endpoint", latest.endpoint())
              .put("failuresInWindow", recent)
              .put("entries", entry.getValue().size())
              .put(
                  "lastSeenAgo",
                  Evidence.duration(Math.max(0, s.nowMillis() - latest.timestampMillis())));
      findings.add(
          new Finding(
              severity,
              PREFIX + cause.id(),
              subject + (latest.vertexName() == null ? "" : " / vertex " + latest.vertexName()),
              summary(cause, latest, recent),
              e.map(),
              sources));
    }
    return findings;
  }

  private String summary(FailureCause cause, FlinkException latest, int recent) {
    String where = latest.vertexName() == null ? "" : " in '" + latest.vertexName() + "'";
    String when =
        recent == 0
            ? " (not in the last " + Evidence.duration(window.toMillis()) + ")"
            : " (" + recent + "x in the last " + Evidence.duration(window.toMillis()) + ")";
    String what =
        switch (cause) {
          case COMMIT_CONFLICT ->
              "Lake table commit conflict"
                  + where
                  + ": another job compacted or committed the same files; two writers that both"
                  + " compact keep failing each other (use write-only writers plus one compaction"
                  + " job)";
          case OUT_OF_MEMORY -> "Out of memory" + where;
          case CHECKPOINT_TIMEOUT ->
              "Failed on checkpoint failures"
                  + where
                  + " (checkpoints expired or exceeded the tolerable failure count)";
          case CDC_SOURCE -> "CDC source failure" + where + " (binlog reading)";
          case DESERIALIZATION ->
              "Deserialization error" + where + ": a record could not be parsed";
          case KAFKA_SOURCE -> "Kafka source failure" + where;
          case SINK_FAILURE -> "Sink failure" + where;
          case TASK_FAILURE -> "Task failure" + where;
        };
    ExceptionLink root = latest.rootCause();
    String wrapped =
        root.className().equals(latest.exceptionName())
            ? ""
            : " (surfaced as " + latest.exceptionName() + ")";
    return what + ": " + root + wrapped + when + ".";
  }
}
