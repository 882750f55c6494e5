package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.LocalDateTime;
import org.jspecify.annotations.Nullable;

/**
 * What a tag operation did.
 *
 * @param createTime when the tag was created, recorded with a retention as Paimon does; null
 *     otherwise
 * @param timeRetained the tag's retention; null for a tag kept until deleted
 * @param deletedFiles files only a deleted tag used (its snapshot had expired); none on create
 */
public record TagReport(
    Action action,
    String tagName,
    long snapshotId,
    @Nullable LocalDateTime createTime,
    @Nullable Duration timeRetained,
    DeletedFiles deletedFiles) {

  /** What happened to the tag. */
  public enum Action {
    CREATED,
    DELETED
  }

  public TagReport {
    requireNonNull(action, "action");
    requireNonNull(tagName, "tagName");
    requireNonNull(deletedFiles, "deletedFiles");
  }
}
