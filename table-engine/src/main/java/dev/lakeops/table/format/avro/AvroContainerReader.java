package dev.lakeops.table.format.avro;

import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.io.FileIO;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Reads the framing of an Avro object container file (Avro spec, "Object Container Files"):
 *
 * <pre>
 *   header: "Obj" 0x01 | metadata map (avro.schema, avro.codec) | 16-byte sync marker
 *   block:  row count (long) | byte size (long) | compressed rows | sync marker
 * </pre>
 *
 * Every size is checked against the bytes left in the file and every sync marker against the
 * header's, so truncation and corruption surface as {@link CorruptDataFileException}.
 */
final class AvroContainerReader implements Closeable {

  private static final byte[] MAGIC = {'O', 'b', 'j', 1};
  private static final int SYNC_SIZE = 16;
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 64;

  /** One block: where it starts, its row count and its uncompressed rows. */
  record Block(long offset, long rowCount, byte[] rows) {}

  private final Path path;
  private final InputStream in;
  private final long fileSize;
  private long pos;
  private final Schema schema;
  private final AvroBlockCodec codec;
  private final byte[] sync = new byte[SYNC_SIZE];

  private AvroContainerReader(Path path, InputStream in, long fileSize) throws IOException {
    this.path = path;
    this.in = in;
    this.fileSize = fileSize;
    byte[] magic = readFully(MAGIC.length, "magic");
    if (!Arrays.equals(magic, MAGIC)) {
      throw corrupt(
          0,
          "not an Avro container file (magic " + java.util.HexFormat.of().formatHex(magic) + ")");
    }
    Map<String, byte[]> meta = readMetadata();
    byte[] schemaJson = meta.get("avro.schema");
    if (schemaJson == null) {
      throw corrupt(MAGIC.length, "header has no avro.schema");
    }
    this.schema = parseSchema(schemaJson);
    byte[] codecName = meta.get("avro.codec");
    String name = codecName == null ? "null" : new String(codecName, StandardCharsets.UTF_8);
    this.codec =
        AvroBlockCodec.named(name)
            .orElseThrow(() -> corrupt(MAGIC.length, "unsupported Avro codec '" + name + "'"));
    System.arraycopy(readFully(SYNC_SIZE, "sync marker"), 0, sync, 0, SYNC_SIZE);
  }

  /**
   * Opens {@code path} and reads its header.
   *
   * @throws CorruptDataFileException the header is invalid
   * @throws UncheckedIOException the file cannot be read
   */
  static AvroContainerReader open(FileIO io, Path path) {
    return open(io, path, -1);
  }

  /**
   * {@link #open(FileIO, Path)} with the file's size when it is known ({@code knownSize} >= 0),
   * which saves asking the store.
   */
  static AvroContainerReader open(FileIO io, Path path, long knownSize) {
    InputStream in;
    long size;
    try {
      size = knownSize >= 0 ? knownSize : io.size(path);
      in = new BufferedInputStream(io.open(path), 1 << 16);
    } catch (UncheckedIOException e) {
      throw new UncheckedIOException("Failed to open data file " + path, e.getCause());
    }
    try {
      return new AvroContainerReader(path, in, size);
    } catch (IOException | RuntimeException e) {
      try {
        in.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof IOException ioe) {
        throw new UncheckedIOException("Failed to read data file " + path, ioe);
      }
      throw (RuntimeException) e;
    }
  }

  Schema schema() {
    return schema;
  }

  /**
   * The next block, or null after the last one.
   *
   * @throws CorruptDataFileException the block framing is invalid or its rows do not decompress
   */
  @Nullable Block next() {
    try {
      if (pos == fileSize) {
        return null;
      }
      long offset = pos;
      long rowCount = readLong();
      long size = readLong();
      if (rowCount < 0 || size < 0 || size > fileSize - pos - SYNC_SIZE || size > MAX_ARRAY) {
        throw corrupt(
            offset,
            "invalid block header: "
                + rowCount
                + " rows in "
                + size
                + " bytes with "
                + (fileSize - pos)
                + " bytes left");
      }
      byte[] compressed = readFully((int) size, "block");
      byte[] marker = readFully(SYNC_SIZE, "sync marker");
      if (!Arrays.equals(marker, sync)) {
        throw corrupt(pos - SYNC_SIZE, "sync marker does not match the header's");
      }
      byte[] rows;
      try {
        rows = codec.decompress(compressed);
      } catch (AvroDecodeException | IOException e) {
        throw corrupt(
            offset,
            "block does not decompress ("
                + codec.name().toLowerCase(java.util.Locale.ROOT)
                + "): "
                + e.getMessage());
      }
      if (rowCount > rows.length) {
        throw corrupt(offset, "block claims " + rowCount + " rows in " + rows.length + " bytes");
      }
      return new Block(offset, rowCount, rows);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read data file " + path, e);
    }
  }

  CorruptDataFileException corrupt(long offset, String reason) {
    return new CorruptDataFileException(path, offset, reason);
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to close data file " + path, e);
    }
  }

  private Map<String, byte[]> readMetadata() throws IOException {
    Map<String, byte[]> meta = new HashMap<>();
    for (long count = readLong(); count != 0; count = readLong()) {
      if (count < 0) {
        count = -count;
        readLong(); // byte size of the block
      }
      if (count < 0 || count > fileSize - pos) {
        throw corrupt(pos, "invalid header metadata count " + count);
      }
      for (long i = 0; i < count; i++) {
        String key = new String(readSized("metadata key"), StandardCharsets.UTF_8);
        meta.put(key, readSized("metadata value"));
      }
    }
    return meta;
  }

  private Schema parseSchema(byte[] json) {
    try {
      return new Schema.Parser()
          .setValidateDefaults(false)
          .parse(new String(json, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      // Avro reports bad schema text with several runtime exception types (SchemaParseException,
      // AvroTypeException, Jackson's), all meaning the same here.
      throw new CorruptDataFileException(
          path, MAGIC.length, "invalid avro.schema: " + e.getMessage(), e);
    }
  }

  private byte[] readSized(String what) throws IOException {
    long offset = pos;
    long length = readLong();
    if (length < 0 || length > MAX_ARRAY) {
      throw corrupt(offset, "invalid " + what + " length " + length);
    }
    if (length > fileSize - pos) {
      throw corrupt(
          offset, what + " of " + length + " bytes runs past the end of the file (truncated)");
    }
    return readFully((int) length, what);
  }

  private long readLong() throws IOException {
    long raw = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.read();
      if (b < 0) {
        throw corrupt(pos, "file ends inside a number (truncated)");
      }
      pos++;
      raw |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return (raw >>> 1) ^ -(raw & 1);
      }
    }
    throw corrupt(pos, "number longer than 10 bytes");
  }

  private byte[] readFully(int length, String what) throws IOException {
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw corrupt(pos + bytes.length, "file ends inside the " + what + " (truncated)");
    }
    pos += length;
    return bytes;
  }
}
