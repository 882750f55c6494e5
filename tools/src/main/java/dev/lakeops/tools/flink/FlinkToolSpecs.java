package dev.lakeops.tools.flink;

import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.Arrays;
import java.util.List;

/**
 * The declarations of the Flink tools of one cluster ({@link FlinkTools}). Which cluster is read is
 * configuration, not part of the declaration: the planner's binding adds a {@code cluster}
 * parameter, the model gets one set of tools per cluster.
 */
public final class FlinkToolSpecs {

  private static final ToolParam JOB =
      ToolParam.required("job", STRING, "Flink job name, or its 32-hex-digit job id");

  private static final FindingCodes BACKPRESSURE_CODES =
      FindingCodes.of(
          "flink.backpressure.bottleneck",
          "flink.backpressure.key-skew",
          "flink.backpressure.capacity",
          "flink.backpressure.slow-sink",
          "flink.backpressure.none",
          "flink.backpressure.unlocated",
          "flink.job.not-running",
          "flink.metrics.unavailable");
  private static final FindingCodes RESTART_CODES =
      FindingCodes.of(
          "flink.restart.loop",
          "flink.restart.recent",
          "flink.restart.none",
          "flink.job.not-running");
  private static final FindingCodes EXCEPTION_CODES =
      FindingCodes.of("flink.exception.none")
          .and(
              FindingCodes.family(
                  ExceptionAnalyzer.PREFIX,
                  "cause",
                  Arrays.stream(FailureCause.values()).map(FailureCause::id).toList()));
  private static final FindingCodes OBSERVATION_CODES =
      FindingCodes.of("flink.observation.artefact", "flink.observation.confirmed");
  private static final FindingCodes CHECKPOINT_CODES =
      FindingCodes.of(
          "flink.checkpoint.timeout",
          "flink.checkpoint.stale",
          "flink.checkpoint.failing",
          "flink.checkpoint.slow",
          "flink.checkpoint.alignment",
          "flink.checkpoint.start-delay",
          "flink.checkpoint.state-growth",
          "flink.checkpoint.history-pending",
          "flink.checkpoint.disabled",
          "flink.checkpoint.healthy");
  private static final FindingCodes SOURCE_CODES =
      FindingCodes.of(
          "flink.source.lag", "flink.source.idle", "flink.watermark.lag", "flink.source.ok");
  private static final FindingCodes ENDPOINT_CODES =
      FindingCodes.family(
          EndpointFailureAnalyzer.PREFIX,
          "error",
          Arrays.stream(ProbeException.Code.values())
              .map(EndpointFailureAnalyzer::failure)
              .toList());

  public static final ToolSpec BACKPRESSURE =
      new ToolSpec(
          FlinkTools.BACKPRESSURE,
          "Locates the backpressure bottleneck of a running Flink job: the first vertex that is"
              + " busy and not backpressured below backpressured vertices, why (key skew, capacity,"
              + " slow sink) with per-subtask busy/backpressured/idle ms per second, and the REST"
              + " endpoints read. Read-only. Status NO_DATA: no such job.",
          List.of(JOB),
          BACKPRESSURE_CODES);

  public static final ToolSpec HEALTH =
      new ToolSpec(
          FlinkTools.HEALTH,
          "Everything but backpressure about one Flink job in one observation: state and restarts,"
              + " exception root causes, checkpoint health, source lag and watermarks, endpoints"
              + " that could not be read, and whether the job id an alert named is stale (the job"
              + " was redeployed). Read-only.",
          List.of(
              JOB,
              ToolParam.optional(
                  "alert_job_id", STRING, "The job id an alert named, to tell a redeployed job")),
          OBSERVATION_CODES
              .and(RESTART_CODES)
              .and(EXCEPTION_CODES)
              .and(CHECKPOINT_CODES)
              .and(SOURCE_CODES)
              .and(ENDPOINT_CODES));

  public static final ToolSpec JOB_STATE =
      new ToolSpec(
          FlinkTools.JOB,
          "State of one Flink job: restart loop or recent restarts, exception root causes (commit"
              + " conflict, OOM, deserialization, Kafka/CDC source, checkpoint, task failure) and"
              + " whether a second probe confirms them. Read-only.",
          List.of(JOB),
          RESTART_CODES.and(EXCEPTION_CODES).and(OBSERVATION_CODES).and(ENDPOINT_CODES));

  public static final ToolSpec CHECKPOINTS =
      new ToolSpec(
          FlinkTools.CHECKPOINTS,
          "Checkpoint health of one Flink job: timeouts, failure rate, duration vs interval and"
              + " timeout, age of the last completed checkpoint, barrier start delay and alignment,"
              + " state growth, and which vertex has not acknowledged. Read-only.",
          List.of(JOB),
          CHECKPOINT_CODES.and(ENDPOINT_CODES));

  public static final ToolSpec SOURCE_LAG =
      new ToolSpec(
          FlinkTools.SOURCE_LAG,
          "Source lag of one Flink job: pendingRecords, records-lag-max, fetch/emit event-time lag,"
              + " Kafka partition offsets (read vs committed), idle sources and watermark lag per"
              + " vertex. Read-only.",
          List.of(JOB),
          SOURCE_CODES.and(ENDPOINT_CODES));

  public static final ToolSpec JOBS =
      new ToolSpec(
          FlinkTools.JOBS,
          "Lists the jobs of the Flink cluster with their states. Read-only.",
          List.of(),
          FindingCodes.of(
              "flink.job.running", "flink.job.not-running", "flink.job.ended", "flink.jobs.none"));

  /** Every Flink tool, in the order the planner and the model list them. */
  public static final List<ToolSpec> ALL =
      List.of(BACKPRESSURE, HEALTH, JOB_STATE, CHECKPOINTS, SOURCE_LAG, JOBS);

  private FlinkToolSpecs() {}
}
