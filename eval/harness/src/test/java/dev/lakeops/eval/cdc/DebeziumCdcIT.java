package dev.lakeops.eval.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.eval.sandbox.DebeziumMariaDbConnector;
import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.eval.sandbox.KafkaConnectWorker;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.eval.sandbox.MariaDbServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox's CDC hop, real: a private MariaDB, a KRaft broker and a distributed Kafka Connect
 * worker running the Debezium MariaDB connector, one of each for the whole class. Tests run in
 * order on the same connector: the stream first, then what the probe reads of it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DebeziumCdcIT {

  static final String PREFIX = "sandbox";
  static final String DATABASE = "shop";
  static final String TOPIC = PREFIX + "." + DATABASE + ".orders";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path workDir;
  static MariaDbServer db;
  static KafkaSandbox broker;
  static KafkaConnectWorker worker;
  static DebeziumMariaDbConnector connector;
  private static KafkaConsumer<String, String> consumer;
  private static final List<ConsumerRecord<String, String>> seen = new ArrayList<>();

  @BeforeAll
  static void startServers() throws Exception {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    int[] ports = FreePorts.take(4);
    Path dbDir =
        Files.createTempDirectory(Files.createDirectories(Path.of("target", "mariadb")), "cdc-");
    db = MariaDbServer.start(dbDir, ports[0]);
    db.execute(
        "CREATE DATABASE " + DATABASE,
        "CREATE TABLE " + DATABASE + ".orders (id INT PRIMARY KEY, item VARCHAR(32), qty INT)",
        "INSERT INTO " + DATABASE + ".orders VALUES (0, 'seed', 1)");
    broker = KafkaSandbox.start(home, workDir, ports[1], ports[2]);
    worker = KafkaConnectWorker.start(home, workDir, broker.bootstrap(), ports[3], "cdc-it");
    connector =
        DebeziumMariaDbConnector.register(
            worker,
            "orders-cdc",
            new DebeziumMariaDbConnector.Settings(db, broker.bootstrap(), PREFIX, DATABASE, 5401));
  }

  @AfterAll
  static void stopServers() {
    List<Long> pids = new ArrayList<>();
    if (consumer != null) {
      consumer.close(Duration.ofSeconds(2));
    }
    if (worker != null) {
      pids.add(worker.pid());
      worker.close();
    }
    if (broker != null) {
      pids.add(broker.pid());
      broker.close();
    }
    if (db != null) {
      pids.add(db.pid());
      db.close();
      dev.lakeops.eval.sandbox.Directories.deleteRecursively(db.dir());
    }
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("pid %s", pid)
          .isFalse();
    }
  }

  @Test
  @Order(1)
  void insertsUpdatesAndDeletesArriveAsDebeziumChangeEvents() throws Exception {
    // The task is RUNNING before its snapshot ends: writes wait for the snapshot's one row, so
    // they come from the binlog.
    JsonNode seed = JSON.readTree(readChanges(1).get(0).value());
    assertThat(seed.path("op").asText()).isEqualTo("r");
    assertThat(seed.path("after").path("item").asText()).isEqualTo("seed");

    db.execute(
        "INSERT INTO shop.orders VALUES (1, 'apple', 3), (2, 'pear', 5)",
        "INSERT INTO shop.orders VALUES (3, 'plum', 7)",
        "UPDATE shop.orders SET qty = 4 WHERE id = 1",
        "DELETE FROM shop.orders WHERE id = 2");

    // 3 creates, 1 update, 1 delete and the delete's tombstone (a null value).
    List<ConsumerRecord<String, String>> records = readChanges(6);

    List<JsonNode> values = new ArrayList<>();
    for (ConsumerRecord<String, String> r : records) {
      values.add(r.value() == null ? null : JSON.readTree(r.value()));
    }
    assertThat(values.subList(0, 5))
        .extracting(v -> v.path("op").asText())
        .containsExactly("c", "c", "c", "u", "d");
    assertThat(values.get(0).path("before").isNull()).isTrue();
    assertThat(values.get(0).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":1,\"item\":\"apple\",\"qty\":3}"));
    assertThat(values.get(2).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":3,\"item\":\"plum\",\"qty\":7}"));
    assertThat(values.get(3).path("before").path("qty").asInt()).isEqualTo(3);
    assertThat(values.get(3).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":1,\"item\":\"apple\",\"qty\":4}"));
    assertThat(values.get(4).path("before"))
        .isEqualTo(JSON.readTree("{\"id\":2,\"item\":\"pear\",\"qty\":5}"));
    assertThat(values.get(4).path("after").isNull()).isTrue();
    assertThat(values.get(5)).as("tombstone after the delete").isNull();
    assertThat(records.get(5).key()).isEqualTo("{\"id\":2}");
    JsonNode source = values.get(4).path("source");
    assertThat(source.path("connector").asText()).isEqualTo("mariadb");
    assertThat(source.path("db").asText()).isEqualTo(DATABASE);
    assertThat(source.path("table").asText()).isEqualTo("orders");
    assertThat(source.path("file").asText()).startsWith(MariaDbServer.BINLOG_BASE + ".");
    assertThat(source.path("pos").asLong()).isPositive();
  }

  /** Reads the change topic until {@code total} records have arrived since the class started. */
  static List<ConsumerRecord<String, String>> readChanges(int total) {
    if (consumer == null) {
      Properties props = new Properties();
      props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
      props.put(ConsumerConfig.GROUP_ID_CONFIG, "cdc-it-reader");
      props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      props.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
      props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
      consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
      consumer.subscribe(List.of(TOPIC));
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (seen.size() < total && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(250)).forEach(seen::add);
    }
    assertThat(seen)
        .as("records on %s (worker log: %s)", TOPIC, worker.logTail(30))
        .hasSizeGreaterThanOrEqualTo(total);
    return List.copyOf(seen.subList(seen.size() - total, seen.size()));
  }

  /** The last part of the worker's log, for failure messages. */
  static String workerLog() {
    return String.join("\n", worker.logTail(40));
  }

  static Map<String, String> registered() {
    return connector.registeredConfig();
  }
}
