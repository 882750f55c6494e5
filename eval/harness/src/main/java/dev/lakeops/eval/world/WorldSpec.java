package dev.lakeops.eval.world;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a scenario's world holds before its faults: a Flink cluster's jobs, Kafka clusters with
 * their topics and consumer groups, lake tables and binlog files. Read from the {@code world:}
 * block of a scenario file.
 */
public record WorldSpec(
    @Nullable Flink flink,
    List<Kafka> kafka,
    @Nullable JsonNode tables,
    @Nullable JsonNode binlogs) {

  public WorldSpec {
    kafka = kafka == null ? List.of() : List.copyOf(kafka);
  }

  /** The Flink cluster: its version and jobs. */
  public record Flink(@Nullable String version, List<Job> jobs) {
    public Flink {
      version = version == null ? "2.3.0" : version;
      jobs = jobs == null ? List.of() : List.copyOf(jobs);
    }
  }

  /**
   * A job: a chain of vertices (the first is its source), reading {@code source} when given; it
   * started {@code age} before the scenario's instant.
   */
  public record Job(
      String name,
      @Nullable Integer parallelism,
      @Nullable Source source,
      List<Vertex> vertices,
      @Nullable Checkpoint checkpoint,
      @Nullable String age,
      @Nullable Double rate) {
    public Job {
      vertices = vertices == null ? List.of() : List.copyOf(vertices);
    }
  }

  /** The Kafka topic a job's source reads and the consumer group it commits to. */
  public record Source(@Nullable String cluster, String topic, @Nullable String group) {}

  /** A vertex: records per second one subtask can process; keyed when its input is hashed. */
  public record Vertex(
      String name, @Nullable Integer parallelism, double capacity, @Nullable Boolean keyed) {}

  /** Checkpoint interval and timeout, as durations ({@code 30s}, {@code 10m}). */
  public record Checkpoint(@Nullable String interval, @Nullable String timeout) {}

  /** A Kafka cluster (profile {@code name}). */
  public record Kafka(String name, List<Topic> topics, List<Group> groups) {
    public Kafka {
      name = name == null ? "default" : name;
      topics = topics == null ? List.of() : List.copyOf(topics);
      groups = groups == null ? List.of() : List.copyOf(groups);
    }
  }

  /** A topic written at {@code rate} records per second. */
  public record Topic(
      String name, int partitions, double rate, @Nullable Map<String, String> configs) {}

  /**
   * A consumer group of {@code topic} that reads up to {@code rate} records per second with {@code
   * members} (client ids), committing every {@code commit} (default 5s).
   */
  public record Group(
      String id,
      String topic,
      @Nullable Double rate,
      @Nullable List<String> members,
      @Nullable String commit) {}
}
