package dev.lakeops.eval.pipeline.scenario;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * Builds the job graph of each {@link Scenario} on an environment. Chaining is disabled so every
 * operator is a vertex of its own; the names below are the vertex names Flink's REST API shows (a
 * sink named {@code x} shows as {@code x: Writer}).
 */
final class ScenarioJobs {

  /**
   * Checkpoint settings of the timeout scenario: barriers stuck behind a slow operator outlive the
   * timeout.
   */
  static final Duration TIMEOUT_INTERVAL = Duration.ofSeconds(2);

  static final Duration TIMEOUT = Duration.ofSeconds(1);

  /**
   * Records each {@code lake-committer} subtask writes before it fails (about 2 s at 1 ms per
   * record).
   */
  static final long RECORDS_BEFORE_FAILURE = 2_000;

  private ScenarioJobs() {}

  static void build(Scenario scenario, StreamExecutionEnvironment env) {
    env.disableOperatorChaining();
    switch (scenario) {
      case HOT_KEY -> hotKey(env);
      case CPU_HEAVY -> cpuHeavy(env);
      case CHECKPOINT_TIMEOUT -> checkpointTimeout(env);
      case RESTART_LOOP -> restartLoop(env);
      case HEALTHY -> healthy(env);
      default -> throw new IllegalArgumentException("Unknown scenario: " + scenario);
    }
  }

  /** {@code Source: orders-seq → assign-shop → (hash) per-shop-total ×4 → totals: Writer}. */
  private static void hotKey(StreamExecutionEnvironment env) {
    env.setParallelism(2);
    env.fromSequence(0, Long.MAX_VALUE)
        .name("orders-seq")
        .map(new HotShopAssigner())
        .name("assign-shop")
        .keyBy(shop -> shop)
        .map(new SleepPerRecord<>(Duration.ofMillis(1)))
        .returns(Types.STRING)
        .name("per-shop-total")
        .setParallelism(4)
        .sinkTo(new DiscardingSink<>())
        .name("totals");
  }

  /** {@code Source: numbers → score-orders (CPU) → scores: Writer}, parallelism 1 (one core). */
  private static void cpuHeavy(StreamExecutionEnvironment env) {
    env.setParallelism(1);
    env.fromSequence(0, Long.MAX_VALUE)
        .name("numbers")
        .map(new CpuBurner())
        .name("score-orders")
        .sinkTo(new DiscardingSink<>())
        .name("scores");
  }

  /**
   * {@code Source: events → parse → (rebalance) slow-validate → validated: Writer}; checkpoints
   * every 2 s, 1 s timeout.
   */
  private static void checkpointTimeout(StreamExecutionEnvironment env) {
    env.setParallelism(2);
    env.enableCheckpointing(TIMEOUT_INTERVAL.toMillis());
    env.getCheckpointConfig().setCheckpointTimeout(TIMEOUT.toMillis());
    env.getCheckpointConfig().setTolerableCheckpointFailureNumber(1_000_000);
    env.fromSequence(0, Long.MAX_VALUE)
        .name("events")
        .map(n -> n)
        .returns(Types.LONG)
        .name("parse")
        .rebalance()
        .map(new SleepPerRecord<>(Duration.ofMillis(5)))
        .returns(Types.LONG)
        .name("slow-validate")
        .sinkTo(new DiscardingSink<>())
        .name("validated");
  }

  /**
   * {@code Source: changes → enrich → lake-committer: Writer}; the committer fails every ~2 s,
   * restarts after 1 s.
   */
  private static void restartLoop(StreamExecutionEnvironment env) {
    env.setParallelism(2);
    env.enableCheckpointing(Duration.ofSeconds(5).toMillis());
    env.fromSequence(0, Long.MAX_VALUE)
        .name("changes")
        .map(new SleepPerRecord<>(Duration.ofMillis(1)))
        .returns(Types.LONG)
        .name("enrich")
        .sinkTo(new ConflictingCommitSink(RECORDS_BEFORE_FAILURE))
        .name("lake-committer");
  }

  /** {@code Source: rate-limited-orders (50/s) → enrich → lake: Writer}: nothing is ever busy. */
  private static void healthy(StreamExecutionEnvironment env) {
    env.setParallelism(1);
    env.enableCheckpointing(Duration.ofSeconds(2).toMillis());
    DataGeneratorSource<Long> source =
        new DataGeneratorSource<>(
            n -> n, Long.MAX_VALUE, RateLimiterStrategy.perSecond(50), Types.LONG);
    env.fromSource(source, WatermarkStrategy.noWatermarks(), "rate-limited-orders")
        .map(n -> n + 1)
        .returns(Types.LONG)
        .name("enrich")
        .sinkTo(new DiscardingSink<>())
        .name("lake");
  }
}
