package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.DataFileLocator;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The files snapshots use, as paths in the table directory: their metadata (manifest lists, the
 * manifests they name, the index manifest and its index files, the statistics file) and their data
 * (live data files with extra files, changelog files).
 *
 * <p>For a run of consecutive snapshots the data files live in any of them are the live files of
 * the first plus the files each later one adds: every commit's base list is its predecessor's base
 * plus delta, so a file live in snapshot k+1 is live in k or added by k+1. Paths, not file
 * identities, are compared, so a file moved to another level counts as one file.
 */
final class FileUsage {

  private final TableView view;
  private final SnapshotFiles files;
  private final DataFileLocator locator;

  FileUsage(TableView view, DataFileLocator locator) {
    this.view = requireNonNull(view, "view");
    this.files = view.files;
    this.locator = requireNonNull(locator, "locator");
  }

  /** Adds the metadata files of {@code snapshot}. */
  void addMetadata(Snapshot snapshot, Set<Path> out) {
    addList(snapshot.baseManifestList(), out);
    addList(snapshot.deltaManifestList(), out);
    if (snapshot.changelogManifestList() != null) {
      addList(snapshot.changelogManifestList(), out);
    }
    if (snapshot.indexManifest() != null) {
      out.add(view.paths.manifestFile(snapshot.indexManifest()));
      for (IndexManifestEntry e : files.manifests().readIndexManifest(snapshot.indexManifest())) {
        if (e.externalPath() == null) {
          out.add(view.paths.indexFile(e.fileName()));
        }
      }
    }
    if (snapshot.statistics() != null) {
      out.add(view.paths.statisticsFile(snapshot.statistics()));
    }
  }

  private void addList(String listName, Set<Path> out) {
    out.add(view.paths.manifestFile(listName));
    for (ManifestFileMeta meta : files.manifestList(listName)) {
      out.add(view.paths.manifestFile(meta.fileName()));
    }
  }

  /**
   * Adds the data files live in any of the consecutive snapshots {@code ascending}, and their
   * changelog files.
   */
  void addDataOfRun(List<Snapshot> ascending, Set<Path> out) {
    Snapshot previous = null;
    for (Snapshot s : ascending) {
      if (previous == null || s.id() != previous.id() + 1) {
        addEntries(files.liveFiles(s).files(), out);
      } else {
        addEntries(
            files.deltaEntries(s).stream().filter(e -> e.kind() == FileKind.ADD).toList(), out);
      }
      addEntries(files.changelogEntries(s), out);
      previous = s;
    }
  }

  /** Adds everything {@code tag} pins: its snapshot's metadata, live data and changelog files. */
  void addTag(Tag tag, Set<Path> out) {
    addMetadata(tag.snapshot(), out);
    addDataOfRun(List.of(tag.snapshot()), out);
  }

  /**
   * Adds what a long-lived changelog ({@code changelog/changelog-N}) still references: its lists
   * and manifests where present, and the data and changelog files of its delta and changelog lists.
   */
  void addLongLivedChangelog(Snapshot changelog, Set<Path> out) {
    for (String list :
        new String[] {
          changelog.baseManifestList(),
          changelog.deltaManifestList(),
          changelog.changelogManifestList()
        }) {
      if (list == null) {
        continue;
      }
      try {
        Set<Path> listed = new HashSet<>();
        addList(list, listed);
        out.addAll(listed);
        if (!list.equals(changelog.baseManifestList())) {
          addEntries(files.entries(list), out);
        }
      } catch (UncheckedIOException e) {
        if (!(e.getCause() instanceof NoSuchFileException)) {
          throw e;
        }
      }
    }
  }

  void addEntries(Collection<ManifestEntry> entries, Set<Path> out) {
    for (ManifestEntry e : entries) {
      out.addAll(locator.files(e.partition(), e.bucket(), e.file()));
    }
  }
}
