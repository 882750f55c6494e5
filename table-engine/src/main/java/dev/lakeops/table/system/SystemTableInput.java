package dev.lakeops.table.system;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.Snapshot;
import java.time.ZoneId;
import java.util.Optional;

/**
 * What a system table is computed from.
 *
 * @param table the table's metadata
 * @param snapshot the snapshot that per-snapshot tables describe; empty for a table without
 *     snapshots
 * @param zone the zone in which epoch-millisecond times ({@code commit_time}, {@code update_time})
 *     and TIMESTAMP WITH LOCAL TIME ZONE partition values are shown; Paimon uses the JVM's default
 *     zone
 */
public record SystemTableInput(TableMetadata table, Optional<Snapshot> snapshot, ZoneId zone) {

  public SystemTableInput {
    requireNonNull(table, "table");
    requireNonNull(snapshot, "snapshot");
    requireNonNull(zone, "zone");
  }
}
