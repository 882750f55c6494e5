package dev.lakeops.tools.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.JobLookup;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads where a Flink job's Kafka sources are, per partition, from the source vertices' metrics
 * ({@code <subtask>.<operator>.KafkaSourceReader.topic.<topic>.partition.<p>.currentOffset} and
 * {@code .committedOffset}, flink-connector-kafka 3.x to 5.x; the group names between operator and
 * {@code topic} vary, so only the tail is matched). Read-only.
 */
public final class FlinkSourceOffsetsProbe {

  private static final Pattern METRIC =
      Pattern.compile(
          "\\d+\\..+\\.topic\\.(.+)\\.partition\\.(\\d+)\\.(currentOffset|committedOffset)");
  private static final int IDS_PER_REQUEST = 40;

  private final FlinkRest rest;
  private final Clock clock;

  public FlinkSourceOffsetsProbe(FlinkRest rest, Clock clock) {
    this.rest = rest;
    this.clock = clock;
  }

  /**
   * The names of the cluster's running jobs, from {@code /v1/jobs/overview}.
   *
   * @throws ProbeException Flink cannot be read
   */
  public List<String> runningJobs() {
    List<String> names = new ArrayList<>();
    for (JsonNode job : get("/v1/jobs/overview", new ArrayList<>()).path("jobs")) {
      if (job.path("state").asText().equals("RUNNING")) {
        names.add(job.path("name").asText());
      }
    }
    return names;
  }

  /**
   * Captures the source offsets of the job named {@code job} (the running one when several share
   * the name).
   *
   * @throws ProbeException {@code NOT_FOUND} when there is no such job; other codes when Flink
   *     cannot be read
   */
  public FlinkSourceOffsets capture(String job) {
    List<String> endpoints = new ArrayList<>();
    String jobId = jobId(job, endpoints);
    JsonNode details = get("/v1/jobs/" + jobId, endpoints);
    Map<String, long[]> offsets = new LinkedHashMap<>(); // topic-partition -> [current, committed]
    for (JsonNode vertex : details.path("vertices")) {
      if (!vertex.path("name").asText().startsWith("Source:")) {
        continue;
      }
      String base = "/v1/jobs/" + jobId + "/vertices/" + vertex.path("id").asText() + "/metrics";
      List<String> ids = new ArrayList<>();
      for (JsonNode metric : get(base, endpoints)) {
        String id = metric.path("id").asText();
        if (METRIC.matcher(id).matches()) {
          ids.add(id);
        }
      }
      for (int from = 0; from < ids.size(); from += IDS_PER_REQUEST) {
        String list =
            String.join(",", ids.subList(from, Math.min(ids.size(), from + IDS_PER_REQUEST)));
        for (JsonNode value :
            get(base + "?get=" + URLEncoder.encode(list, StandardCharsets.UTF_8), endpoints)) {
          add(offsets, value.path("id").asText(), value.path("value").asText());
        }
      }
    }
    List<FlinkSourcePartition> partitions = new ArrayList<>();
    offsets.forEach(
        (tp, v) -> {
          if (v[0] >= 0) {
            int dash = tp.lastIndexOf('-');
            partitions.add(
                new FlinkSourcePartition(
                    tp.substring(0, dash),
                    Integer.parseInt(tp.substring(dash + 1)),
                    v[0],
                    v[1] >= 0 ? v[1] : null));
          }
        });
    return new FlinkSourceOffsets(job, clock.instant(), partitions, endpoints);
  }

  private static void add(Map<String, long[]> offsets, String id, String value) {
    Matcher m = METRIC.matcher(id);
    if (!m.matches()) {
      return;
    }
    long parsed;
    try {
      parsed = (long) Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return; // "NaN" or empty before the first fetch
    }
    long[] slot = offsets.computeIfAbsent(m.group(1) + "-" + m.group(2), k -> new long[] {-1, -1});
    slot[m.group(3).equals("currentOffset") ? 0 : 1] = parsed;
  }

  private String jobId(String job, List<String> endpoints) {
    try {
      return new JobLookup(rest, endpoints).resolve(job).jobId();
    } catch (ProbeException e) {
      if (e.code() != ProbeException.Code.NOT_FOUND) {
        throw e;
      }
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          e.endpoint(),
          "no Flink job named '" + job + "' at " + rest.baseUrl());
    }
  }

  private JsonNode get(String path, List<String> endpoints) {
    endpoints.add("GET " + rest.baseUrl() + path);
    return rest.get(path);
  }
}
