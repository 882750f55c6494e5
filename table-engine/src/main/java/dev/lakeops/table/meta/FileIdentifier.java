package dev.lakeops.table.meta;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The identity of a data file across manifest entries (source: Paimon {@code
 * FileEntry.Identifier}): folding the entries of a snapshot's manifests, an ADD inserts its
 * identity and a DELETE removes it.
 */
public record FileIdentifier(
    BinaryRow partition,
    int bucket,
    int level,
    String fileName,
    List<String> extraFiles,
    byte @Nullable [] embeddedIndex,
    @Nullable String externalPath) {

  public FileIdentifier {
    extraFiles = List.copyOf(extraFiles);
    embeddedIndex = embeddedIndex == null ? null : embeddedIndex.clone();
  }

  /** A copy of the embedded index bytes, or null. */
  @Override
  public byte @Nullable [] embeddedIndex() {
    return embeddedIndex == null ? null : embeddedIndex.clone();
  }

  static FileIdentifier of(ManifestEntry e) {
    DataFileMeta f = e.file();
    return new FileIdentifier(
        e.partition(),
        e.bucket(),
        f.level(),
        f.fileName(),
        f.extraFiles(),
        f.embeddedIndex(),
        f.externalPath());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileIdentifier other
        && bucket == other.bucket
        && level == other.level
        && partition.equals(other.partition)
        && fileName.equals(other.fileName)
        && extraFiles.equals(other.extraFiles)
        && Arrays.equals(embeddedIndex, other.embeddedIndex)
        && Objects.equals(externalPath, other.externalPath);
  }

  @Override
  public int hashCode() {
    return Objects.hash(partition, bucket, level, fileName, extraFiles, externalPath) * 31
        + Arrays.hashCode(embeddedIndex);
  }

  @Override
  public String toString() {
    return "FileIdentifier["
        + fileName
        + ", bucket "
        + bucket
        + ", level "
        + level
        + ", partition "
        + partition
        + "]";
  }
}
