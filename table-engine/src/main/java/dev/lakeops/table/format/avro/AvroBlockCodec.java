package dev.lakeops.table.format.avro;

import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decompresses the blocks of an Avro container file for the codecs Paimon writes ({@code null},
 * {@code deflate}, {@code zstandard}, {@code snappy}; Avro spec, "Required/Optional Codecs").
 * Output is capped so a corrupt block cannot claim gigabytes.
 */
enum AvroBlockCodec {
  NULL("null") {
    @Override
    byte[] decompress(byte[] block) {
      return block;
    }
  },
  DEFLATE("deflate") {
    @Override
    byte[] decompress(byte[] block) {
      Inflater inflater = new Inflater(true);
      try {
        inflater.setInput(block);
        ByteArrayOutputStream out = new ByteArrayOutputStream(block.length * 2 + 64);
        byte[] chunk = new byte[8192];
        while (!inflater.finished()) {
          int n = inflater.inflate(chunk);
          if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
            throw new AvroDecodeException("deflate block ends early");
          }
          out.write(chunk, 0, n);
          checkSize(out.size(), block.length);
        }
        return out.toByteArray();
      } catch (DataFormatException e) {
        throw new AvroDecodeException("invalid deflate block: " + e.getMessage());
      } finally {
        inflater.end();
      }
    }
  },
  ZSTANDARD("zstandard") {
    @Override
    byte[] decompress(byte[] block) throws IOException {
      try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(block))) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(block.length * 4 + 64);
        byte[] chunk = new byte[16384];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
          out.write(chunk, 0, n);
          checkSize(out.size(), block.length);
        }
        return out.toByteArray();
      }
    }
  },
  SNAPPY("snappy") {
    @Override
    byte[] decompress(byte[] block) throws IOException {
      // Avro's snappy block: the compressed bytes, then the CRC32 of the uncompressed bytes
      // (big-endian).
      if (block.length < 4) {
        throw new AvroDecodeException("snappy block of " + block.length + " bytes has no checksum");
      }
      int compressed = block.length - 4;
      int length = org.xerial.snappy.Snappy.uncompressedLength(block, 0, compressed);
      checkSize(length, block.length);
      byte[] out = new byte[length];
      org.xerial.snappy.Snappy.uncompress(block, 0, compressed, out, 0);
      CRC32 crc = new CRC32();
      crc.update(out);
      if ((int) crc.getValue() != ByteBuffer.wrap(block, compressed, 4).getInt()) {
        throw new AvroDecodeException("snappy block checksum mismatch");
      }
      return out;
    }
  };

  /** No codec expands a block by more than this factor (deflate's limit is about 1032). */
  private static final long MAX_EXPANSION = 2048;

  private final String avroName;

  AvroBlockCodec(String avroName) {
    this.avroName = avroName;
  }

  /**
   * The uncompressed block.
   *
   * @throws AvroDecodeException the block is not valid for the codec
   * @throws IOException the codec library rejected the block
   */
  abstract byte[] decompress(byte[] block) throws IOException;

  /** The codec named in the {@code avro.codec} header entry; empty for one lakeops cannot read. */
  static java.util.Optional<AvroBlockCodec> named(String name) {
    for (AvroBlockCodec codec : values()) {
      if (codec.avroName.equals(name)) {
        return java.util.Optional.of(codec);
      }
    }
    return java.util.Optional.empty();
  }

  private static void checkSize(long uncompressed, int compressed) {
    if (uncompressed > Math.min(Integer.MAX_VALUE - 64, MAX_EXPANSION * compressed + 1024)) {
      throw new AvroDecodeException(
          "block expands to more than " + uncompressed + " bytes from " + compressed);
    }
  }
}
