package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

/**
 * One record of a manifest file: a file added to or deleted from a (partition, bucket) (source:
 * Paimon {@code ManifestEntry}; {@code paimon-format.md} §7.2–7.3).
 *
 * @param partition the serialized partition row; {@link BinaryRow#EMPTY} for unpartitioned tables
 * @param totalBuckets bucket count of the partition at write time; -1 for bucket-unaware append
 *     tables
 */
public record ManifestEntry(
    FileKind kind, BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file) {

  public ManifestEntry {
    requireNonNull(kind, "kind");
    requireNonNull(partition, "partition");
    requireNonNull(file, "file");
  }

  public String fileName() {
    return file.fileName();
  }

  public int level() {
    return file.level();
  }

  /**
   * The identity that ADD and DELETE entries are matched by: partition, bucket, level, file name,
   * extra files, embedded index and external path. The level is part of it: moving a file to
   * another level is a DELETE plus an ADD.
   */
  public FileIdentifier identifier() {
    return FileIdentifier.of(this);
  }
}
