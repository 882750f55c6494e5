package dev.lakeops.tools.flink;

import java.util.List;
import java.util.Locale;

/**
 * Root-cause classes of a Flink job failure, each recognised from an exception's first line, causes
 * and first frames ({@code flink-rest.md} §5.3, {@code ops-knowledge.md} §3.3, §8.1). The first
 * class whose signature matches wins, so the specific classes come before the generic ones.
 */
public enum FailureCause {
  /** Paimon's files conflict: a file this commit deletes was compacted away by another job. */
  COMMIT_CONFLICT(
      "commit-conflict",
      List.of(
          "file deletion conflicts detected",
          "lsm conflicts detected",
          "there maybe exist commit conflicts between multiple jobs"),
      List.of()),
  OUT_OF_MEMORY(
      "oom",
      List.of(
          "outofmemoryerror",
          "java heap space",
          "gc overhead limit exceeded",
          "direct buffer memory",
          "metaspace"),
      List.of()),
  CHECKPOINT_TIMEOUT(
      "checkpoint-timeout",
      List.of(
          "exceeded checkpoint tolerable failure threshold",
          "checkpoint expired before completing"),
      List.of()),
  /** Debezium / MySQL CDC: binlog reading, purged binlog or GTIDs, server-id clashes. */
  CDC_SOURCE(
      "cdc-source",
      List.of(
          "debezium",
          "binlog",
          "mysqlstreamingchangeeventsource",
          "missingtablemapeventexception",
          "the slave is connecting using change master",
          "a slave with the same server_uuid"),
      List.of(
          "io.debezium.",
          "com.github.shyiko.mysql.binlog.",
          "org.apache.flink.cdc.",
          "com.ververica.cdc.")),
  DESERIALIZATION(
      "deserialization",
      List.of(
          "deserializ",
          "jsonparseexception",
          "unrecognized token",
          "malformed",
          "serializationexception",
          "invalid utf-8",
          "unexpected character"),
      List.of()),
  KAFKA_SOURCE(
      "kafka-source",
      List.of(
          "org.apache.kafka.common.errors",
          "kafkaconsumer",
          "offsetoutofrange",
          "kafkasourcereader"),
      List.of("org.apache.kafka.", "org.apache.flink.connector.kafka.source.")),
  /** A sink or committer failed (writer, two-phase commit), for a reason not recognised above. */
  SINK_FAILURE(
      "sink-failure",
      List.of("commit failed", "failed to commit"),
      List.of(
          "org.apache.flink.streaming.runtime.operators.sink.",
          "org.apache.flink.streaming.api.connector.sink2.")),
  /** Any other task failure: user code or a connector, with its cause. */
  TASK_FAILURE("task-failure", List.of(), List.of());

  private final String id;
  private final List<String> textSignatures;
  private final List<String> framePrefixes;

  FailureCause(String id, List<String> textSignatures, List<String> framePrefixes) {
    this.id = id;
    this.textSignatures = textSignatures;
    this.framePrefixes = framePrefixes;
  }

  /** The class's id, the last part of its finding code {@code flink.exception.<id>}. */
  public String id() {
    return id;
  }

  /**
   * The class of {@code e}'s root cause ({@link FlinkException#rootCause()}) when its line carries
   * a signature; otherwise the first class whose signature the whole chain or its first frames
   * carry; {@link #TASK_FAILURE} when none does. The root cause comes first because wrappers'
   * messages ("commit failed", "One or more fetchers have encountered exception") say where a
   * failure surfaced, not what it was.
   */
  public static FailureCause classify(FlinkException e) {
    String root = e.rootCause().toString().toLowerCase(Locale.ROOT);
    for (FailureCause cause : values()) {
      if (cause.textSignatures.stream().anyMatch(root::contains)) {
        return cause;
      }
    }
    String text = e.text().toLowerCase(Locale.ROOT);
    for (FailureCause cause : values()) {
      if (cause.textSignatures.stream().anyMatch(text::contains)
          || e.frames().stream()
              .anyMatch(f -> cause.framePrefixes.stream().anyMatch(f::startsWith))) {
        return cause;
      }
    }
    return TASK_FAILURE;
  }
}
