package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.Snapshot;
import java.util.List;

/**
 * A snapshot ready to publish and the manifest files (in {@code manifest/}) written for it. Until
 * the snapshot is published nothing references those files; when another writer takes its id they
 * are deleted, and the next attempt writes its own.
 */
record PlannedCommit(Snapshot snapshot, List<String> writtenManifestFiles) {

  PlannedCommit {
    requireNonNull(snapshot, "snapshot");
    writtenManifestFiles = List.copyOf(writtenManifestFiles);
  }
}
