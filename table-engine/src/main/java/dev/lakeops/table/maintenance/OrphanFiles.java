package dev.lakeops.table.maintenance;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds and removes orphan files: files in the table directory that no snapshot, tag or long-lived
 * changelog references, left by failed writes, lost commit attempts, crashes and destructive
 * rollbacks (Paimon's {@code remove_orphan_files}, {@code paimon-format.md} §18).
 *
 * <p>Only files last modified before {@code olderThan} are candidates: a commit writes its files
 * before its snapshot references them, so a recent unreferenced file may be part of a commit in
 * flight. Keep the margin longer than any commit takes ({@link #DEFAULT_MARGIN}, as Paimon).
 * Snapshot, tag, consumer, schema and changelog metadata is never a candidate, except leftover
 * temporary files; files whose names no writer makes are left alone. References are collected after
 * the listing, so a snapshot published meanwhile protects its files.
 */
public final class OrphanFiles {

  private static final Logger LOG = LoggerFactory.getLogger(OrphanFiles.class);

  /** Paimon's default {@code older_than}: a day. */
  public static final Duration DEFAULT_MARGIN = Duration.ofDays(1);

  private final TableView view;

  public OrphanFiles(FileIO io, TablePaths paths) {
    this(io, paths, Clock.systemDefaultZone());
  }

  public OrphanFiles(FileIO io, TablePaths paths, Clock clock) {
    this.view = new TableView(io, paths, clock);
  }

  /** Orphans last modified before {@code olderThan}, without deleting them. */
  public List<Path> find(Instant olderThan) {
    return orphans(olderThan, new int[1]);
  }

  /** What {@link #remove(Instant)} would delete now, with sizes, without deleting anything. */
  public OrphanPreview preview(Instant olderThan) {
    int[] scanned = new int[1];
    List<Path> orphans = orphans(olderThan, scanned);
    return new OrphanPreview(olderThan, scanned[0], FilesPreview.of(view.io, view.paths, orphans));
  }

  /** Deletes the orphans last modified before {@code olderThan}. */
  public OrphanReport remove(Instant olderThan) {
    int[] scanned = new int[1];
    List<Path> orphans = orphans(olderThan, scanned);
    DeletedFiles deleted = FileDeleter.delete(view.io, view.paths, orphans);
    LOG.info(
        "Removed {} orphan files ({} bytes) older than {} from {}",
        deleted.count(),
        deleted.bytes(),
        olderThan,
        view.paths.root());
    return new OrphanReport(olderThan, scanned[0], deleted);
  }

  /** Deletes the orphans older than {@link #DEFAULT_MARGIN}. */
  public OrphanReport remove() {
    return remove(view.clock.instant().minus(DEFAULT_MARGIN));
  }

  private List<Path> orphans(Instant olderThan, int[] scanned) {
    view.checkNoBranches("remove orphan files");
    TableSchema schema = view.latestSchema();
    TableOptions options = schema.tableOptions();
    List<Path> candidates = new ArrayList<>();
    // Metadata directories: only temporary files of interrupted writes.
    for (Path dir :
        List.of(
            view.paths.snapshotDir(),
            view.paths.tagDir(),
            view.paths.consumerDir(),
            view.paths.schemaDir(),
            view.paths.changelogDir())) {
      collect(dir, name -> TablePaths.isTempFile(name), candidates);
    }
    collect(
        view.paths.manifestDir(),
        name ->
            TablePaths.isTempFile(name)
                || name.startsWith("manifest-")
                || name.startsWith("index-manifest-"),
        candidates);
    collect(
        view.paths.indexDir(),
        name -> TablePaths.isTempFile(name) || name.startsWith("index-"),
        candidates);
    collect(
        view.paths.statisticsDir(),
        name -> TablePaths.isTempFile(name) || name.startsWith("stat-"),
        candidates);
    String dataPrefix = options.dataFilePrefix();
    String changelogPrefix = options.changelogFilePrefix();
    for (Path bucketDir : bucketDirs(view.paths.root(), schema.partitionKeys().size())) {
      collect(
          bucketDir,
          name ->
              TablePaths.isTempFile(name)
                  || name.startsWith(dataPrefix)
                  || name.startsWith(changelogPrefix),
          candidates);
    }
    scanned[0] = candidates.size();

    Set<String> referenced = referencedNames();
    List<Path> orphans = new ArrayList<>();
    for (Path file : candidates) {
      String name = file.getFileName().toString();
      if ((TablePaths.isTempFile(name) || !referenced.contains(name))
          && view.io.lastModified(file).isBefore(olderThan)) {
        orphans.add(file);
      }
    }
    orphans.sort(null);
    return orphans;
  }

  private interface NameFilter {
    boolean accepts(String name);
  }

  private void collect(Path dir, NameFilter filter, List<Path> out) {
    for (Path p : view.io.list(dir)) {
      if (filter.accepts(p.getFileName().toString())) {
        out.add(p);
      }
    }
  }

  // Data lives in <partition dirs k=v, one level per partition key>/bucket-N/; nothing else is
  // walked, so unknown directories in the table are never touched.
  private List<Path> bucketDirs(Path dir, int partitionLevels) {
    List<Path> result = new ArrayList<>();
    for (Path p : view.io.list(dir)) {
      String name = p.getFileName().toString();
      if (partitionLevels == 0 && name.startsWith("bucket-")) {
        result.add(p);
      } else if (partitionLevels > 0 && name.indexOf('=') > 0 && !name.startsWith(".")) {
        result.addAll(bucketDirs(p, partitionLevels - 1));
      }
    }
    return result;
  }

  /** The names of every file any snapshot, tag or long-lived changelog references, by any entry. */
  private Set<String> referencedNames() {
    List<Snapshot> all = new ArrayList<>(view.allSnapshots());
    for (Tag tag : view.tags().values()) {
      all.add(tag.snapshot());
    }
    all.addAll(view.changelogs().values());
    Set<String> names = new HashSet<>();
    Set<String> lists = new HashSet<>();
    for (Snapshot s : all) {
      for (String list :
          new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
        if (list != null && lists.add(list)) {
          names.add(list);
          for (ManifestFileMeta meta : view.files.manifestList(list)) {
            if (names.add(meta.fileName())) {
              for (ManifestEntry e : view.files.manifest(meta.fileName())) {
                DataFileMeta f = e.file();
                names.add(f.fileName());
                names.addAll(f.extraFiles());
              }
            }
          }
        }
      }
      if (s.indexManifest() != null && names.add(s.indexManifest())) {
        for (IndexManifestEntry e : view.files.manifests().readIndexManifest(s.indexManifest())) {
          names.add(e.fileName());
        }
      }
      if (s.statistics() != null) {
        names.add(s.statistics());
      }
    }
    return names;
  }
}
