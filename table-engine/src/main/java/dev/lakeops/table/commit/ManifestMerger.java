package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.FileIdentifier;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps a snapshot's base manifest list short by merging small manifests, like Paimon's {@code
 * ManifestFileMerger} ({@code paimon-format.md} §7.3): once at least {@code
 * manifest.merge-min-count} manifests are smaller than {@code manifest.target-file-size}, each run
 * of consecutive small manifests is folded into as few manifests of about the target size as it
 * takes.
 *
 * <p>Folding a run keeps the meaning of the whole list: an ADD and a later DELETE of the same file
 * inside the run cancel; a DELETE whose ADD lies in an earlier manifest is kept and written before
 * the run's ADDs (so a file deleted and re-added at the same identity stays correct). A run that
 * starts the list has no earlier manifest, so its leftover DELETEs are dropped: merging every
 * manifest is Paimon's full manifest compaction. Only consecutive manifests are merged, because the
 * order of the list carries the order of ADD and DELETE.
 */
final class ManifestMerger {

  private final SnapshotFiles files;
  private final RowType partitionType;
  private final long targetSize;
  private final int minCount;

  ManifestMerger(SnapshotFiles files, RowType partitionType, long targetSize, int minCount) {
    this.files = requireNonNull(files, "files");
    this.partitionType = requireNonNull(partitionType, "partitionType");
    if (targetSize <= 0 || minCount < 1) {
      throw new IllegalArgumentException(
          "Invalid manifest merge settings: target size " + targetSize + ", min count " + minCount);
    }
    this.targetSize = targetSize;
    this.minCount = minCount;
  }

  /**
   * Returns {@code metas} or a shorter equivalent list; the names of manifests written for it are
   * added to {@code written}.
   */
  List<ManifestFileMeta> merge(
      List<ManifestFileMeta> metas, FileNamer namer, List<String> written) {
    long small = metas.stream().filter(m -> m.fileSize() < targetSize).count();
    if (small < minCount) {
      return metas;
    }
    List<ManifestFileMeta> result = new ArrayList<>();
    List<ManifestFileMeta> run = new ArrayList<>();
    int runStart = 0;
    for (int i = 0; i < metas.size(); i++) {
      ManifestFileMeta m = metas.get(i);
      if (m.fileSize() < targetSize) {
        if (run.isEmpty()) {
          runStart = i;
        }
        run.add(m);
      } else {
        flush(run, runStart == 0, namer, written, result);
        result.add(m);
      }
    }
    flush(run, runStart == 0, namer, written, result);
    return result;
  }

  private void flush(
      List<ManifestFileMeta> run,
      boolean startsList,
      FileNamer namer,
      List<String> written,
      List<ManifestFileMeta> result) {
    if (run.size() < 2) {
      result.addAll(run);
      run.clear();
      return;
    }
    Map<FileIdentifier, ManifestEntry> adds = new LinkedHashMap<>();
    Map<FileIdentifier, ManifestEntry> deletes = new LinkedHashMap<>();
    long bytes = 0;
    for (ManifestFileMeta meta : run) {
      bytes += meta.fileSize();
      for (ManifestEntry e : files.manifest(meta.fileName())) {
        FileIdentifier id = e.identifier();
        if (e.kind() == FileKind.ADD) {
          if (adds.putIfAbsent(id, e) != null) {
            throw new IllegalStateException(
                "Trying to add file "
                    + e.fileName()
                    + " which is already added (manifest "
                    + meta.fileName()
                    + ")");
          }
        } else if (adds.remove(id) == null) {
          deletes.put(id, e);
        }
      }
    }
    List<ManifestEntry> merged = new ArrayList<>(deletes.size() + adds.size());
    if (!startsList) {
      merged.addAll(deletes.values());
    }
    merged.addAll(adds.values());
    int total =
        run.stream()
            .mapToInt(
                m -> (int) Math.min(Integer.MAX_VALUE, m.numAddedFiles() + m.numDeletedFiles()))
            .sum();
    // Entries per output manifest, estimated from the input's bytes per entry.
    long perManifest =
        Math.max(
            1,
            total == 0 ? merged.size() : (long) ((double) targetSize * total / Math.max(1, bytes)));
    for (int from = 0;
        from < merged.size();
        from += (int) Math.min(perManifest, Integer.MAX_VALUE)) {
      int to = (int) Math.min(merged.size(), from + perManifest);
      String name = namer.nextManifest();
      written.add(name);
      result.add(files.manifests().writeManifest(name, partitionType, merged.subList(from, to)));
    }
    run.clear();
  }
}
