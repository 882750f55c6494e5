package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Picks and reads the source metrics of a vertex. Ids carry the subtask index and the sanitised
 * operator name ({@code 0.Source__kafka-events.pendingRecords}); the Kafka source adds
 * per-partition offsets ({@code ...KafkaSourceReader.topic.events.partition.0.currentOffset}), so
 * the probe lists a source vertex's metric ids first and asks only for these ({@code flink-rest.md}
 * §6).
 */
final class SourceMetricsJson {

  static final String PENDING = "pendingRecords";
  static final String LAG_MAX = "records-lag-max";
  static final String FETCH_LAG = "currentFetchEventTimeLag";
  static final String EMIT_LAG = "currentEmitEventTimeLag";
  static final String WATERMARK_LAG = "watermarkLag";
  static final String SOURCE_IDLE = "sourceIdleTime";
  private static final Set<String> OPERATOR_METRICS =
      Set.of(PENDING, LAG_MAX, FETCH_LAG, EMIT_LAG, WATERMARK_LAG, SOURCE_IDLE);
  private static final Set<String> TASK_METRICS =
      Set.of(FlinkRestJson.IDLE, "numRecordsOutPerSecond");
  private static final Pattern PARTITION =
      Pattern.compile(".*\\.topic\\.(.+)\\.partition\\.(\\d+)\\.(currentOffset|committedOffset)");

  private SourceMetricsJson() {}

  /** The ids worth reading out of a vertex's metric list ({@code GET /vertices/:vid/metrics}). */
  static List<String> wanted(String endpoint, JsonNode list) {
    if (!list.isArray()) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST answer is not a JSON array of metric ids");
    }
    List<String> ids = new ArrayList<>();
    for (JsonNode m : list) {
      String id = m.path("id").asText();
      int dot = id.indexOf('.');
      if (dot <= 0) {
        continue;
      }
      String rest = id.substring(dot + 1);
      String last = rest.substring(rest.lastIndexOf('.') + 1);
      boolean operator =
          rest.contains(".")
              && (OPERATOR_METRICS.contains(last) || PARTITION.matcher(rest).matches());
      if (operator || TASK_METRICS.contains(rest)) {
        ids.add(id);
      }
    }
    ids.sort(null);
    return ids;
  }

  /** Aggregates the values of {@code GET /vertices/:vid/metrics?get=...} over subtasks. */
  static SourceSample sample(FlinkVertex vertex, List<JsonNode> answers) {
    Agg pending = new Agg();
    Agg lagMax = new Agg();
    Agg fetch = new Agg();
    Agg emit = new Agg();
    Agg watermark = new Agg();
    Agg idleTime = new Agg();
    Agg idle = new Agg();
    Agg out = new Agg();
    Map<String, double[]> partitions = new TreeMap<>();
    for (JsonNode answer : answers) {
      for (JsonNode m : answer) {
        String id = m.path("id").asText();
        Double v = FlinkRestJson.number(m.path("value"));
        int dot = id.indexOf('.');
        if (v == null || dot <= 0) {
          continue;
        }
        String rest = id.substring(dot + 1);
        String last = rest.substring(rest.lastIndexOf('.') + 1);
        Matcher p = PARTITION.matcher(rest);
        if (p.matches()) {
          double[] offsets =
              partitions.computeIfAbsent(
                  p.group(1) + "\u0000" + p.group(2), k -> new double[] {Double.NaN, Double.NaN});
          offsets[p.group(3).equals("currentOffset") ? 0 : 1] = v;
        } else if (rest.equals(FlinkRestJson.IDLE)) {
          idle.add(v);
        } else if (rest.equals("numRecordsOutPerSecond")) {
          out.add(v);
        } else if (rest.contains(".")) {
          switch (last) {
            case PENDING -> pending.add(v);
            case LAG_MAX -> lagMax.add(v);
            case FETCH_LAG -> fetch.add(v);
            case EMIT_LAG -> emit.add(v);
            case WATERMARK_LAG -> watermark.add(v);
            case SOURCE_IDLE -> idleTime.add(v);
            default -> {}
          }
        }
      }
    }
    List<SourceSample.PartitionOffsets> offsets = new ArrayList<>();
    partitions.forEach(
        (key, o) -> {
          String[] tp = key.split("\u0000");
          if (!Double.isNaN(o[0])) {
            offsets.add(
                new SourceSample.PartitionOffsets(
                    tp[0], Integer.parseInt(tp[1]), o[0], Double.isNaN(o[1]) ? null : o[1]));
          }
        });
    return new SourceSample(
        vertex,
        pending.sum(),
        lagMax.max(),
        fetch.maxNonNegative(),
        emit.maxNonNegative(),
        watermark.maxNonNegative(),
        idleTime.min(),
        idle.avg(),
        out.sum(),
        offsets);
  }

  /** Collects one metric's values over subtasks. */
  private static final class Agg {
    private final List<Double> values = new ArrayList<>();

    void add(double v) {
      values.add(v);
    }

    @Nullable Double sum() {
      return values.isEmpty() ? null : values.stream().mapToDouble(Double::doubleValue).sum();
    }

    @Nullable Double max() {
      return values.isEmpty()
          ? null
          : values.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
    }

    /** Lags are -1 (or Long.MIN) while a reader has emitted nothing with a timestamp: not a lag. */
    @Nullable Double maxNonNegative() {
      return values.stream()
          .filter(v -> v >= 0)
          .mapToDouble(Double::doubleValue)
          .boxed()
          .max(Double::compare)
          .orElse(null);
    }

    @Nullable Double min() {
      return values.isEmpty()
          ? null
          : values.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
    }

    @Nullable Double avg() {
      return values.isEmpty()
          ? null
          : values.stream().mapToDouble(Double::doubleValue).average().getAsDouble();
    }
  }
}
