package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One version of a table: the content of {@code snapshot/snapshot-<id>} (source: Paimon {@code
 * Snapshot}; {@code paimon-format.md} §3). Immutable; build one with {@link #builder()}.
 *
 * @param version format version, 3 since Paimon 0.4 (1 when the file has none)
 * @param id dense from 1
 * @param schemaId the latest schema at commit time
 * @param baseManifestList manifest list of everything live before this commit
 * @param baseManifestListSize its size in bytes; null when unknown (Paimon ≤ 1.0)
 * @param deltaManifestList manifest list of this commit's ADD/DELETE entries
 * @param changelogManifestList manifest list of the changelog files of this commit, or null
 * @param indexManifest the full index manifest of the table, or null when it has no index files
 * @param commitUser writer identity, stable across restarts of one job
 * @param commitIdentifier checkpoint id for streaming, {@link Long#MAX_VALUE} for batch commits
 * @param timeMillis commit time, epoch ms
 * @param logOffsets legacy log-system offsets: {@code {}} in Paimon 1.2/1.3, null when absent
 *     (1.4+)
 * @param totalRecordCount rows in all live files (physical, including -U/-D rows); null for Paimon
 *     ≤ 0.3
 * @param deltaRecordCount rows added minus rows removed by this commit; may be negative
 * @param changelogRecordCount rows in this commit's changelog files; 0 or null when none
 * @param watermark max watermark so far; null when none ({@link Long#MIN_VALUE} also means none)
 * @param statistics statistics file name, or null
 * @param properties commit properties in file order, or null (Paimon writes null for none)
 * @param nextRowId row-tracking counter; Paimon 1.3 writes 0, 1.2 none
 */
public record Snapshot(
    int version,
    long id,
    long schemaId,
    String baseManifestList,
    @Nullable Long baseManifestListSize,
    String deltaManifestList,
    @Nullable Long deltaManifestListSize,
    @Nullable String changelogManifestList,
    @Nullable Long changelogManifestListSize,
    @Nullable String indexManifest,
    String commitUser,
    long commitIdentifier,
    CommitKind commitKind,
    long timeMillis,
    @Nullable Map<Integer, Long> logOffsets,
    @Nullable Long totalRecordCount,
    @Nullable Long deltaRecordCount,
    @Nullable Long changelogRecordCount,
    @Nullable Long watermark,
    @Nullable String statistics,
    @Nullable Map<String, String> properties,
    @Nullable Long nextRowId) {

  public static final int CURRENT_VERSION = 3;

  /** The commit identifier of batch commits. */
  public static final long BATCH_COMMIT_IDENTIFIER = Long.MAX_VALUE;

  public Snapshot {
    if (version < 1) {
      throw new IllegalArgumentException(
          "Invalid snapshot version: " + version + " (must be >= 1)");
    }
    if (id < 1) {
      throw new IllegalArgumentException("Invalid snapshot id: " + id + " (must be >= 1)");
    }
    if (schemaId < 0) {
      throw new IllegalArgumentException("Invalid schema id: " + schemaId + " (must be >= 0)");
    }
    requireNonNull(baseManifestList, "baseManifestList");
    requireNonNull(deltaManifestList, "deltaManifestList");
    requireNonNull(commitUser, "commitUser");
    requireNonNull(commitKind, "commitKind");
    logOffsets =
        logOffsets == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(logOffsets));
    properties =
        properties == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /**
   * A builder whose defaults make the snapshot JSON look like Paimon 1.3.1's for a table without
   * changelog, index, watermark or row tracking: version 3, {@code logOffsets = {}}, {@code
   * changelogRecordCount = 0}, {@code nextRowId = 0}, batch commit identifier.
   */
  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Builds a {@link Snapshot}; every setter replaces the value. */
  public static final class Builder {
    private int version = CURRENT_VERSION;
    private long id;
    private long schemaId;
    private @Nullable String baseManifestList;
    private @Nullable Long baseManifestListSize;
    private @Nullable String deltaManifestList;
    private @Nullable Long deltaManifestListSize;
    private @Nullable String changelogManifestList;
    private @Nullable Long changelogManifestListSize;
    private @Nullable String indexManifest;
    private @Nullable String commitUser;
    private long commitIdentifier = BATCH_COMMIT_IDENTIFIER;
    private CommitKind commitKind = CommitKind.APPEND;
    private long timeMillis;
    private @Nullable Map<Integer, Long> logOffsets = Map.of();
    private @Nullable Long totalRecordCount = 0L;
    private @Nullable Long deltaRecordCount = 0L;
    private @Nullable Long changelogRecordCount = 0L;
    private @Nullable Long watermark;
    private @Nullable String statistics;
    private @Nullable Map<String, String> properties;
    private @Nullable Long nextRowId = 0L;

    private Builder() {}

    private Builder(Snapshot s) {
      version = s.version;
      id = s.id;
      schemaId = s.schemaId;
      baseManifestList = s.baseManifestList;
      baseManifestListSize = s.baseManifestListSize;
      deltaManifestList = s.deltaManifestList;
      deltaManifestListSize = s.deltaManifestListSize;
      changelogManifestList = s.changelogManifestList;
      changelogManifestListSize = s.changelogManifestListSize;
      indexManifest = s.indexManifest;
      commitUser = s.commitUser;
      commitIdentifier = s.commitIdentifier;
      commitKind = s.commitKind;
      timeMillis = s.timeMillis;
      logOffsets = s.logOffsets;
      totalRecordCount = s.totalRecordCount;
      deltaRecordCount = s.deltaRecordCount;
      changelogRecordCount = s.changelogRecordCount;
      watermark = s.watermark;
      statistics = s.statistics;
      properties = s.properties;
      nextRowId = s.nextRowId;
    }

    public Builder version(int value) {
      version = value;
      return this;
    }

    public Builder id(long value) {
      id = value;
      return this;
    }

    public Builder schemaId(long value) {
      schemaId = value;
      return this;
    }

    public Builder baseManifestList(String name, @Nullable Long size) {
      baseManifestList = name;
      baseManifestListSize = size;
      return this;
    }

    public Builder deltaManifestList(String name, @Nullable Long size) {
      deltaManifestList = name;
      deltaManifestListSize = size;
      return this;
    }

    public Builder changelogManifestList(@Nullable String name, @Nullable Long size) {
      changelogManifestList = name;
      changelogManifestListSize = size;
      return this;
    }

    public Builder indexManifest(@Nullable String value) {
      indexManifest = value;
      return this;
    }

    public Builder commitUser(String value) {
      commitUser = value;
      return this;
    }

    public Builder commitIdentifier(long value) {
      commitIdentifier = value;
      return this;
    }

    public Builder commitKind(CommitKind value) {
      commitKind = value;
      return this;
    }

    public Builder timeMillis(long value) {
      timeMillis = value;
      return this;
    }

    public Builder logOffsets(@Nullable Map<Integer, Long> value) {
      logOffsets = value;
      return this;
    }

    public Builder totalRecordCount(@Nullable Long value) {
      totalRecordCount = value;
      return this;
    }

    public Builder deltaRecordCount(@Nullable Long value) {
      deltaRecordCount = value;
      return this;
    }

    public Builder changelogRecordCount(@Nullable Long value) {
      changelogRecordCount = value;
      return this;
    }

    public Builder watermark(@Nullable Long value) {
      watermark = value;
      return this;
    }

    public Builder statistics(@Nullable String value) {
      statistics = value;
      return this;
    }

    public Builder properties(@Nullable Map<String, String> value) {
      properties = value;
      return this;
    }

    public Builder nextRowId(@Nullable Long value) {
      nextRowId = value;
      return this;
    }

    public Snapshot build() {
      return new Snapshot(
          version,
          id,
          schemaId,
          baseManifestList,
          baseManifestListSize,
          deltaManifestList,
          deltaManifestListSize,
          changelogManifestList,
          changelogManifestListSize,
          indexManifest,
          commitUser,
          commitIdentifier,
          commitKind,
          timeMillis,
          logOffsets,
          totalRecordCount,
          deltaRecordCount,
          changelogRecordCount,
          watermark,
          statistics,
          properties,
          nextRowId);
    }
  }
}
