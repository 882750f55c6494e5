package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The state a table action depends on: the latest snapshot, the retained range, tags and consumers.
 *
 * @param latest the latest snapshot; null for a table without snapshots
 * @param earliestSnapshotId the earliest retained snapshot; 0 without snapshots
 * @param schemaId the latest schema
 * @param tags tag name to the snapshot it pins, sorted by name
 * @param consumers consumer id to the next snapshot it reads, sorted by id
 */
public record SnapshotsSummary(
    String table,
    String location,
    @Nullable CommitRecord latest,
    long earliestSnapshotId,
    long schemaId,
    Map<String, Long> tags,
    Map<String, Long> consumers) {

  public SnapshotsSummary {
    requireNonNull(table, "table");
    requireNonNull(location, "location");
    tags = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tags));
    consumers = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(consumers));
  }
}
