package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

/**
 * What deleting a tag would remove, computed without changing anything.
 *
 * @param tagName the tag
 * @param snapshotId the snapshot it pins
 * @param snapshotExpired the snapshot no longer exists, so files only the tag used would go
 * @param files those files; none while the snapshot exists
 */
public record TagDeletePreview(
    String tagName, long snapshotId, boolean snapshotExpired, FilesPreview files) {

  public TagDeletePreview {
    requireNonNull(tagName, "tagName");
    requireNonNull(files, "files");
  }
}
