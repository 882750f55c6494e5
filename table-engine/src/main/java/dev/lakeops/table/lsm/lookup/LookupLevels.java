package dev.lakeops.table.lsm.lookup;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.deletion.DeletionVectorMaintainer;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.SortedRun;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Finds the current version of a key in the levels ≥ 1 of one bucket (the role of Paimon's {@code
 * LookupLevels}): level by level upwards from a start level, the first level holding the key wins,
 * as a newer version of a key always lives in a lower level. A row its file's deletion vector marks
 * is not found.
 *
 * <p>Each file is loaded into memory on its first lookup and kept, by file name, until {@link
 * #forget}: a level ≥ 1 file holds one record per key sorted by key, so a binary search gives the
 * record and its row position. Paimon keeps such a structure on local disk; the structure is local
 * to the writer, only the answers have to agree.
 */
public final class LookupLevels {

  /** The record of a key and where it lives: its level, its file and its row position there. */
  public record Found(KeyValue kv, int level, String fileName, long position) {}

  private final KeyOrder keyOrder;
  private final BucketFiles files;
  private final @Nullable DeletionVectorMaintainer vectors;
  private final Map<String, List<KeyValue>> loaded = new HashMap<>();
  private final Map<String, Row[]> bounds = new HashMap<>();

  /**
   * @param vectors the bucket's deletion vectors; null when the table has none
   */
  public LookupLevels(
      KeyOrder keyOrder, BucketFiles files, @Nullable DeletionVectorMaintainer vectors) {
    this.keyOrder = requireNonNull(keyOrder, "keyOrder");
    this.files = requireNonNull(files, "files");
    this.vectors = vectors;
  }

  /** The newest live record of {@code key} in levels {@code startLevel} and above. */
  public Optional<Found> lookup(LevelFiles levels, Row key, int startLevel) {
    for (int level = Math.max(1, startLevel); level <= levels.maxLevel(); level++) {
      DataFileMeta file = fileContaining(levels.run(level), key);
      if (file == null) {
        continue;
      }
      List<KeyValue> records = loaded.computeIfAbsent(file.fileName(), n -> load(file));
      int position = search(records, key);
      if (position < 0) {
        continue;
      }
      if (vectors != null && vectors.vectorOf(file.fileName()).isDeleted(position)) {
        continue;
      }
      return Optional.of(new Found(records.get(position), level, file.fileName(), position));
    }
    return Optional.empty();
  }

  /** Drops what was loaded of a file that left the bucket. */
  public void forget(String fileName) {
    loaded.remove(fileName);
    bounds.remove(fileName);
  }

  private @Nullable DataFileMeta fileContaining(SortedRun run, Row key) {
    List<DataFileMeta> runFiles = run.files();
    int low = 0;
    int high = runFiles.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      DataFileMeta f = runFiles.get(mid);
      Row[] minMax = bounds.computeIfAbsent(f.fileName(), n -> decodeBounds(f));
      if (keyOrder.compare(key, minMax[0]) < 0) {
        high = mid - 1;
      } else if (keyOrder.compare(key, minMax[1]) > 0) {
        low = mid + 1;
      } else {
        return f;
      }
    }
    return null;
  }

  private Row[] decodeBounds(DataFileMeta f) {
    return new Row[] {keyOrder.decode(f.minKey()), keyOrder.decode(f.maxKey())};
  }

  private int search(List<KeyValue> records, Row key) {
    int low = 0;
    int high = records.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int c = keyOrder.compare(records.get(mid).key(), key);
      if (c < 0) {
        low = mid + 1;
      } else if (c > 0) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  private List<KeyValue> load(DataFileMeta file) {
    List<KeyValue> records = new ArrayList<>((int) Math.min(file.rowCount(), 1 << 20));
    try (CloseableIterator<KeyValue> it = files.open(file)) {
      it.forEachRemaining(records::add);
    }
    return records;
  }
}
