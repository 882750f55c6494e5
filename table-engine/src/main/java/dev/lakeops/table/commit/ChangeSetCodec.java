package dev.lakeops.table.commit;

import dev.lakeops.table.commit.BucketChange.IndexChanges;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.CorruptMetadataException;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexFileMeta;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestAvro;
import dev.lakeops.table.meta.MetaFrames;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ChangeSet} as bytes, for a writer that hands its changes to a committer in another
 * process or keeps them in a checkpoint (a Flink sink's committables). The files of each bucket
 * change are encoded as the table's own manifest and index-manifest records, so a committable
 * carries exactly what a commit writes into the manifests, in the form Paimon reads.
 *
 * <p>Layout: a version byte ({@value #VERSION}), the commit user, the commit identifier, the number
 * of bucket changes, then for each its partition (serialized BinaryRow), bucket, total buckets,
 * five file lists (new, compact before, compact after, changelog, compact changelog) and four index
 * lists (new added, new deleted, compact added, compact deleted), each list a length-prefixed Avro
 * manifest or nothing when empty; last, the CRC-32 of all bytes before it. The checksum matters:
 * Avro records carry none, and a flipped byte in a file name would otherwise decode into a commit
 * of a file that does not exist.
 */
public final class ChangeSetCodec {

  /** The version written; {@link #decode} refuses any other. */
  public static final int VERSION = 1;

  private static final int MAX_CHANGES = 1 << 24;

  private ChangeSetCodec() {}

  /** Thrown for bytes that are not a change set of this codec's version. */
  public static final class CorruptChangeSetException extends CorruptMetadataException {
    CorruptChangeSetException(String message, Throwable cause) {
      super(message, null, cause);
    }
  }

  public static byte[] encode(ChangeSet changes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      out.writeUTF(changes.commitUser());
      out.writeLong(changes.commitIdentifier());
      out.writeInt(changes.changes().size());
      for (BucketChange c : changes.changes()) {
        MetaFrames.writeBlob(out, c.partition().toSerialized());
        out.writeInt(c.bucket());
        out.writeInt(c.totalBuckets());
        writeFiles(out, c, c.newFiles());
        writeFiles(out, c, c.compactBefore());
        writeFiles(out, c, c.compactAfter());
        writeFiles(out, c, c.changelogFiles());
        writeFiles(out, c, c.compactChangelogFiles());
        writeIndex(out, c, c.newIndexFiles().added());
        writeIndex(out, c, c.newIndexFiles().deleted());
        writeIndex(out, c, c.compactIndexFiles().added());
        writeIndex(out, c, c.compactIndexFiles().deleted());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to encode a change set", e);
    }
    return MetaFrames.seal(bytes.toByteArray());
  }

  /**
   * @throws CorruptChangeSetException another version, truncated or trailing bytes, or a manifest
   *     record that does not decode; the message says which part
   */
  public static ChangeSet decode(byte[] bytes) {
    DataInputStream in;
    try {
      in = MetaFrames.open(bytes, VERSION);
    } catch (IllegalArgumentException e) {
      throw new CorruptChangeSetException("Invalid change set: " + e.getMessage(), null);
    }
    String part = "commit user";
    try {
      String user = in.readUTF();
      part = "commit identifier";
      long identifier = in.readLong();
      part = "number of bucket changes";
      int count = in.readInt();
      if (count < 0 || count > MAX_CHANGES) {
        throw new CorruptChangeSetException(
            "Invalid change set: " + count + " bucket changes", null);
      }
      List<BucketChange> changes = new ArrayList<>(Math.min(count, 1024));
      for (int i = 0; i < count; i++) {
        part = "bucket change " + i;
        BinaryRow partition = BinaryRow.fromSerialized(MetaFrames.readBlob(in));
        int bucket = in.readInt();
        int totalBuckets = in.readInt();
        List<DataFileMeta> newFiles = readFiles(in);
        List<DataFileMeta> compactBefore = readFiles(in);
        List<DataFileMeta> compactAfter = readFiles(in);
        List<DataFileMeta> changelog = readFiles(in);
        List<DataFileMeta> compactChangelog = readFiles(in);
        IndexChanges newIndex = new IndexChanges(readIndex(in), readIndex(in));
        IndexChanges compactIndex = new IndexChanges(readIndex(in), readIndex(in));
        changes.add(
            new BucketChange(
                partition,
                bucket,
                totalBuckets,
                newFiles,
                compactBefore,
                compactAfter,
                changelog,
                compactChangelog,
                newIndex,
                compactIndex));
      }
      if (in.available() > 0) {
        throw new CorruptChangeSetException(
            "Invalid change set: " + in.available() + " bytes after the last bucket change", null);
      }
      return new ChangeSet(user, identifier, changes);
    } catch (CorruptChangeSetException e) {
      throw e;
    } catch (EOFException e) {
      throw new CorruptChangeSetException(
          "Invalid change set: truncated in the " + part + " (" + bytes.length + " bytes)", e);
    } catch (IOException | RuntimeException e) {
      throw new CorruptChangeSetException(
          "Invalid change set: the " + part + " does not decode: " + e.getMessage(), e);
    }
  }

  private static void writeFiles(DataOutputStream out, BucketChange c, List<DataFileMeta> files)
      throws IOException {
    MetaFrames.writeFiles(out, c.partition(), c.bucket(), c.totalBuckets(), files);
  }

  private static void writeIndex(DataOutputStream out, BucketChange c, List<IndexFileMeta> files)
      throws IOException {
    if (files.isEmpty()) {
      out.writeInt(0);
      return;
    }
    List<IndexManifestEntry> entries = new ArrayList<>(files.size());
    for (IndexFileMeta f : files) {
      entries.add(IndexManifestEntry.of(FileKind.ADD, c.partition(), c.bucket(), f));
    }
    MetaFrames.writeBlob(out, ManifestAvro.writeIndexManifest(entries));
  }

  private static List<DataFileMeta> readFiles(DataInputStream in) throws IOException {
    return MetaFrames.readFiles(in);
  }

  private static List<IndexFileMeta> readIndex(DataInputStream in) throws IOException {
    byte[] blob = MetaFrames.readBlob(in);
    if (blob.length == 0) {
      return List.of();
    }
    return ManifestAvro.readIndexManifest(blob, null).stream()
        .map(IndexManifestEntry::indexFile)
        .toList();
  }
}
