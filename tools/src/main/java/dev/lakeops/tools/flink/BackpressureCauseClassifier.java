package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Says why a bottleneck is slow by comparing its subtasks ({@code flink-rest.md} §5.1 step 4): a
 * few hot subtasks next to idle siblings is key skew; every subtask busy is a capacity problem, or
 * a slow external system when the vertex is a sink or calls one. Pure.
 *
 * <p>Codes: {@code flink.backpressure.key-skew}, {@code flink.backpressure.capacity}.
 */
final class BackpressureCauseClassifier {

  /** A subtask at or above this busy share is hot. */
  static final double HOT = 0.5;

  /** Hot subtasks against siblings at most this share of the hottest: the load is uneven. */
  static final double COLD_SHARE = 1.0 / 3;

  private BackpressureCauseClassifier() {}

  static Optional<Finding> classify(FlinkJobSnapshot snapshot, VertexSample v) {
    List<SubtaskLoad> loads =
        v.subtasks().stream().filter(l -> l.busyMsPerSecond() != null).toList();
    if (loads.isEmpty()) {
      return Optional.empty();
    }
    double max = v.max(SubtaskLoad::busyMsPerSecond).orElse(0);
    double avg = v.average(SubtaskLoad::busyMsPerSecond).orElse(0);
    List<SubtaskLoad> hot = loads.stream().filter(l -> l.busyMsPerSecond() >= HOT * 1000).toList();
    List<SubtaskLoad> cold =
        loads.stream().filter(l -> l.busyMsPerSecond() <= COLD_SHARE * max).toList();
    Evidence e =
        new Evidence()
            .put("job", snapshot.job().name())
            .put("vertex", v.vertex().name())
            .put("vertexId", v.vertex().id())
            .put("parallelism", v.vertex().parallelism())
            .put("busyMsPerSecond.max", max)
            .put("busyMsPerSecond.avg", avg)
            .put(
                "busyMsPerSecond.min",
                v.subtasks().stream()
                    .map(SubtaskLoad::busyMsPerSecond)
                    .filter(b -> b != null)
                    .mapToDouble(Double::doubleValue)
                    .min()
                    .orElse(0))
            .put("busySkew", avg > 0 ? max / avg : null);
    OptionalDouble inMax = v.max(SubtaskLoad::recordsInPerSecond);
    OptionalDouble inAvg = v.average(SubtaskLoad::recordsInPerSecond);
    if (inMax.isPresent() && inAvg.isPresent() && inAvg.getAsDouble() > 0) {
      e.put("recordsInPerSecond.max", inMax.getAsDouble())
          .put("recordsInPerSecond.avg", inAvg.getAsDouble())
          .put("recordsInSkew", inMax.getAsDouble() / inAvg.getAsDouble());
    }
    String subject = "flink job " + snapshot.job().name() + " / vertex " + v.vertex().name();
    List<String> sources =
        snapshot.endpoints().stream().filter(p -> p.contains(v.vertex().id())).toList();
    if (loads.size() >= 2 && !hot.isEmpty() && !cold.isEmpty()) {
      String hotIds =
          hot.stream().map(l -> Integer.toString(l.subtask())).collect(Collectors.joining(","));
      e.put("hotSubtasks", hotIds).put("coldSubtasks", cold.size());
      return Optional.of(
          new Finding(
              Severity.WARN,
              "flink.backpressure.key-skew",
              subject,
              "Key skew: "
                  + hot.size()
                  + " of "
                  + loads.size()
                  + " subtasks of '"
                  + v.vertex().name()
                  + "' are busy (subtask "
                  + hotIds
                  + " at "
                  + Evidence.number(max)
                  + " ms/s) while "
                  + cold.size()
                  + " stay near idle (average "
                  + Evidence.number(avg)
                  + " ms/s): a few keys carry most records. More parallelism will not help; salt or"
                  + " pre-aggregate the hot keys.",
              e.map(),
              sources));
    }
    if (hot.size() == loads.size()) {
      boolean sink = snapshot.downstreamOf(v.vertex().id()).isEmpty();
      return Optional.of(
          new Finding(
              Severity.WARN,
              "flink.backpressure.capacity",
              subject,
              "All "
                  + loads.size()
                  + " subtasks of '"
                  + v.vertex().name()
                  + "' are busy ("
                  + Evidence.number(avg)
                  + " ms/s on average): "
                  + (sink
                      ? "the sink cannot write faster; check the external system before adding"
                          + " parallelism."
                      : "the operator needs more parallelism or cheaper work per record, or waits"
                          + " on an external call (an ON_CPU vs OFF_CPU flame graph tells"
                          + " which)."),
              e.put("role", sink ? "sink" : "intermediate").map(),
              sources));
    }
    return Optional.empty();
  }
}
