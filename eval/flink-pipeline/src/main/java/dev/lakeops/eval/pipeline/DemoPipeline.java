package dev.lakeops.eval.pipeline;

import dev.lakeops.eval.pipeline.cdc.CdcToLake;
import dev.lakeops.table.io.FileIOs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandbox's Flink job in a local MiniCluster with its REST API: Kafka orders, enriched, then
 * written by a sink whose speed is set through a control file.
 *
 * <p>Vertices as Flink's REST API names them (chaining disabled, so each is visible on its own):
 * {@code Source: orders} → {@code enrich-orders} → {@code lake-writer: Writer}. A slow sink
 * backpressures the first two. With CDC routes, the same cluster also runs {@link CdcToLake}, which
 * writes the Debezium change topics into lake tables through the lakeops sink. Both jobs are
 * submitted through the cluster's REST API, as a client would. The process runs until it is killed.
 * Usage is in {@link PipelineArgs}.
 */
public final class DemoPipeline {

  private static final Logger LOG = LoggerFactory.getLogger(DemoPipeline.class);
  static final String GROUP_ID = "orders-to-lake";
  private static final Duration TOPIC_TIMEOUT = Duration.ofSeconds(60);
  private static final long CHECKPOINT_INTERVAL_MILLIS = 5_000;
  // the CDC job runs at parallelism 1 and its vertices share one slot; maintenance jobs (an
  // approved compaction submitted over REST) get two more
  // cdc-to-lake runs at parallelism 1; the second slot lets an approved rescale double its writer
  private static final int CDC_SLOTS = 2;
  private static final int MAINTENANCE_SLOTS = 2;
  static final String CDC_GENERATION_FILE = "cdc-generation";
  // microseconds the lake store takes per data file of cdc-to-lake (SlowStoreFileIOFactory)
  static final String LAKE_STORE_DELAY_FILE = "lake-store-delay";
  static final Duration CDC_CHECKPOINT_TIMEOUT = Duration.ofSeconds(30);
  static final int CDC_TOLERABLE_FAILED_CHECKPOINTS = 10;
  private static final Duration CDC_GENERATION_POLL = Duration.ofMillis(300);

  private DemoPipeline() {}

  public static void main(String[] args) throws Exception {
    PipelineArgs parsed;
    try {
      parsed = PipelineArgs.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("demo-pipeline: " + e.getMessage());
      System.exit(2);
      return;
    }
    OrderTopic.ensureExists(parsed.bootstrap(), parsed.topic(), TOPIC_TIMEOUT);
    Thread generator =
        new Thread(
            new OrderGenerator(parsed.bootstrap(), parsed.topic(), parsed.recordsPerSecond()),
            "order-generator");
    generator.setDaemon(true);
    generator.start();

    MiniCluster cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(clusterConfiguration(parsed))
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(parsed.parallelism() + CDC_SLOTS + MAINTENANCE_SLOTS)
                .build());
    cluster.start();
    JobClient job = ordersJob(parsed, remote(parsed)).executeAsync(parsed.jobName());
    LOG.info(
        "Submitted job {} ({}); REST on http://127.0.0.1:{}",
        parsed.jobName(),
        job.getJobID(),
        parsed.restPort());
    if (parsed.cdcTables().isEmpty()) {
      Thread.currentThread().join();
    }
    runCdcJob(parsed);
  }

  // Submits the CDC job, then restarts it without its state each time the number in the file
  // cdc-generation (next to the control file) grows: as a new commit user, replaying its topics
  // from the start, as a job redeployed without its savepoint does.
  private static void runCdcJob(PipelineArgs parsed) throws Exception {
    Path generationFile = parsed.controlFile().resolveSibling(CDC_GENERATION_FILE);
    long generation = CdcGeneration.read(generationFile, 0);
    JobClient cdc = submitCdcJob(parsed, generation);
    while (true) {
      Thread.sleep(CDC_GENERATION_POLL.toMillis());
      long wanted = CdcGeneration.read(generationFile, generation);
      if (wanted != generation) {
        LOG.info("Restarting {} without its state (generation {})", CdcToLake.JOB_NAME, wanted);
        cdc.cancel().get();
        generation = wanted;
        cdc = submitCdcJob(parsed, generation);
      }
    }
  }

  private static JobClient submitCdcJob(PipelineArgs parsed, long generation) throws Exception {
    StreamExecutionEnvironment env = remote(parsed);
    env.enableCheckpointing(parsed.cdcCheckpointMillis());
    // a checkpoint takes well under a second here; a slow lake store makes it expire, and the job
    // tolerates a few expired ones before it fails over, as teams set it
    env.getCheckpointConfig().setCheckpointTimeout(CDC_CHECKPOINT_TIMEOUT.toMillis());
    env.getCheckpointConfig().setTolerableCheckpointFailureNumber(CDC_TOLERABLE_FAILED_CHECKPOINTS);
    env.setParallelism(1);
    // a local warehouse is written through the slow store, which is the sandbox's slow-sink fault
    // and passes every file on at once until its delay is set
    boolean local = FileIOs.isLocal(parsed.warehouse());
    CdcToLake.build(
        env,
        parsed.bootstrap(),
        local ? SlowStoreFileIOFactory.uri(Path.of(parsed.warehouse())) : parsed.warehouse(),
        local
            ? Map.of(
                SlowStoreFileIOFactory.CONTROL_FILE,
                parsed.controlFile().resolveSibling(LAKE_STORE_DELAY_FILE).toString())
            : Map.of(),
        parsed.cdcTables(),
        parsed.cdcDecimals(),
        generation == 0 ? "" : "#" + generation);
    JobClient cdc = env.executeAsync(CdcToLake.JOB_NAME);
    LOG.info(
        "Submitted job {} ({}) for {}, generation {}",
        CdcToLake.JOB_NAME,
        cdc.getJobID(),
        parsed.cdcTables(),
        generation);
    return cdc;
  }

  static Configuration clusterConfiguration(PipelineArgs args) {
    Configuration conf = new Configuration();
    conf.set(RestOptions.PORT, args.restPort());
    conf.set(RestOptions.ADDRESS, "127.0.0.1");
    conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
    // The JobManager caches metrics for this long; the default of 10 s makes REST lag behind.
    conf.set(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL, Duration.ofSeconds(1));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("128m"));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("128m"));
    // The adaptive scheduler, as teams run it to rescale a streaming job in place: an approved
    // flink.rescale sets a vertex's parallelism over REST (PUT /jobs/:jobid/resource-requirements)
    // and the job restarts at it from its latest checkpoint. Flink waits 30 s after a rescale and
    // up to 60 s for resources to settle by default; a sandbox has all its slots from the start.
    conf.set(JobManagerOptions.SCHEDULER, JobManagerOptions.SchedulerType.Adaptive);
    conf.set(JobManagerOptions.SCHEDULER_EXECUTING_COOLDOWN_AFTER_RESCALING, Duration.ofSeconds(1));
    conf.set(
        JobManagerOptions.SCHEDULER_EXECUTING_RESOURCE_STABILIZATION_TIMEOUT,
        Duration.ofSeconds(1));
    // Flink 2 rescales at the next completed checkpoint, and waits for one at most this long: a job
    // whose checkpoints expire (the fault a rescale may be approved for) completes none
    conf.set(JobManagerOptions.SCHEDULER_RESCALE_TRIGGER_MAX_DELAY, Duration.ofSeconds(10));
    return conf;
  }

  private static StreamExecutionEnvironment remote(PipelineArgs args) {
    return StreamExecutionEnvironment.createRemoteEnvironment(
        "127.0.0.1", args.restPort(), new Configuration());
  }

  static StreamExecutionEnvironment ordersJob(PipelineArgs args, StreamExecutionEnvironment env) {
    env.setParallelism(args.parallelism());
    env.disableOperatorChaining();
    env.enableCheckpointing(CHECKPOINT_INTERVAL_MILLIS);

    KafkaSource<String> source =
        KafkaSource.<String>builder()
            .setBootstrapServers(args.bootstrap())
            .setTopics(args.topic())
            .setGroupId(GROUP_ID)
            .setStartingOffsets(OffsetsInitializer.earliest())
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
        .map(new OrderEnricher())
        .name("enrich-orders")
        .sinkTo(new ThrottledLakeSink(args.controlFile()))
        .name("lake-writer");
    return env;
  }
}
