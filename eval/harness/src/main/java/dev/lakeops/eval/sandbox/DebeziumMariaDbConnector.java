package dev.lakeops.eval.sandbox;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A Debezium MariaDB source connector ({@code io.debezium.connector.mariadb.MariaDbConnector}) on a
 * {@link KafkaConnectWorker}, reading the sandbox {@link MariaDbServer} as {@link
 * MariaDbServer#CDC_USER}. Change events of table {@code T} in database {@code D} go to topic
 * {@code <topicPrefix>.D.T}; the schema history goes to {@code <topicPrefix>.schema-history}. Both
 * topics are created with one partition and replication factor 1.
 */
public final class DebeziumMariaDbConnector {

  public static final String CONNECTOR_CLASS = "io.debezium.connector.mariadb.MariaDbConnector";
  private static final Duration STATE_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration POLL = Duration.ofMillis(250);

  private final ConnectRest rest;
  private final String name;
  private final Map<String, String> config;

  private DebeziumMariaDbConnector(ConnectRest rest, String name, Map<String, String> config) {
    this.rest = rest;
    this.name = name;
    this.config = Map.copyOf(config);
  }

  /**
   * What to read and where to write.
   *
   * @param bootstrap the broker the schema history is kept on (the worker's broker)
   * @param topicPrefix Debezium's {@code topic.prefix}, the logical server name
   * @param database the one database to capture ({@code database.include.list})
   * @param serverId the replica server id the connector registers with; distinct per reader
   * @param overrides further connector settings, set last
   */
  public record Settings(
      MariaDbServer server,
      String bootstrap,
      String topicPrefix,
      String database,
      int serverId,
      Map<String, String> overrides) {

    public Settings(
        MariaDbServer server, String bootstrap, String topicPrefix, String database, int serverId) {
      this(server, bootstrap, topicPrefix, database, serverId, Map.of());
    }

    public Settings {
      overrides = Map.copyOf(overrides);
      requireNonNull(server, "server");
      requireNonNull(bootstrap, "bootstrap");
      requireNonNull(topicPrefix, "topicPrefix");
      requireNonNull(database, "database");
      if (serverId <= 1) {
        throw new IllegalArgumentException(
            "Invalid serverId: " + serverId + " (must be above 1, the sandbox server's own id)");
      }
    }
  }

  /**
   * Registers connector {@code name} on {@code worker} and waits until the connector and its one
   * task are RUNNING.
   *
   * @throws SandboxException the worker refused the configuration, or it did not run within 60 s
   *     (the message quotes the status and the task's trace)
   */
  public static DebeziumMariaDbConnector register(
      KafkaConnectWorker worker, String name, Settings settings) {
    Map<String, String> config = config(settings);
    ConnectRest rest = new ConnectRest(worker.url());
    rest.write("PUT", "/connectors/" + name + "/config", config);
    DebeziumMariaDbConnector connector = new DebeziumMariaDbConnector(rest, name, config);
    connector.awaitState("RUNNING");
    return connector;
  }

  /** The configuration as registered (with the CDC password). */
  public static Map<String, String> config(Settings s) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", CONNECTOR_CLASS);
    c.put("tasks.max", "1");
    c.put("database.hostname", "127.0.0.1");
    c.put("database.port", Integer.toString(s.server().port()));
    c.put("database.user", MariaDbServer.CDC_USER);
    c.put("database.password", MariaDbServer.CDC_PASSWORD);
    c.put("database.server.id", Integer.toString(s.serverId()));
    c.put("topic.prefix", s.topicPrefix());
    c.put("database.include.list", s.database());
    c.put("schema.history.internal.kafka.bootstrap.servers", s.bootstrap());
    c.put("schema.history.internal.kafka.topic", s.topicPrefix() + ".schema-history");
    // The broker does not create topics on first use; Connect creates the change topics.
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    // A failure is the task's FAILED state at once, not minutes of retries.
    c.put("errors.max.retries", "0");
    c.putAll(s.overrides());
    return c;
  }

  public String name() {
    return name;
  }

  public Map<String, String> registeredConfig() {
    return config;
  }

  /** {@code GET /connectors/{name}/status}. */
  public JsonNode status() {
    JsonNode status = rest.get("/connectors/" + name + "/status");
    if (status == null) {
      throw new SandboxException("Connector " + name + " does not exist on the worker");
    }
    return status;
  }

  /**
   * Stops the connector and its task ({@code PUT .../stop}, Kafka >= 3.5); offsets are kept.
   * Returns once the connector is STOPPED and its task is gone from the status (a STOPPED connector
   * has no tasks; the connector's state is written before its task has shut down).
   */
  public void stop() {
    rest.write("PUT", "/connectors/" + name + "/stop", null);
    awaitConnector("STOPPED", s -> s.path("tasks").size() == 0);
  }

  /** Resumes a stopped or paused connector and waits until it and its task are RUNNING. */
  public void resume() {
    rest.write("PUT", "/connectors/" + name + "/resume", null);
    awaitState("RUNNING");
  }

  /** Resumes a stopped connector without waiting for its task (which may be about to fail). */
  public void resumeNoWait() {
    rest.write("PUT", "/connectors/" + name + "/resume", null);
  }

  /**
   * Waits until the connector and its task are in {@code state}, returning the status.
   *
   * @throws SandboxException the task FAILED while waiting for another state, or 60 s passed
   */
  public JsonNode awaitState(String state) {
    return awaitConnector(state, s -> taskState(s).equals(state));
  }

  /** Waits until the task is in {@code state} (the connector may be in any state). */
  public JsonNode awaitTaskState(String state) {
    return await("task " + state, s -> taskState(s).equals(state));
  }

  private JsonNode awaitConnector(String state, Predicate<JsonNode> task) {
    return await(
        "connector and task " + state,
        s -> s.path("connector").path("state").asText().equals(state) && task.test(s));
  }

  private JsonNode await(String what, Predicate<JsonNode> done) {
    long deadline = System.nanoTime() + STATE_TIMEOUT.toNanos();
    JsonNode last = null;
    while (true) {
      last = rest.get("/connectors/" + name + "/status");
      if (last != null && done.test(last)) {
        return last;
      }
      if (last != null && !what.contains("FAILED") && taskState(last).equals("FAILED")) {
        throw new SandboxException(
            "Connector " + name + " failed waiting for " + what + ": " + last);
      }
      if (System.nanoTime() > deadline) {
        throw new SandboxException(
            "Connector "
                + name
                + ": no "
                + what
                + " within "
                + STATE_TIMEOUT.toSeconds()
                + " s; last status: "
                + last);
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SandboxException("Interrupted waiting for connector " + name, e);
      }
    }
  }

  private static String taskState(JsonNode status) {
    JsonNode tasks = status.path("tasks");
    return tasks.size() == 0 ? "" : tasks.get(0).path("state").asText();
  }
}
