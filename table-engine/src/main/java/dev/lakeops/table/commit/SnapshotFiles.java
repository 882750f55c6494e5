package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.LiveFiles;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the manifests of snapshots: the entries of a manifest list and the live files of a snapshot
 * (base list, then delta list, folded; {@code paimon-format.md} §7.3). Manifest files are immutable
 * and never renamed, so their entries are cached by file name; the cache holds up to a fixed number
 * of entries and evicts the least recently used manifests. Thread-safe.
 */
public final class SnapshotFiles {

  private static final long MAX_CACHED_ENTRIES = 200_000;

  private final ManifestFiles manifests;
  private final LinkedHashMap<String, List<ManifestEntry>> cache =
      new LinkedHashMap<>(64, 0.75f, true);
  private long cachedEntries;

  public SnapshotFiles(ManifestFiles manifests) {
    this.manifests = requireNonNull(manifests, "manifests");
  }

  public ManifestFiles manifests() {
    return manifests;
  }

  /**
   * @throws dev.lakeops.table.meta.CorruptManifestException not a manifest list; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public List<ManifestFileMeta> manifestList(String fileName) {
    return manifests.readManifestList(fileName);
  }

  /**
   * The entries of one manifest file.
   *
   * @throws dev.lakeops.table.meta.CorruptManifestException not a manifest; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public List<ManifestEntry> manifest(String fileName) {
    synchronized (cache) {
      List<ManifestEntry> cached = cache.get(fileName);
      if (cached != null) {
        return cached;
      }
    }
    List<ManifestEntry> entries = List.copyOf(manifests.readManifest(fileName));
    synchronized (cache) {
      if (cache.put(fileName, entries) == null) {
        cachedEntries += entries.size();
      }
      var eldest = cache.entrySet().iterator();
      while (cachedEntries > MAX_CACHED_ENTRIES && eldest.hasNext()) {
        Map.Entry<String, List<ManifestEntry>> e = eldest.next();
        cachedEntries -= e.getValue().size();
        eldest.remove();
      }
    }
    return entries;
  }

  /**
   * The entries of each manifest of {@code fileNames}, in that order. Those not in the cache are
   * read up to {@code parallelism} at a time: on an object store each read waits a round trip, so a
   * plan that read its manifests one after another would wait one round trip per manifest (Paimon
   * reads them in parallel too, {@code scan.manifest.parallelism}). A failure of any read is thrown
   * as the sequential read would throw it.
   *
   * @throws dev.lakeops.table.meta.CorruptManifestException a manifest does not decode; names it
   * @throws java.io.UncheckedIOException a manifest cannot be read (a missing file included)
   */
  public List<List<ManifestEntry>> manifests(List<String> fileNames, int parallelism) {
    int threads = Math.min(parallelism, fileNames.size());
    if (threads <= 1) {
      return fileNames.stream().map(this::manifest).toList();
    }
    @SuppressWarnings("unchecked")
    List<ManifestEntry>[] read = new List[fileNames.size()];
    AtomicInteger next = new AtomicInteger();
    Runnable reader =
        () -> {
          for (int i = next.getAndIncrement(); i < read.length; i = next.getAndIncrement()) {
            read[i] = manifest(fileNames.get(i));
          }
        };
    List<Future<?>> readers = new ArrayList<>(threads - 1);
    for (int t = 1; t < threads; t++) {
      readers.add(READERS.submit(reader));
    }
    RuntimeException failure = null;
    try {
      reader.run();
    } catch (RuntimeException e) {
      failure = e;
      next.set(read.length);
    }
    for (Future<?> f : readers) {
      try {
        f.get();
      } catch (ExecutionException e) {
        if (failure == null) {
          failure =
              e.getCause() instanceof RuntimeException r
                  ? r
                  : new IllegalStateException("Failed to read a manifest", e.getCause());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        if (failure == null) {
          failure = new IllegalStateException("Interrupted while reading manifests", e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return Arrays.asList(read);
  }

  /**
   * The threads that read manifests beside the planning thread: daemon threads, made on demand and
   * dropped after a minute idle, so a process that plans nothing keeps none.
   */
  private static final ExecutorService READERS =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          60,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          r -> {
            Thread t = new Thread(r, "lakeops-manifest-reader");
            t.setDaemon(true);
            return t;
          });

  /** All entries of the manifests a manifest list names, in list order. */
  public List<ManifestEntry> entries(String manifestListName) {
    List<ManifestEntry> all = new ArrayList<>();
    for (ManifestFileMeta meta : manifestList(manifestListName)) {
      all.addAll(manifest(meta.fileName()));
    }
    return all;
  }

  /** The entries this snapshot's commit wrote: its delta manifest list. */
  public List<ManifestEntry> deltaEntries(Snapshot snapshot) {
    return entries(snapshot.deltaManifestList());
  }

  /** The changelog files this snapshot's commit produced; empty when it has no changelog list. */
  public List<ManifestEntry> changelogEntries(Snapshot snapshot) {
    return snapshot.changelogManifestList() == null
        ? List.of()
        : entries(snapshot.changelogManifestList());
  }

  /**
   * The live files of {@code snapshot}.
   *
   * @throws IllegalStateException the manifests add a file twice (a corrupt table)
   */
  public LiveFiles liveFiles(Snapshot snapshot) {
    return new LiveFiles()
        .apply(entries(snapshot.baseManifestList()))
        .apply(deltaEntries(snapshot));
  }
}
