package dev.lakeops.table.read;

import dev.lakeops.table.deletion.DeletionFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.CorruptMetadataException;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.DeletionVectorRange;
import dev.lakeops.table.meta.MetaFrames;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link DataSplit} as bytes, for an engine that plans on one node and reads on others (a Flink
 * source's splits and their checkpoints). A {@link MetaFrames} frame: the snapshot, partition,
 * bucket, total buckets and read mode, the files as manifest records, and each deletion file as its
 * index file path and range.
 */
public final class DataSplitCodec {

  /** The version written; {@link #decode} refuses any other. */
  public static final int VERSION = 1;

  private DataSplitCodec() {}

  /** Thrown for bytes that are not a split of this codec's version. */
  public static final class CorruptSplitException extends CorruptMetadataException {
    CorruptSplitException(String message, Throwable cause) {
      super(message, null, cause);
    }
  }

  public static byte[] encode(DataSplit split) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeLong(split.snapshotId());
      MetaFrames.writeBlob(out, split.partition().toSerialized());
      out.writeInt(split.bucket());
      out.writeInt(split.totalBuckets());
      out.writeUTF(split.mode().name());
      MetaFrames.writeFiles(
          out, split.partition(), split.bucket(), split.totalBuckets(), split.files());
      out.writeInt(split.deletionFiles().size());
      for (DeletionFile d : split.deletionFiles().values()) {
        out.writeUTF(d.indexFile().toString());
        DeletionVectorRange r = d.range();
        out.writeUTF(r.dataFileName());
        out.writeInt(r.offset());
        out.writeInt(r.length());
        out.writeLong(r.cardinality() == null ? -1 : r.cardinality());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to encode a split", e);
    }
    return MetaFrames.seal(bytes.toByteArray());
  }

  /**
   * @throws CorruptSplitException another version, a checksum mismatch, or a part that does not
   *     decode; the message says which
   */
  public static DataSplit decode(byte[] bytes) {
    DataInputStream in;
    try {
      in = MetaFrames.open(bytes, VERSION);
    } catch (IllegalArgumentException e) {
      throw new CorruptSplitException("Invalid split: " + e.getMessage(), null);
    }
    try {
      long snapshot = in.readLong();
      BinaryRow partition = BinaryRow.fromSerialized(MetaFrames.readBlob(in));
      int bucket = in.readInt();
      int totalBuckets = in.readInt();
      ReadMode mode = ReadMode.valueOf(in.readUTF());
      List<DataFileMeta> files = MetaFrames.readFiles(in);
      int deletions = in.readInt();
      if (deletions < 0 || deletions > files.size()) {
        throw new IllegalArgumentException(deletions + " deletion files for " + files.size());
      }
      Map<String, DeletionFile> deletionFiles = new LinkedHashMap<>();
      for (int i = 0; i < deletions; i++) {
        Path indexFile = Path.of(in.readUTF());
        String dataFile = in.readUTF();
        int offset = in.readInt();
        int length = in.readInt();
        long cardinality = in.readLong();
        deletionFiles.put(
            dataFile,
            new DeletionFile(
                indexFile,
                new DeletionVectorRange(
                    dataFile, offset, length, cardinality < 0 ? null : cardinality)));
      }
      if (in.available() > 0) {
        throw new IllegalArgumentException(in.available() + " bytes after the split");
      }
      return new DataSplit(snapshot, partition, bucket, totalBuckets, files, mode, deletionFiles);
    } catch (EOFException e) {
      throw new CorruptSplitException("Invalid split: truncated (" + bytes.length + " bytes)", e);
    } catch (IOException | RuntimeException e) {
      throw new CorruptSplitException("Invalid split: " + e.getMessage(), e);
    }
  }
}
