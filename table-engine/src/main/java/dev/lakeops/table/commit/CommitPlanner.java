package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the metadata of the next snapshot and builds it, touching no pointer ({@code
 * paimon-format.md} §14.3 step 4): the new base list is the base's base plus its delta (merged when
 * many manifests are small), the delta list holds this commit's entries (DELETEs before ADDs), the
 * changelog list its changelog files; the index manifest is carried over, or written anew with the
 * commit's index file changes (§9.1); statistics are carried over; record counts follow §3.
 */
final class CommitPlanner {

  private static final Logger LOG = LoggerFactory.getLogger(CommitPlanner.class);
  static final String ROW_TRACKING_ENABLED = "row-tracking.enabled";

  private final SnapshotFiles files;
  private final ManifestMerger merger;
  private final FileNamer namer;
  private final Clock clock;
  private final RowType partitionType;
  private final long schemaId;
  private final boolean rowTracking;
  private final boolean bucketUnaware;

  CommitPlanner(SnapshotFiles files, TableSchema schema, FileNamer namer, Clock clock) {
    this.files = requireNonNull(files, "files");
    this.namer = requireNonNull(namer, "namer");
    this.clock = requireNonNull(clock, "clock");
    TableOptions options = schema.tableOptions();
    this.partitionType = schema.partitionType();
    this.schemaId = schema.id();
    this.rowTracking = options.bool(ROW_TRACKING_ENABLED, false);
    this.bucketUnaware = !schema.hasPrimaryKey() && schema.numBuckets() == -1;
    this.merger =
        new ManifestMerger(
            files,
            partitionType,
            options.manifestTargetFileSize().bytes(),
            options.manifestMergeMinCount());
  }

  /**
   * Writes the manifests and manifest lists of the snapshot that {@code intent} makes on {@code
   * base}. On failure, deletes what it wrote and rethrows.
   *
   * @param delta the entries of the snapshot, from {@code intent.delta()} on {@code base}
   */
  PlannedCommit plan(Optional<Snapshot> base, CommitIntent intent, List<ManifestEntry> delta) {
    List<String> written = new ArrayList<>();
    try {
      return write(base, intent, delta, written);
    } catch (RuntimeException e) {
      deleteQuietly(written);
      throw e;
    }
  }

  private PlannedCommit write(
      Optional<Snapshot> base,
      CommitIntent intent,
      List<ManifestEntry> delta,
      List<String> written) {
    ManifestFiles manifests = files.manifests();
    long nextRowId = base.map(Snapshot::nextRowId).orElse(0L);
    List<ManifestEntry> entries = new ArrayList<>(delta.size());
    delta.stream().filter(e -> e.kind() == FileKind.DELETE).forEach(entries::add);
    for (ManifestEntry e : delta) {
      if (e.kind() == FileKind.ADD) {
        if (rowTracking && intent.kind() == CommitKind.APPEND && e.file().firstRowId() == null) {
          DataFileMeta tracked = e.file().toBuilder().firstRowId(nextRowId).build();
          nextRowId += e.file().rowCount();
          e = new ManifestEntry(e.kind(), e.partition(), e.bucket(), e.totalBuckets(), tracked);
        }
        entries.add(e);
      }
    }

    List<ManifestFileMeta> baseMetas = new ArrayList<>();
    if (base.isPresent()) {
      baseMetas.addAll(files.manifestList(base.get().baseManifestList()));
      baseMetas.addAll(files.manifestList(base.get().deltaManifestList()));
    }
    baseMetas = merger.merge(baseMetas, namer, written);
    String baseList = namer.nextManifestList();
    written.add(baseList);
    long baseListSize = manifests.writeManifestList(baseList, baseMetas);

    String deltaList = namer.nextManifestList();
    List<ManifestFileMeta> deltaMetas = writeManifest(entries, written);
    written.add(deltaList);
    long deltaListSize = manifests.writeManifestList(deltaList, deltaMetas);

    String changelogList = null;
    Long changelogListSize = null;
    if (!intent.changelog().isEmpty()) {
      List<ManifestFileMeta> changelogMetas = writeManifest(intent.changelog(), written);
      changelogList = namer.nextManifestList();
      written.add(changelogList);
      changelogListSize = manifests.writeManifestList(changelogList, changelogMetas);
    }

    long deltaRecords = 0;
    for (ManifestEntry e : entries) {
      deltaRecords += e.kind() == FileKind.ADD ? e.file().rowCount() : -e.file().rowCount();
    }
    long changelogRecords = intent.changelog().stream().mapToLong(e -> e.file().rowCount()).sum();
    long newSchemaId = Math.max(schemaId, base.map(Snapshot::schemaId).orElse(schemaId));
    @Nullable Snapshot restoring = intent.restoring();
    Snapshot snapshot =
        Snapshot.builder()
            .id(base.map(s -> s.id() + 1).orElse(1L))
            .schemaId(newSchemaId)
            .baseManifestList(baseList, baseListSize)
            .deltaManifestList(deltaList, deltaListSize)
            .changelogManifestList(changelogList, changelogListSize)
            .indexManifest(indexManifest(base, intent, written))
            .commitUser(intent.commitUser())
            .commitIdentifier(intent.commitIdentifier())
            .commitKind(intent.kind())
            .timeMillis(clock.millis())
            .totalRecordCount(totalRecords(base) + deltaRecords)
            .deltaRecordCount(deltaRecords)
            .changelogRecordCount(changelogRecords)
            .watermark(base.map(Snapshot::watermark).orElse(null))
            .statistics(
                base.filter(s -> s.schemaId() == newSchemaId)
                    .map(Snapshot::statistics)
                    .orElse(null))
            .nextRowId(nextRowId)
            .build();
    return new PlannedCommit(snapshot, written);
  }

  // The snapshot's index manifest is a full list: the base's entries with this commit's changes
  // combined as Paimon's IndexManifestFileHandler does, written anew only when there are changes.
  private @Nullable String indexManifest(
      Optional<Snapshot> base, CommitIntent intent, List<String> written) {
    if (intent.restoring() != null) {
      return intent.restoring().indexManifest();
    }
    String previous = base.map(Snapshot::indexManifest).orElse(null);
    List<IndexManifestEntry> changes = intent.indexChanges().entries(base);
    if (changes.isEmpty()) {
      return previous;
    }
    List<IndexManifestEntry> entries =
        IndexManifestCombiner.combine(
            previous == null ? List.of() : files.manifests().readIndexManifest(previous),
            changes,
            bucketUnaware);
    String name = namer.nextIndexManifest();
    written.add(name);
    files.manifests().writeIndexManifest(name, entries);
    return name;
  }

  private List<ManifestFileMeta> writeManifest(List<ManifestEntry> entries, List<String> written) {
    if (entries.isEmpty()) {
      return List.of();
    }
    String name = namer.nextManifest();
    written.add(name);
    return List.of(files.manifests().writeManifest(name, partitionType, entries));
  }

  private long totalRecords(Optional<Snapshot> base) {
    if (base.isEmpty()) {
      return 0;
    }
    Long total = base.get().totalRecordCount();
    if (total != null) {
      return total;
    }
    // Snapshots of Paimon <= 0.3 carry no total: count the live files.
    return files.liveFiles(base.get()).files().stream().mapToLong(e -> e.file().rowCount()).sum();
  }

  /**
   * Deletes manifest files that no published snapshot references; failures are logged, never
   * thrown.
   */
  void deleteQuietly(List<String> manifestFiles) {
    for (String name : manifestFiles) {
      try {
        files.manifests().delete(name);
      } catch (RuntimeException e) {
        LOG.warn("Failed to delete unreferenced manifest file {}", name, e);
      }
    }
  }
}
