package dev.lakeops.tools.cdc;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What {@link ConnectProbe} read from one Kafka Connect worker's REST API, unjudged.
 *
 * @param worker the REST base URL, e.g. {@code http://127.0.0.1:8083}
 * @param version the worker's Kafka version from {@code GET /}
 * @param connectors each connector read, in the order asked or listed
 * @param sources every endpoint called, in order
 * @param capturedAt when the capture finished
 */
public record ConnectSnapshot(
    String worker,
    @Nullable String version,
    List<Connector> connectors,
    List<String> sources,
    Instant capturedAt) {

  public ConnectSnapshot {
    requireNonNull(worker, "worker");
    connectors = List.copyOf(connectors);
    sources = List.copyOf(sources);
    requireNonNull(capturedAt, "capturedAt");
  }

  /**
   * One connector: {@code /status}, {@code /config} (secrets redacted) and {@code /offsets}.
   *
   * @param state RUNNING, PAUSED, STOPPED, FAILED, UNASSIGNED or RESTARTING
   * @param trace the connector's own failure trace, when FAILED
   * @param offsets the committed source offsets; empty when none are committed yet
   * @param offsetsError why the offsets could not be read (e.g. a worker older than Kafka 3.6)
   */
  public record Connector(
      String name,
      @Nullable String type,
      String state,
      @Nullable String workerId,
      @Nullable String trace,
      List<Task> tasks,
      Map<String, String> config,
      List<SourceOffset> offsets,
      @Nullable String offsetsError) {

    public Connector {
      requireNonNull(name, "name");
      requireNonNull(state, "state");
      tasks = List.copyOf(tasks);
      config = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(config));
      offsets = List.copyOf(offsets);
    }

    /** The {@code connector.class} setting, if the config was read. */
    public @Nullable String connectorClass() {
      return config.get("connector.class");
    }
  }

  /** One task of a connector; {@code trace} is the worker's stack trace text when FAILED. */
  public record Task(int id, String state, @Nullable String workerId, @Nullable String trace) {

    public Task {
      requireNonNull(state, "state");
    }
  }

  /**
   * One committed source offset: the source partition and the offset, values as text (for
   * Debezium's binlog connectors the offset holds {@code file}, {@code pos}, {@code gtids}, {@code
   * row}, {@code event}, {@code ts_sec}).
   */
  public record SourceOffset(Map<String, String> partition, Map<String, String> offset) {

    public SourceOffset {
      partition = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(partition));
      offset = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(offset));
    }
  }
}
