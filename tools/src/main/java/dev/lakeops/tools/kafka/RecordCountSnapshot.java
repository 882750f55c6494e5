package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The counted records of offset ranges of one topic.
 *
 * @param topic the topic's shape and configuration ({@code null} if it could not be described)
 */
public record RecordCountSnapshot(
    String cluster,
    String bootstrap,
    String topicName,
    @Nullable TopicInfo topic,
    Instant capturedAt,
    List<RangeCount> ranges,
    List<ProbeError> errors,
    List<String> queries) {

  public RecordCountSnapshot {
    requireNonNull(cluster, "cluster");
    requireNonNull(bootstrap, "bootstrap");
    requireNonNull(topicName, "topicName");
    requireNonNull(capturedAt, "capturedAt");
    ranges = Copies.list(ranges);
    errors = Copies.list(errors);
    queries = Copies.list(queries);
  }
}
