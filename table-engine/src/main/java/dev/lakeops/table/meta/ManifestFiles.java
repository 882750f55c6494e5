package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes the Avro files in a table's {@code manifest/} directory through a {@link
 * FileIO}, by file name. Writes are atomic (no reader sees a partial manifest); names come from
 * {@link dev.lakeops.table.paths.FileNamer} and are never reused.
 */
public final class ManifestFiles {

  private final FileIO io;
  private final TablePaths paths;

  public ManifestFiles(FileIO io, TablePaths paths) {
    this.io = requireNonNull(io, "io");
    this.paths = requireNonNull(paths, "paths");
  }

  /**
   * @throws CorruptManifestException the file is not a manifest list; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public List<ManifestFileMeta> readManifestList(String fileName) {
    Path file = paths.manifestFile(fileName);
    return ManifestAvro.readManifestList(io.readBytes(file), file);
  }

  /**
   * @throws CorruptManifestException the file is not a manifest; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public List<ManifestEntry> readManifest(String fileName) {
    Path file = paths.manifestFile(fileName);
    return ManifestAvro.readManifest(io.readBytes(file), file);
  }

  /**
   * @throws CorruptManifestException the file is not an index manifest; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public List<IndexManifestEntry> readIndexManifest(String fileName) {
    Path file = paths.manifestFile(fileName);
    return ManifestAvro.readIndexManifest(io.readBytes(file), file);
  }

  /**
   * Writes a manifest list and returns its size in bytes (for the snapshot's {@code
   * *ManifestListSize}).
   */
  public long writeManifestList(String fileName, List<ManifestFileMeta> metas) {
    byte[] bytes = ManifestAvro.writeManifestList(metas);
    io.writeAtomically(paths.manifestFile(fileName), bytes);
    return bytes.length;
  }

  /**
   * Writes a manifest file and returns its manifest-list record, with Paimon's summary: ADD and
   * DELETE counts, the largest schema id, bucket and level ranges and column-wise partition
   * statistics computed with {@code partitionType}.
   *
   * @throws IllegalArgumentException {@code entries} is empty (Paimon writes no empty manifests),
   *     or a partition does not decode with {@code partitionType}
   */
  public ManifestFileMeta writeManifest(
      String fileName, RowType partitionType, List<ManifestEntry> entries) {
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("Invalid manifest " + fileName + ": no entries");
    }
    byte[] bytes = ManifestAvro.writeManifest(entries);
    ManifestFileMeta meta = summarize(fileName, bytes.length, partitionType, entries);
    io.writeAtomically(paths.manifestFile(fileName), bytes);
    return meta;
  }

  /**
   * Writes an index manifest (always the full list of the table's index files) and returns its
   * size.
   */
  public long writeIndexManifest(String fileName, List<IndexManifestEntry> entries) {
    byte[] bytes = ManifestAvro.writeIndexManifest(entries);
    io.writeAtomically(paths.manifestFile(fileName), bytes);
    return bytes.length;
  }

  /**
   * Deletes a manifest, manifest list or index manifest; returns false when it was not there. Only
   * for files no snapshot or tag references (an abandoned commit attempt, expired metadata).
   */
  public boolean delete(String fileName) {
    return io.delete(paths.manifestFile(fileName));
  }

  /**
   * The manifest-list record of a manifest file holding {@code entries}, as Paimon's manifest
   * writer computes it.
   */
  public static ManifestFileMeta summarize(
      String fileName, long fileSize, RowType partitionType, List<ManifestEntry> entries) {
    long added = 0;
    long deleted = 0;
    long schemaId = Long.MIN_VALUE;
    int minBucket = Integer.MAX_VALUE;
    int maxBucket = Integer.MIN_VALUE;
    int minLevel = Integer.MAX_VALUE;
    int maxLevel = Integer.MIN_VALUE;
    PartitionStatsCollector partitions = new PartitionStatsCollector(partitionType);
    for (ManifestEntry e : entries) {
      if (e.kind() == FileKind.ADD) {
        added++;
      } else {
        deleted++;
      }
      schemaId = Math.max(schemaId, e.file().schemaId());
      minBucket = Math.min(minBucket, e.bucket());
      maxBucket = Math.max(maxBucket, e.bucket());
      minLevel = Math.min(minLevel, e.level());
      maxLevel = Math.max(maxLevel, e.level());
      partitions.collect(BinaryRowCodec.decode(partitionType, e.partition()));
    }
    return new ManifestFileMeta(
        fileName,
        fileSize,
        added,
        deleted,
        partitions.result(),
        schemaId,
        minBucket,
        maxBucket,
        minLevel,
        maxLevel);
  }
}
