package dev.lakeops.eval.bench;

import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaLagAnalyzer;
import dev.lakeops.tools.kafka.KafkaLagProbe;
import dev.lakeops.tools.kafka.KafkaLagSnapshot;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.LagScope;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Lag for many groups on the sandbox broker: lakeops' probe and analyzer (in process, and as the
 * {@code lakeops kafka lag} command in a JVM of its own) against Kafka's own {@code
 * kafka-consumer-groups.sh --describe --all-groups} ({@code ConsumerGroupCommand} from the broker's
 * 4.4 jars, in a JVM of its own), on the same broker in the same run.
 */
public final class KafkaLagBenchmark {

  /** What to set up and how often to measure. */
  public record Setup(
      int groups, int topics, int partitionsPerTopic, int recordsPerPartition, int runs) {}

  /** Wall-clock times in milliseconds, one per run, and the lag each side summed up. */
  public record Result(
      List<Long> lakeopsInProcess,
      List<Long> lakeopsCommand,
      List<Long> consumerGroupCommand,
      long lakeopsTotalLag,
      long consumerGroupCommandTotalLag,
      int lakeopsFindings) {}

  private final Path home;
  private final Path workDir;
  private final Consumer<String> log;

  public KafkaLagBenchmark(Path home, Path workDir, Consumer<String> log) {
    this.home = home;
    this.workDir = workDir;
    this.log = log;
  }

  public Result run(Setup setup, int port, int controllerPort) throws Exception {
    try (KafkaSandbox broker = KafkaSandbox.start(home, workDir, port, controllerPort)) {
      String bootstrap = broker.bootstrap();
      long start = System.nanoTime();
      prepare(bootstrap, setup);
      log.accept(
          String.format(
              "set up %d topics x %d partitions, %d groups in %d ms",
              setup.topics(),
              setup.partitionsPerTopic(),
              setup.groups(),
              (System.nanoTime() - start) / 1_000_000));
      KafkaCluster cluster = KafkaCluster.direct(bootstrap);
      List<Long> inProcess = new ArrayList<>();
      long ourLag = 0;
      int findings = 0;
      for (int i = 0; i <= setup.runs(); i++) { // run 0 warms the JVM up and is not counted
        long t0 = System.nanoTime();
        KafkaLagSnapshot s =
            new KafkaLagProbe(
                    cluster,
                    KafkaProbeOptions.defaults().withTimeout(Duration.ofSeconds(30)),
                    Clock.systemUTC())
                .capture(LagScope.allGroups());
        List<Finding> result = new KafkaLagAnalyzer().analyze(List.of(s));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (i > 0) {
          inProcess.add(ms);
        }
        findings = result.size();
        ourLag =
            result.stream()
                .filter(f -> f.evidence().containsKey("totalLag"))
                .mapToLong(f -> Long.parseLong(f.evidence().get("totalLag")))
                .sum();
      }
      log.accept("lakeops in process: " + inProcess + " ms");
      List<Long> command = new ArrayList<>();
      List<Long> cgc = new ArrayList<>();
      long theirLag = 0;
      Path java = Path.of(System.getProperty("java.home"), "bin", "java");
      String brokerCp =
          String.join(
              File.pathSeparator,
              KafkaSandbox.brokerClasspath(home).stream().map(Path::toString).toList());
      for (int i = 0; i < setup.runs(); i++) {
        Path out = workDir.resolve("cgc-" + i + ".txt");
        cgc.add(
            time(
                List.of(
                    java.toString(),
                    "-cp",
                    brokerCp,
                    "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                    "--bootstrap-server",
                    bootstrap,
                    "--describe",
                    "--all-groups"),
                out));
        theirLag = sumLag(out);
        command.add(
            time(
                List.of(
                    java.toString(),
                    "-Dlakeops.home=" + home,
                    "-cp",
                    System.getProperty("java.class.path"),
                    "dev.lakeops.cli.LakeopsCli",
                    "kafka",
                    "lag",
                    "--bootstrap",
                    bootstrap,
                    "--samples",
                    "1",
                    "--timeout",
                    "30s",
                    "--json"),
                workDir.resolve("lakeops-" + i + ".json")));
      }
      log.accept("lakeops kafka lag (own JVM): " + command + " ms");
      log.accept("kafka-consumer-groups --describe --all-groups (own JVM): " + cgc + " ms");
      return new Result(inProcess, command, cgc, ourLag, theirLag, findings);
    }
  }

  private static void prepare(String bootstrap, Setup setup) throws Exception {
    Properties props = new Properties();
    props.put("bootstrap.servers", bootstrap);
    List<TopicPartition> partitions = new ArrayList<>();
    try (Admin admin = Admin.create(props)) {
      List<NewTopic> topics = new ArrayList<>();
      for (int t = 0; t < setup.topics(); t++) {
        topics.add(new NewTopic("bench-" + t, setup.partitionsPerTopic(), (short) 1));
        for (int p = 0; p < setup.partitionsPerTopic(); p++) {
          partitions.add(new TopicPartition("bench-" + t, p));
        }
      }
      admin.createTopics(topics).all().get(120, TimeUnit.SECONDS);
    }
    Map<String, Object> producerConfig = new HashMap<>();
    producerConfig.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    producerConfig.put(
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    producerConfig.put(
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    producerConfig.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig)) {
      byte[] value = new byte[100];
      for (TopicPartition tp : partitions) {
        for (int r = 0; r < setup.recordsPerPartition(); r++) {
          producer.send(new ProducerRecord<>(tp.topic(), tp.partition(), null, value));
        }
      }
      producer.flush();
    }
    for (int g = 0; g < setup.groups(); g++) {
      Map<String, Object> consumerConfig = new HashMap<>();
      consumerConfig.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
      consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-group-" + g);
      consumerConfig.put(
          ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
      consumerConfig.put(
          ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int i = 0; i < partitions.size(); i++) {
          offsets.put(
              partitions.get(i),
              new OffsetAndMetadata((g + i) % (setup.recordsPerPartition() + 1)));
        }
        consumer.commitSync(offsets);
      }
    }
  }

  private static long time(List<String> command, Path output)
      throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    try {
      if (!process.waitFor(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException(
            "timed out after 5 min: " + command.get(command.size() - 1));
      }
    } finally {
      process.destroyForcibly();
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "exit code "
              + process.exitValue()
              + " from "
              + String.join(" ", command.subList(3, command.size()))
              + "; output in "
              + output);
    }
    return ms;
  }

  /** Sums the LAG column of {@code kafka-consumer-groups --describe} output. */
  static long sumLag(Path output) {
    try {
      long sum = 0;
      for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
        String[] cols = line.trim().split("\\s+");
        if (cols.length >= 6 && cols[0].startsWith("bench-group-") && cols[5].matches("\\d+")) {
          sum += Long.parseLong(cols[5]);
        }
      }
      return sum;
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + output, e);
    }
  }
}
