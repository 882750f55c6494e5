package dev.lakeops.table.index;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.store.TableStore;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The hash index file of one (partition, bucket) of a dynamic-bucket table ({@code
 * paimon-format.md} §9.2; source: Paimon {@code HashIndexFile}, {@code IntFileUtils}): the hashes
 * of the bucket's keys as raw {@code int32} big-endian values, no header, in no particular order.
 * The file is {@code index-<uuid>-<n>} in {@code index/} (in the bucket directory with {@code
 * index-file-in-data-file-dir}), and its index-manifest entry ({@code HASH}) records its size and
 * the number of hashes.
 *
 * <p>Reading is stricter than Paimon's, which stops silently at a partial last value: a file whose
 * length is not a multiple of 4 or does not match its entry is refused.
 */
public final class HashIndexFile {

  private static final String INDEX_FILE_IN_DATA_FILE_DIR = "index-file-in-data-file-dir";

  private HashIndexFile() {}

  /** The hashes as the file holds them. */
  public static byte[] encode(int[] hashes) {
    ByteBuffer out = ByteBuffer.allocate(hashes.length * 4);
    for (int h : hashes) {
      out.putInt(h);
    }
    return out.array();
  }

  /**
   * The hashes of {@code bytes}, read from {@code file} of {@code table}.
   *
   * @param expectedCount the number of hashes the index manifest records; -1 when not known
   * @throws CorruptIndexFileException a partial last hash, or another count than expected
   */
  public static int[] decode(String table, Path file, byte[] bytes, long expectedCount) {
    if (bytes.length % 4 != 0) {
      throw new CorruptIndexFileException(
          table,
          file,
          "truncated: "
              + bytes.length
              + " bytes is not a whole number of 4-byte hashes (last hash at offset "
              + (bytes.length / 4) * 4
              + " is partial)",
          null);
    }
    int count = bytes.length / 4;
    if (expectedCount >= 0 && count != expectedCount) {
      throw new CorruptIndexFileException(
          table,
          file,
          "holds " + count + " hashes, its index manifest entry records " + expectedCount,
          null);
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    int[] hashes = new int[count];
    for (int i = 0; i < count; i++) {
      hashes[i] = in.getInt();
    }
    return hashes;
  }

  /**
   * The hashes of the file {@code entry} points at.
   *
   * @throws CorruptIndexFileException the file is missing, truncated, or its size or count is not
   *     what the entry records; names the table and the file
   * @throws IllegalArgumentException the entry is not a {@code HASH} entry
   */
  public static int[] read(TableStore table, IndexManifestEntry entry) {
    if (!IndexManifestEntry.HASH.equals(entry.indexType())) {
      throw new IllegalArgumentException(
          "Invalid index entry of table "
              + table.name()
              + ": "
              + entry.fileName()
              + " is a "
              + entry.indexType()
              + " index, not HASH");
    }
    Path file = path(table, entry);
    Optional<byte[]> bytes = table.io().findBytes(file);
    if (bytes.isEmpty()) {
      throw new CorruptIndexFileException(
          table.name(),
          file,
          "missing: the index manifest lists it for bucket " + entry.bucket(),
          null);
    }
    if (entry.fileSize() >= 0 && bytes.get().length != entry.fileSize()) {
      throw new CorruptIndexFileException(
          table.name(),
          file,
          bytes.get().length
              + " bytes, its index manifest entry records "
              + entry.fileSize()
              + (bytes.get().length < entry.fileSize() ? " (truncated)" : ""),
          null);
    }
    return decode(table.name(), file, bytes.get(), entry.rowCount());
  }

  /**
   * Writes {@code hashes} as a new index file of (partition, bucket) and returns its {@code ADD}
   * entry for the index manifest.
   */
  public static IndexManifestEntry write(
      TableStore table, FileNamer namer, BinaryRow partition, int bucket, int[] hashes) {
    String name = namer.nextIndexFile();
    byte[] bytes = encode(hashes);
    Path file = path(table, partition, bucket, name);
    table.io().mkdirs(file.getParent());
    table.io().writeAtomically(file, bytes);
    return new IndexManifestEntry(
        FileKind.ADD,
        partition,
        bucket,
        IndexManifestEntry.HASH,
        name,
        bytes.length,
        hashes.length,
        null,
        null);
  }

  /** Where the file of {@code entry} lives: its external path, the bucket directory or index/. */
  public static Path path(TableStore table, IndexManifestEntry entry) {
    if (entry.externalPath() != null) {
      String external = entry.externalPath();
      return external.contains(":/") ? Path.of(URI.create(external)) : Path.of(external);
    }
    return path(table, entry.partition(), entry.bucket(), entry.fileName());
  }

  private static Path path(TableStore table, BinaryRow partition, int bucket, String name) {
    if (table.options().bool(INDEX_FILE_IN_DATA_FILE_DIR, false)) {
      return table.locator().bucketDir(partition, bucket).resolve(name);
    }
    return table.paths().indexFile(name);
  }
}
