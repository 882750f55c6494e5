package dev.lakeops.tools.change;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What the change probe read from one table at one moment; the analyzer judges it without I/O.
 *
 * @param table the table as asked for (directory or database.table)
 * @param location the table directory read
 * @param schemas the schema versions, ascending (the newest few dozen)
 * @param commits the snapshots from the window's start on, plus those before it back to the last
 *     streaming data commit (whose user a new one is compared with), ascending
 * @param reachedEarliest whether {@code commits} go back to the earliest snapshot, so no older
 *     commit user is unseen
 * @param earliestSnapshotId the {@code EARLIEST} hint; 0 without one
 * @param earliestHintWritten when the {@code EARLIEST} hint was last written (expiry moves it);
 *     null without one
 * @param latestSnapshotId the latest snapshot; 0 without snapshots
 * @param latestHintWritten when the {@code LATEST} hint was last written (a rollback writes it long
 *     after the snapshot it names); null without one
 * @param tags by name
 */
public record TableChangeSnapshot(
    String table,
    String location,
    Instant capturedAt,
    List<SchemaVersion> schemas,
    List<TableCommit> commits,
    boolean reachedEarliest,
    long earliestSnapshotId,
    @Nullable Instant earliestHintWritten,
    long latestSnapshotId,
    @Nullable Instant latestHintWritten,
    Map<String, TagInfo> tags) {

  /** One schema version ({@code schema/schema-<id>}); columns as {@code name TYPE}. */
  public record SchemaVersion(
      long id,
      long timeMillis,
      List<String> columns,
      List<String> partitionKeys,
      List<String> primaryKeys,
      Map<String, String> options) {
    public SchemaVersion {
      columns = List.copyOf(columns);
      partitionKeys = List.copyOf(partitionKeys);
      primaryKeys = List.copyOf(primaryKeys);
      options = Collections.unmodifiableMap(new TreeMap<>(options));
    }
  }

  /**
   * One snapshot, as its snapshot file records it; {@code commitIdentifier} is {@code
   * Long.MAX_VALUE} for batch commits.
   */
  public record TableCommit(
      long snapshotId,
      long schemaId,
      String commitUser,
      long commitIdentifier,
      String commitKind,
      long timeMillis,
      @Nullable Long deltaRecordCount,
      @Nullable Long totalRecordCount) {
    public TableCommit {
      requireNonNull(commitUser, "commitUser");
      requireNonNull(commitKind, "commitKind");
    }

    public boolean isBatch() {
      return commitIdentifier == Long.MAX_VALUE;
    }

    public boolean writesData() {
      return commitKind.equals("APPEND") || commitKind.equals("OVERWRITE");
    }
  }

  /**
   * One tag.
   *
   * @param fileWritten when its file was written, i.e. when the tag was created
   * @param createTime {@code tagCreateTime} as the file has it (local time, no zone); null when
   *     absent
   */
  public record TagInfo(
      long snapshotId, @Nullable Instant fileWritten, @Nullable String createTime) {}

  public TableChangeSnapshot {
    requireNonNull(table, "table");
    requireNonNull(location, "location");
    requireNonNull(capturedAt, "capturedAt");
    schemas = List.copyOf(schemas);
    commits = List.copyOf(commits);
    tags = Collections.unmodifiableMap(new TreeMap<>(tags));
  }

  /** The history key: the table directory. */
  public String key() {
    return location;
  }
}
