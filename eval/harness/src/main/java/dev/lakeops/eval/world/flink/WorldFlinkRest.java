package dev.lakeops.eval.world.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flink's REST API over a {@link FlinkWorld}: the documents of {@code /v1/overview}, {@code
 * /v1/jobs/overview}, a job, its vertices' metrics, backpressure and watermarks, its exceptions,
 * checkpoints and their details, in the shapes Flink 2.x sends (field names, string-typed metric
 * values, key order as recorded from a real cluster in the tools' fixtures), all computed from the
 * world's state at its clock's instant. A path the API does not have answers as Flink does: 404.
 */
public final class WorldFlinkRest implements FlinkRest {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Pattern JOB = Pattern.compile("/v1/jobs/([0-9a-f]{32})(/.*)?");
  private static final Pattern VERTEX =
      Pattern.compile("/vertices/([0-9a-f]{32})/(metrics|backpressure|watermarks)");
  private static final Pattern DETAIL =
      Pattern.compile("/checkpoints/details/(\\d+)(/subtasks/([0-9a-f]{32}))?");
  private static final String EXPIRED = "Checkpoint expired before completing.";
  private static final int HISTORY = 10;

  /** The task states Flink counts per vertex and per job, in the order it sends them. */
  private static final List<String> TASK_STATES =
      List.of(
          "CREATED",
          "SCHEDULED",
          "FAILED",
          "CANCELED",
          "CANCELING",
          "FINISHED",
          "INITIALIZING",
          "RECONCILING",
          "DEPLOYING",
          "RUNNING");

  private final FlinkWorld world;
  private final List<String> requested = new ArrayList<>();

  public WorldFlinkRest(FlinkWorld world) {
    this.world = world;
  }

  @Override
  public String baseUrl() {
    return "http://" + world.name() + ".world:8081";
  }

  /** The paths asked for, in order. */
  public synchronized List<String> requested() {
    return List.copyOf(requested);
  }

  @Override
  public synchronized JsonNode get(String path) {
    requested.add(path);
    String bare = path;
    String query = "";
    int q = path.indexOf('?');
    if (q >= 0) {
      bare = path.substring(0, q);
      query = URLDecoder.decode(path.substring(q + 1), StandardCharsets.UTF_8);
    }
    long now = world.now();
    if (bare.equals("/v1/overview")) {
      return overview(now);
    }
    if (bare.equals("/v1/jobs/overview")) {
      ObjectNode body = JSON.objectNode();
      ArrayNode jobs = body.putArray("jobs");
      world.jobs().forEach(j -> jobs.add(jobOverview(j, now)));
      return body;
    }
    Matcher m = JOB.matcher(bare);
    if (m.matches()) {
      FlinkJobModel job =
          world.jobs().stream().filter(j -> j.id().equals(m.group(1))).findFirst().orElse(null);
      if (job != null) {
        JsonNode answer = jobPart(job, m.group(2) == null ? "" : m.group(2), query, now);
        if (answer != null) {
          return answer;
        }
      }
    }
    throw new ProbeException(
        ProbeException.Code.NOT_FOUND, "GET " + path, "Flink REST has no such resource (HTTP 404)");
  }

  private JsonNode jobPart(FlinkJobModel job, String rest, String query, long now) {
    if (rest.isEmpty()) {
      return job(job, now);
    }
    Matcher v = VERTEX.matcher(rest);
    if (v.matches()) {
      int index = vertexIndex(job, v.group(1));
      if (index < 0) {
        return null;
      }
      return switch (v.group(2)) {
        case "metrics" -> vertexMetrics(job, index, query, now);
        case "backpressure" -> backpressure(job, index, now);
        default -> JSON.arrayNode();
      };
    }
    Matcher d = DETAIL.matcher(rest);
    if (d.matches()) {
      return checkpointDetail(job, Long.parseLong(d.group(1)), d.group(3), now);
    }
    return switch (rest) {
      case "/metrics" -> jobMetrics(job, query, now);
      case "/exceptions" -> exceptions(job, now);
      case "/checkpoints" -> checkpoints(job, now);
      case "/checkpoints/config" -> checkpointConfig(job);
      default -> null;
    };
  }

  private ObjectNode overview(long now) {
    ObjectNode o = JSON.objectNode();
    int slots = world.jobs().stream().mapToInt(j -> maxParallelism(j)).sum();
    long running = world.jobs().stream().filter(j -> j.state(now).equals("RUNNING")).count();
    o.put("taskmanagers", Math.max(1, (slots + 3) / 4));
    o.put("slots-total", Math.max(4, slots));
    o.put("slots-available", Math.max(0, Math.max(4, slots) - (int) running * 2));
    o.put("jobs-running", running);
    o.put("jobs-finished", 0);
    o.put(
        "jobs-cancelled",
        world.jobs().stream().filter(j -> j.state(now).equals("CANCELED")).count());
    o.put("jobs-failed", world.jobs().stream().filter(j -> j.state(now).equals("FAILED")).count());
    o.put("flink-version", world.version());
    o.put("flink-commit", "c0f8d1a");
    return o;
  }

  private ObjectNode jobOverview(FlinkJobModel job, long now) {
    ObjectNode o = JSON.objectNode();
    String state = job.state(now);
    Long end = job.endMs(now);
    o.put("jid", job.id());
    o.put("name", job.name());
    o.put("jobType", "STREAMING");
    o.put("schedulerType", "Default");
    o.put("start-time", job.startMs());
    o.put("end-time", end == null ? -1 : end);
    o.put("duration", (end == null ? now : end) - job.startMs());
    o.put("state", state);
    o.put("last-modification", Math.max(job.startMs(), job.lastRestartMs(now)));
    int total = job.vertices().stream().mapToInt(VertexModel::parallelism).sum();
    ObjectNode tasks = o.putObject("tasks");
    boolean running = state.equals("RUNNING");
    tasks.put("running", running ? total : 0);
    tasks.put("canceling", 0);
    tasks.put("canceled", state.equals("CANCELED") ? total : 0);
    tasks.put("total", total);
    tasks.put("created", 0);
    tasks.put("scheduled", 0);
    tasks.put("deploying", 0);
    tasks.put("reconciling", 0);
    tasks.put("finished", 0);
    tasks.put("initializing", 0);
    tasks.put("failed", state.equals("FAILED") ? total : 0);
    o.put("pending-operators", 0);
    return o;
  }

  private ObjectNode job(FlinkJobModel job, long now) {
    String state = job.state(now);
    Long end = job.endMs(now);
    ObjectNode o = JSON.objectNode();
    o.put("jid", job.id());
    o.put("application-id", job.id());
    o.put("name", job.name());
    o.put("isStoppable", false);
    o.put("state", state);
    o.put("job-type", "STREAMING");
    o.put("schedulerType", "Default");
    o.put("start-time", job.startMs());
    o.put("end-time", end == null ? -1 : end);
    o.put("duration", (end == null ? now : end) - job.startMs());
    o.put("maxParallelism", -1);
    o.put("now", now);
    ObjectNode ts = o.putObject("timestamps");
    for (String s :
        List.of(
            "RECONCILING",
            "RESTARTING",
            "RUNNING",
            "CANCELED",
            "FAILING",
            "CANCELLING",
            "SUSPENDED",
            "INITIALIZING",
            "CREATED",
            "FAILED",
            "FINISHED")) {
      long at =
          switch (s) {
            case "INITIALIZING" -> job.startMs();
            case "CREATED" -> job.startMs() + 300;
            case "RUNNING" -> Math.max(job.startMs() + 500, job.lastRestartMs(now));
            case "RESTARTING" -> job.lastRestartMs(now) == 0 ? 0 : job.lastRestartMs(now) - 400;
            default -> s.equals(state) && end != null ? end : 0;
          };
      ts.put(s, at);
    }
    ArrayNode vertices = o.putArray("vertices");
    boolean running = state.equals("RUNNING");
    long uptime = now - Math.max(job.startMs(), job.lastRestartMs(now));
    for (int i = 0; i < job.vertices().size(); i++) {
      VertexModel v = job.vertices().get(i);
      ObjectNode vn = vertices.addObject();
      vn.put("id", v.id());
      vn.put("slotSharingGroupId", FlinkJobModel.hexId(job.name() + "/slots"));
      vn.put("name", v.name());
      vn.put("maxParallelism", 128);
      vn.put("parallelism", v.parallelism());
      vn.put("status", running ? "RUNNING" : state.equals("FAILED") ? "FAILED" : "CANCELED");
      vn.put("start-time", job.startMs() + 700);
      vn.put("end-time", end == null ? -1 : end);
      vn.put("duration", (end == null ? now : end) - job.startMs() - 700);
      ObjectNode tasks = vn.putObject("tasks");
      for (String s : TASK_STATES) {
        boolean here =
            s.equals(running ? "RUNNING" : state.equals("FAILED") ? "FAILED" : "CANCELED");
        tasks.put(s, here ? v.parallelism() : 0);
      }
      double[][] loads = job.loads(i, now);
      double records = 0;
      double busy = 0;
      double bp = 0;
      double idle = 0;
      for (double[] l : loads) {
        records += l[3];
        busy += l[0];
        bp += l[1];
        idle += l[2];
      }
      long seconds = Math.max(1, uptime / 1000);
      ObjectNode metrics = vn.putObject("metrics");
      long read = i == 0 ? 0 : Math.round(records * seconds);
      long written = Math.round(records * seconds);
      metrics.put("read-bytes", read * 22);
      metrics.put("read-bytes-complete", true);
      metrics.put("write-bytes", written * 21);
      metrics.put("write-bytes-complete", true);
      metrics.put("read-records", read);
      metrics.put("read-records-complete", true);
      metrics.put("write-records", written);
      metrics.put("write-records-complete", true);
      metrics.put("accumulated-backpressured-time", Math.round(bp * seconds / loads.length));
      metrics.put("accumulated-idle-time", Math.round(idle * seconds / loads.length));
      metrics.put("accumulated-busy-time", Math.round(busy * seconds / loads.length));
    }
    ObjectNode counts = o.putObject("status-counts");
    for (String s : TASK_STATES) {
      boolean here = s.equals(running ? "RUNNING" : state.equals("FAILED") ? "FAILED" : "CANCELED");
      counts.put(s, here ? job.vertices().size() : 0);
    }
    o.set("plan", plan(job));
    o.put("pending-operators", 0);
    return o;
  }

  private ObjectNode plan(FlinkJobModel job) {
    ObjectNode plan = JSON.objectNode();
    plan.put("jid", job.id());
    plan.put("name", job.name());
    plan.put("type", "STREAMING");
    ArrayNode nodes = plan.putArray("nodes");
    for (int i = job.vertices().size() - 1; i >= 0; i--) {
      VertexModel v = job.vertices().get(i);
      ObjectNode n = nodes.addObject();
      n.put("id", v.id());
      n.put("operator", "");
      n.put("parallelism", v.parallelism());
      n.put("operator_strategy", "");
      n.put("description", v.name() + "<br/>");
      n.putObject("optimizer_properties");
      if (i > 0) {
        ObjectNode input = n.putArray("inputs").addObject();
        input.put("id", job.vertices().get(i - 1).id());
        input.put("num", 0);
        input.put("exchange", "pipelined_bounded");
        input.put("ship_strategy", job.shipStrategy(i));
      }
    }
    return plan;
  }

  private JsonNode vertexMetrics(FlinkJobModel job, int index, String query, long now) {
    VertexModel v = job.vertices().get(index);
    String operator = v.name().replaceAll("[^A-Za-z0-9_-]", "_");
    boolean source = index == 0;
    if (query.isEmpty()) {
      ArrayNode list = JSON.arrayNode();
      for (int i = 0; i < v.parallelism(); i++) {
        for (String id : available(job, operator, source, i, now).keySet()) {
          list.addObject().put("id", id);
        }
      }
      return list;
    }
    if (!query.startsWith("get=")) {
      return JSON.arrayNode();
    }
    Set<String> wanted = new LinkedHashSet<>(List.of(query.substring(4).split(",")));
    ArrayNode answer = JSON.arrayNode();
    for (int i = 0; i < v.parallelism(); i++) {
      for (Map.Entry<String, String> e : available(job, operator, source, i, now).entrySet()) {
        if (wanted.contains(e.getKey())) {
          answer.addObject().put("id", e.getKey()).put("value", e.getValue());
        }
      }
    }
    return answer;
  }

  /** The metrics subtask {@code i} of a vertex reports, by id, with Flink's string values. */
  private Map<String, String> available(
      FlinkJobModel job, String operator, boolean source, int i, long now) {
    int index =
        source
            ? 0
            : job.vertices()
                .indexOf(
                    job.vertices().stream()
                        .filter(v -> v.name().replaceAll("[^A-Za-z0-9_-]", "_").equals(operator))
                        .findFirst()
                        .orElseThrow());
    double[] load = job.loads(index, now)[i];
    Map<String, String> m = new java.util.LinkedHashMap<>();
    m.put(i + ".busyTimeMsPerSecond", Double.toString(load[0]));
    m.put(i + ".backPressuredTimeMsPerSecond", Long.toString(Math.round(load[1])));
    m.put(i + ".idleTimeMsPerSecond", Long.toString(Math.round(load[2])));
    m.put(i + ".numRecordsInPerSecond", source ? "0.0" : Double.toString(round1(load[3])));
    m.put(i + ".numRecordsOutPerSecond", Double.toString(round1(load[3])));
    m.put(i + ".Shuffle.Netty.Output.Buffers.outputQueueSize", "0");
    SourceFeed feed = job.feed();
    if (source && feed != null) {
      int p = job.vertices().get(0).parallelism();
      double pending = feed.pending(now) / p;
      double written = Math.max(1, feed.written(now));
      m.put(i + "." + operator + ".pendingRecords", Long.toString(Math.round(pending)));
      m.put(
          i + "." + operator + ".currentEmitEventTimeLag",
          Long.toString(Math.round(1000 * pending * p / written)));
      m.put(
          i + "." + operator + ".sourceIdleTime",
          job.throughput(now) > 0 ? "0" : Long.toString(now - job.startMs()));
      m.put(i + "." + operator + ".numRecordsIn", "0");
      for (Map.Entry<Integer, long[]> e : feed.offsets(now).entrySet()) {
        if (e.getKey() % p != i) {
          continue;
        }
        String prefix =
            i + "." + operator + ".KafkaSourceReader.topic." + feed.topic() + ".partition.";
        m.put(prefix + e.getKey() + ".currentOffset", Long.toString(e.getValue()[0]));
        m.put(prefix + e.getKey() + ".committedOffset", Long.toString(e.getValue()[1]));
      }
    }
    return m;
  }

  private ObjectNode backpressure(FlinkJobModel job, int index, long now) {
    ObjectNode o = JSON.objectNode();
    double[][] loads = job.loads(index, now);
    double max = 0;
    ArrayNode subtasks = JSON.arrayNode();
    for (int i = 0; i < loads.length; i++) {
      double ratio = round3(loads[i][1] / 1000);
      max = Math.max(max, ratio);
      String level = level(ratio);
      ObjectNode s = subtasks.addObject();
      s.put("subtask", i);
      s.put("backpressureLevel", level);
      s.put("ratio", ratio);
      s.put("idleRatio", round3(loads[i][2] / 1000));
      s.put("busyRatio", round3(loads[i][0] / 1000));
      s.put("backpressure-level", level);
    }
    o.put("status", "ok");
    o.put("backpressureLevel", level(max));
    o.put("end-timestamp", now);
    o.set("subtasks", subtasks);
    o.put("backpressure-level", level(max));
    return o;
  }

  private JsonNode jobMetrics(FlinkJobModel job, String query, long now) {
    long completed = checkpointsUpTo(job, now, false);
    long failed = checkpointsUpTo(job, now, true);
    Map<String, String> m = new java.util.LinkedHashMap<>();
    m.put("numberOfInProgressCheckpoints", job.state(now).equals("RUNNING") ? "1" : "0");
    m.put("downtime", "0");
    m.put("numberOfFailedCheckpoints", Long.toString(failed));
    m.put("numberOfCompletedCheckpoints", Long.toString(completed));
    m.put("numRestarts", Integer.toString(job.restarts(now)));
    m.put(
        "uptime",
        job.state(now).equals("RUNNING")
            ? Long.toString(now - Math.max(job.startMs(), job.lastRestartMs(now)))
            : "-1");
    m.put("restartingTime", "0");
    Set<String> wanted =
        query.startsWith("get=")
            ? new LinkedHashSet<>(List.of(query.substring(4).split(",")))
            : m.keySet();
    ArrayNode answer = JSON.arrayNode();
    m.forEach(
        (k, v) -> {
          if (wanted.contains(k)) {
            answer.addObject().put("id", k).put("value", v);
          }
        });
    return answer;
  }

  private ObjectNode exceptions(FlinkJobModel job, long now) {
    ObjectNode o = JSON.objectNode();
    ObjectNode history = o.putObject("exceptionHistory");
    ArrayNode entries = history.putArray("entries");
    FlinkFailure f = job.failure();
    List<Long> at = job.failures(now);
    if (f != null) {
      for (int k = at.size() - 1; k >= 0 && entries.size() < 20; k--) {
        ObjectNode e = entries.addObject();
        e.put("exceptionName", f.exceptionClass());
        e.put("stacktrace", f.stackTrace("org.apache.flink.runtime.taskmanager.Task"));
        e.put("timestamp", at.get(k));
        e.putObject("failureLabels");
        String task =
            f.task() == null ? job.vertices().get(job.vertices().size() - 1).name() : f.task();
        e.put("taskName", task + " (1/2) - execution #" + (k + 1));
        e.put("endpoint", "localhost:-1");
        e.put("taskManagerId", FlinkJobModel.hexId(job.name() + "/tm"));
        e.putArray("concurrentExceptions");
      }
    }
    history.put("truncated", at.size() > 20);
    return o;
  }

  private long checkpointsUpTo(FlinkJobModel job, long now, boolean failed) {
    long count = 0;
    long interval = job.checkpointIntervalMs();
    long last = lastTrigger(job, now);
    for (long t = job.startMs() + interval; t <= last; t += interval) {
      if (job.checkpointFails(t) == failed && settled(job, t, now)) {
        count++;
      }
    }
    return count;
  }

  private long lastTrigger(FlinkJobModel job, long now) {
    long end = job.endMs(now) == null ? now : job.endMs(now);
    long interval = job.checkpointIntervalMs();
    return job.startMs() + ((end - job.startMs()) / interval) * interval;
  }

  private boolean settled(FlinkJobModel job, long trigger, long now) {
    long took = job.checkpointFails(trigger) ? job.checkpointTimeoutMs() : 180;
    return trigger + took <= now;
  }

  private ObjectNode checkpoints(FlinkJobModel job, long now) {
    ObjectNode o = JSON.objectNode();
    long completed = checkpointsUpTo(job, now, false);
    long failed = checkpointsUpTo(job, now, true);
    long interval = job.checkpointIntervalMs();
    long last = lastTrigger(job, now);
    ArrayNode history = JSON.arrayNode();
    ObjectNode latestCompleted = null;
    ObjectNode latestFailed = null;
    long inProgress = 0;
    for (long t = last; t > job.startMs() && history.size() < HISTORY; t -= interval) {
      long id = (t - job.startMs()) / interval;
      ObjectNode c = entry(job, id, t, now);
      if (c.path("status").asText().equals("IN_PROGRESS")) {
        inProgress++;
      }
      history.add(c);
    }
    int looked = 0;
    for (long t = last;
        t > job.startMs()
            && looked < 100 * HISTORY
            && (latestFailed == null || latestCompleted == null);
        t -= interval, looked++) {
      if (!settled(job, t, now)) {
        continue;
      }
      long id = (t - job.startMs()) / interval;
      if (job.checkpointFails(t) && latestFailed == null) {
        latestFailed = entry(job, id, t, now);
      } else if (!job.checkpointFails(t) && latestCompleted == null) {
        latestCompleted = entry(job, id, t, now);
      }
    }
    ObjectNode counts = o.putObject("counts");
    counts.put("restored", 0);
    counts.put("total", completed + failed + inProgress);
    counts.put("in_progress", inProgress);
    counts.put("completed", completed);
    counts.put("failed", failed);
    ObjectNode summary = o.putObject("summary");
    for (String k :
        List.of(
            "checkpointed_size",
            "state_size",
            "end_to_end_duration",
            "alignment_buffered",
            "processed_data",
            "persisted_data")) {
      ObjectNode s = summary.putObject(k);
      long v = k.equals("end_to_end_duration") ? 180 : k.endsWith("size") ? 530 : 0;
      s.put("min", v).put("max", v).put("avg", v);
      for (String p : List.of("p50", "p90", "p95", "p99", "p999")) {
        s.put(p, v);
      }
    }
    ObjectNode latest = o.putObject("latest");
    latest.set("completed", latestCompleted == null ? JSON.nullNode() : latestCompleted);
    latest.putNull("savepoint");
    latest.set("failed", latestFailed == null ? JSON.nullNode() : latestFailed);
    latest.putNull("restored");
    o.set("history", history);
    return o;
  }

  private ObjectNode entry(FlinkJobModel job, long id, long trigger, long now) {
    boolean fails = job.checkpointFails(trigger);
    boolean done = settled(job, trigger, now);
    String status = !done ? "IN_PROGRESS" : fails ? "FAILED" : "COMPLETED";
    int subtasks = job.vertices().stream().mapToInt(VertexModel::parallelism).sum();
    int acked = fails ? acknowledgedWhenStuck(job) : done ? subtasks : subtasks / 2;
    long duration = done ? (fails ? job.checkpointTimeoutMs() : 180) : now - trigger;
    ObjectNode c = JSON.objectNode();
    c.put("className", status.toLowerCase(java.util.Locale.ROOT));
    c.put("id", id);
    c.put("status", status);
    c.put("is_savepoint", false);
    c.putNull("savepointFormat");
    c.put("trigger_timestamp", trigger);
    c.put("latest_ack_timestamp", trigger + Math.min(duration, 150));
    c.put("checkpointed_size", 530);
    c.put("state_size", 530);
    c.put("end_to_end_duration", duration);
    c.put("alignment_buffered", 0);
    c.put("processed_data", 0);
    c.put("persisted_data", 0);
    c.put("num_subtasks", subtasks);
    c.put("num_acknowledged_subtasks", acked);
    c.put("checkpoint_type", "CHECKPOINT");
    c.putObject("tasks");
    if (status.equals("FAILED")) {
      c.put("failure_timestamp", trigger + job.checkpointTimeoutMs());
      c.put("failure_message", EXPIRED);
    }
    return c;
  }

  /** Subtasks that acknowledge a checkpoint the stuck vertex holds up: those before it. */
  private static int acknowledgedWhenStuck(FlinkJobModel job) {
    int acked = 0;
    for (VertexModel v : job.vertices()) {
      if (v.id().equals(job.stuckVertex())) {
        break;
      }
      acked += v.parallelism();
    }
    return acked;
  }

  private JsonNode checkpointDetail(FlinkJobModel job, long id, String vertexId, long now) {
    long trigger = job.startMs() + id * job.checkpointIntervalMs();
    if (id <= 0 || trigger > lastTrigger(job, now)) {
      return null;
    }
    ObjectNode c = entry(job, id, trigger, now);
    boolean fails = job.checkpointFails(trigger);
    boolean stuckSeen = false;
    ObjectNode tasks = (ObjectNode) c.get("tasks");
    ObjectNode only = null;
    for (VertexModel v : job.vertices()) {
      stuckSeen |= v.id().equals(job.stuckVertex());
      int acked = fails && stuckSeen ? 0 : v.parallelism();
      ObjectNode t = tasks.putObject(v.id());
      t.put("id", id);
      t.put("status", c.path("status").asText());
      t.put("latest_ack_timestamp", acked == 0 ? -1 : trigger + 120);
      t.put("checkpointed_size", acked == 0 ? 0 : 265);
      t.put("state_size", acked == 0 ? 0 : 265);
      t.put("end_to_end_duration", acked == 0 ? -1 : 120);
      t.put("alignment_buffered", 0);
      t.put("processed_data", 0);
      t.put("persisted_data", 0);
      t.put("num_subtasks", v.parallelism());
      t.put("num_acknowledged_subtasks", acked);
      if (v.id().equals(vertexId)) {
        only = t.deepCopy();
        ArrayNode subtasks = only.putArray("subtasks");
        for (int i = 0; i < v.parallelism(); i++) {
          ObjectNode s = subtasks.addObject();
          s.put("index", i);
          s.put("status", acked == 0 ? "pending_or_failed" : "completed");
          if (acked > 0) {
            s.put("ack_timestamp", trigger + 120);
            s.put("end_to_end_duration", 120);
            s.put("state_size", 265);
            s.put("checkpointed_size", 265);
          }
        }
      }
    }
    if (vertexId != null) {
      return only;
    }
    return c;
  }

  private static ObjectNode checkpointConfig(FlinkJobModel job) {
    ObjectNode o = JSON.objectNode();
    o.put("mode", "exactly_once");
    o.put("interval", job.checkpointIntervalMs());
    o.put("timeout", job.checkpointTimeoutMs());
    o.put("min_pause", 0);
    o.put("max_concurrent", 1);
    o.putObject("externalization").put("enabled", true).put("delete_on_cancellation", false);
    o.put("state_backend", "EmbeddedRocksDBStateBackend");
    o.put("checkpoint_storage", "FileSystemCheckpointStorage");
    o.put("unaligned_checkpoints", false);
    o.put("tolerable_failed_checkpoints", 0);
    o.put("aligned_checkpoint_timeout", 0);
    o.put("checkpoints_after_tasks_finish", true);
    o.put("state_changelog_enabled", false);
    o.put("changelog_periodic_materialization_interval", 600000);
    o.put("changelog_storage", "memory");
    return o;
  }

  private static int vertexIndex(FlinkJobModel job, String id) {
    for (int i = 0; i < job.vertices().size(); i++) {
      if (job.vertices().get(i).id().equals(id)) {
        return i;
      }
    }
    return -1;
  }

  private static int maxParallelism(FlinkJobModel job) {
    return job.vertices().stream().mapToInt(VertexModel::parallelism).max().orElse(1);
  }

  private static String level(double ratio) {
    return ratio > FlinkJobModel.HIGH ? "high" : ratio > FlinkJobModel.LOW ? "low" : "ok";
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
