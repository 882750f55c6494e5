package dev.lakeops.table.meta;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The frame of the engine's own binary messages (change sets a writer hands to a committer, splits
 * an enumerator hands to a reader): a version byte, the body, and the CRC-32 of both, since the
 * Avro records inside carry no checksum and a flipped byte in a file name would decode into a file
 * that does not exist. Data files inside a body are the table's manifest records.
 */
public final class MetaFrames {

  private MetaFrames() {}

  /** {@code body}, whose first byte is the version, followed by its CRC-32. */
  public static byte[] seal(byte[] body) {
    CRC32 crc = new CRC32();
    crc.update(body);
    return ByteBuffer.allocate(body.length + 4).put(body).putInt((int) crc.getValue()).array();
  }

  /**
   * The body of a sealed frame of {@code version}, after the version byte.
   *
   * @throws IllegalArgumentException empty, another version, too short, or the checksum does not
   *     match; the message says which
   */
  public static DataInputStream open(byte[] bytes, int version) {
    if (bytes.length == 0) {
      throw new IllegalArgumentException("0 bytes");
    }
    int found = bytes[0] & 0xff;
    if (found != version) {
      throw new IllegalArgumentException(
          "version " + found + ", this build reads version " + version);
    }
    if (bytes.length < 5) {
      throw new IllegalArgumentException("truncated (" + bytes.length + " bytes)");
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 4);
    if (ByteBuffer.wrap(bytes, bytes.length - 4, 4).getInt() != (int) crc.getValue()) {
      throw new IllegalArgumentException(
          "checksum mismatch (" + bytes.length + " bytes; corrupt or truncated)");
    }
    return new DataInputStream(new ByteArrayInputStream(bytes, 1, bytes.length - 5));
  }

  public static void writeBlob(DataOutputStream out, byte[] blob) throws IOException {
    out.writeInt(blob.length);
    out.write(blob);
  }

  /**
   * @throws EOFException the length runs past the end
   */
  public static byte[] readBlob(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new EOFException("a blob of " + length + " bytes, " + in.available() + " left");
    }
    byte[] blob = new byte[length];
    in.readFully(blob);
    return blob;
  }

  /** {@code files} of one (partition, bucket) as a manifest blob; nothing but a 0 when empty. */
  public static void writeFiles(
      DataOutputStream out,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> files)
      throws IOException {
    if (files.isEmpty()) {
      out.writeInt(0);
      return;
    }
    List<ManifestEntry> entries = new ArrayList<>(files.size());
    for (DataFileMeta f : files) {
      entries.add(new ManifestEntry(FileKind.ADD, partition, bucket, totalBuckets, f));
    }
    writeBlob(out, ManifestAvro.writeManifest(entries));
  }

  /**
   * @throws CorruptManifestException the blob is not a manifest
   */
  public static List<DataFileMeta> readFiles(DataInputStream in) throws IOException {
    byte[] blob = readBlob(in);
    if (blob.length == 0) {
      return List.of();
    }
    return ManifestAvro.readManifest(blob, null).stream().map(ManifestEntry::file).toList();
  }
}
