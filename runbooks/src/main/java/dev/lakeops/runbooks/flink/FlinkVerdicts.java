package dev.lakeops.runbooks.flink;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Turns a Flink job's backpressure and health reports into one verdict. The first that holds wins:
 * the job cannot be read; a restart loop; the job is down; checkpoints failing; backpressure; source
 * lag; a monitoring artefact with nothing else wrong; healthy.
 */
final class FlinkVerdicts {

  private FlinkVerdicts() {}

  static Verdict conclude(String job, String cluster, ToolReport backpressure, @Nullable ToolReport health) {
    Map<String, String> entities = new LinkedHashMap<>();
    entities.put("job", job);
    entities.put("cluster", cluster);
    if (backpressure.status() == ToolReport.Status.NO_DATA) {
      return new Verdict(Category.NOT_FOUND, backpressure.error(), entities, List.of(), Confidence.HIGH,
          List.of("Check the job name in the alert rule against the cluster's job list (./lakeops flink jobs --cluster " + cluster + ").",
              "If the job was redeployed under another name, update the alert's job_name label."));
    }
    if (backpressure.status() != ToolReport.Status.OK) {
      return new Verdict(Category.PROBE_FAILED, "Could not read the Flink cluster: " + backpressure.error(), entities, List.of(), Confidence.LOW,
          List.of("Check that the REST URL of Flink cluster '" + cluster + "' points at the JobManager and is reachable from lakeops."));
    }
    List<Finding> all = new ArrayList<>(backpressure.findings());
    if (health != null) {
      all.addAll(health.findings());
    }
    Optional<Finding> loop = find(all, "flink.restart.loop");
    if (loop.isPresent()) {
      return restartLoop(entities, loop.get(), all);
    }
    Optional<Finding> down = find(all, "flink.job.not-running");
    if (down.isPresent()) {
      entities.put("state", down.get().evidence().get("state"));
      List<String> evidence = codes(all, "flink.job.not-running", "flink.exception.");
      return new Verdict(Category.JOB_NOT_RUNNING, down.get().summary(), entities, evidence, Confidence.HIGH,
          List.of("Read the job's exceptions (./lakeops flink job --cluster " + cluster + " --job " + job + ") and decide on a restart from the last checkpoint."));
    }
    Optional<Finding> checkpoint = find(all, "flink.checkpoint.timeout").or(() -> find(all, "flink.checkpoint.stale"))
        .or(() -> find(all, "flink.checkpoint.failing"));
    if (checkpoint.isPresent()) {
      return checkpointFailure(entities, checkpoint.get(), find(all, "flink.backpressure.bottleneck"), all);
    }
    Optional<Finding> bottleneck = find(all, "flink.backpressure.bottleneck");
    if (bottleneck.isPresent()) {
      return backpressure(entities, bottleneck.get(), all);
    }
    Optional<Finding> lag = find(all, "flink.source.lag").or(() -> find(all, "flink.watermark.lag"));
    if (lag.isPresent()) {
      entities.put("vertex", lag.get().evidence().get("vertex"));
      return new Verdict(Category.SOURCE_LAG, lag.get().summary(), entities, codes(all, "flink.source.", "flink.watermark."), Confidence.MEDIUM,
          List.of("No vertex is backpressured: the job reads as fast as it can, or the input outran it for a while; compare the source's "
              + "records out per second with the topic's write rate.", "Raise the source parallelism (up to the partition count) if the lag keeps growing."));
    }
    Optional<Finding> artefact = find(all, "flink.observation.artefact");
    if (artefact.isPresent()) {
      entities.put("artefact", artefact.get().evidence().get("kind"));
      return new Verdict(Category.MONITORING_ARTEFACT, artefact.get().summary(), entities, codes(all, "flink.observation."), Confidence.MEDIUM,
          List.of("Nothing is wrong with the job now: fix the alert (job id label, scrape) rather than the job.",
              "If the alert repeats, triage again: a fault that repeats is not an artefact."));
    }
    Optional<Finding> none = find(all, "flink.backpressure.none");
    if (none.isPresent()) {
      List<String> evidence = codes(all, "flink.backpressure.none", "flink.restart.none", "flink.checkpoint.healthy", "flink.source.ok");
      return new Verdict(Category.NO_BACKPRESSURE, none.get().summary(), entities, evidence, Confidence.HIGH,
          List.of("If the alert is about delay, the cause is before the job: check the source's lag (Kafka) and its producers."));
    }
    String headline = all.isEmpty() ? "No findings." : all.get(0).summary();
    return new Verdict(Category.INCONCLUSIVE, headline, entities, all.stream().map(Finding::code).distinct().toList(), Confidence.LOW,
        List.of("Probe again in a few seconds: Flink refreshes metrics every few seconds."));
  }

  private static Verdict restartLoop(Map<String, String> entities, Finding loop, List<Finding> all) {
    putIfPresent(entities, "vertex", loop.evidence().get("failingTask"));
    Optional<Finding> cause = all.stream().filter(f -> f.code().startsWith("flink.exception.") && f.severity().compareTo(Severity.WARN) >= 0).findFirst();
    cause.ifPresent(c -> putIfPresent(entities, "cause", c.evidence().get("cause")));
    List<String> actions = new ArrayList<>();
    String causeId = cause.map(c -> c.evidence().get("cause")).orElse("task-failure");
    switch (causeId) {
      case "commit-conflict" -> actions.add("Two jobs compact or commit the same lake table partition: make the writers write-only "
          + "('write-only'='true') and run one dedicated compaction job.");
      case "oom" -> actions.add("Raise the TaskManager memory or cut state (TTL) / batch sizes of the failing operator.");
      case "deserialization" -> actions.add("Find the bad record (topic, offset) in the exception and decide: fix the producer, or skip it under approval.");
      case "checkpoint-timeout" -> actions.add("Checkpoints keep failing until the tolerable count is exceeded: fix the checkpoint timeouts first (see checkpoints).");
      case "kafka-source", "cdc-source" -> actions.add("The source connector fails: check the broker or database it reads and its credentials and offsets.");
      default -> actions.add("Read the exception and fix the failing operator; restarting again will fail the same way.");
    }
    actions.add("Each restart replays from the last completed checkpoint: expect duplicates in at-least-once sinks.");
    Confidence confidence = cause.isPresent() ? Confidence.HIGH : Confidence.MEDIUM;
    return new Verdict(Category.RESTART_LOOP, loop.summary() + cause.map(c -> " Root cause: " + c.summary()).orElse(""), entities,
        codes(all, "flink.restart.loop", "flink.exception.", "flink.checkpoint.failing"), confidence, actions);
  }

  private static Verdict checkpointFailure(Map<String, String> entities, Finding checkpoint, Optional<Finding> bottleneck, List<Finding> all) {
    putIfPresent(entities, "vertex", checkpoint.evidence().get("firstPendingVertex"));
    putIfPresent(entities, "checkpoint", checkpoint.evidence().get("lastExpiredId"));
    List<String> actions = new ArrayList<>();
    String headline = checkpoint.summary();
    if (bottleneck.isPresent()) {
      String vertex = bottleneck.get().evidence().get("vertex");
      entities.put("bottleneck", vertex);
      headline += " Backpressure at '" + vertex + "' holds the barriers back.";
      actions.add("Fix the backpressure at '" + vertex + "' first (parallelism, per-record cost, or the external system it waits on).");
    }
    actions.add("Enable unaligned checkpoints (execution.checkpointing.unaligned: true) or buffer debloating so barriers overtake buffered data.");
    actions.add("Raise execution.checkpointing.timeout only if snapshots themselves are slow (large state, slow storage).");
    return new Verdict(Category.CHECKPOINT_FAILURE, headline, entities,
        codes(all, "flink.checkpoint.", "flink.backpressure.bottleneck"), bottleneck.isPresent() ? Confidence.HIGH : Confidence.MEDIUM, actions);
  }

  private static Verdict backpressure(Map<String, String> entities, Finding f, List<Finding> all) {
    String vertex = f.evidence().get("vertex");
    entities.put("vertex", vertex);
    entities.put("vertexId", f.evidence().get("vertexId"));
    List<String> actions = new ArrayList<>();
    Optional<Finding> skew = find(all, "flink.backpressure.key-skew");
    skew.ifPresent(s -> {
      entities.put("cause", "key-skew");
      entities.put("hotSubtasks", s.evidence().get("hotSubtasks"));
      actions.add("Key skew at '" + vertex + "': salt the hot keys or pre-aggregate before the keyBy (local-global aggregation); "
          + "for a lake sink, use a higher-cardinality bucket key or local-merge-buffer-size.");
    });
    if (find(all, "flink.backpressure.slow-sink").isPresent()) {
      entities.putIfAbsent("cause", "slow-sink");
      actions.add("Check the system '" + vertex + "' writes to: latency, throttling, locks, failed retries.");
    } else if (find(all, "flink.backpressure.capacity").isPresent()) {
      entities.putIfAbsent("cause", "capacity");
    }
    if (skew.isEmpty()) {
      actions.add("Raise the parallelism of '" + vertex + "' or make it cheaper per record (a flame graph shows where the time goes).");
    }
    if ("true".equals(f.evidence().get("chained"))) {
      actions.add("The vertex chains several operators: set pipeline.operator-chaining: false temporarily to see which one is slow.");
    }
    actions.add("Expect checkpoints to slow down while backpressure lasts; consider unaligned checkpoints.");
    Confidence confidence = f.severity() == Severity.CRITICAL ? Confidence.HIGH : Confidence.MEDIUM;
    return new Verdict(Category.BACKPRESSURE, f.summary() + skew.map(s -> " " + s.summary()).orElse(""), entities,
        codes(all, "flink.backpressure.", "flink.source.lag"), confidence, actions);
  }

  private static Optional<Finding> find(List<Finding> findings, String code) {
    return findings.stream().filter(f -> f.code().equals(code)).findFirst();
  }

  /** Codes of findings that match one of the prefixes (or exact codes) and are not OK, in order, once each. */
  private static List<String> codes(List<Finding> findings, String... prefixes) {
    return findings.stream()
        .filter(f -> java.util.Arrays.stream(prefixes).anyMatch(p -> f.code().startsWith(p)))
        .filter(f -> f.severity() != Severity.OK || f.code().endsWith(".none") || f.code().endsWith(".healthy") || f.code().endsWith(".ok"))
        .map(Finding::code).distinct().toList();
  }

  private static void putIfPresent(Map<String, String> map, String key, @Nullable String value) {
    if (value != null) {
      map.put(key, value);
    }
  }
}
