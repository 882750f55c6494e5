package dev.lakeops.table.format.parquet;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page codecs over zstd-jni and snappy-java. parquet-java's own codec factory loads Hadoop codec
 * classes (paimon-format.md §21.1); this one needs none, so writing stays Hadoop-free.
 */
final class PlainCodecFactory implements CompressionCodecFactory {

  private final int zstdLevel;

  PlainCodecFactory(int zstdLevel) {
    this.zstdLevel = zstdLevel;
  }

  /** The Parquet codec for option {@code file.compression}. */
  static CompressionCodecName codecName(String compression) {
    return switch (compression) {
      case "none" -> CompressionCodecName.UNCOMPRESSED;
      case "zstd" -> CompressionCodecName.ZSTD;
      case "snappy" -> CompressionCodecName.SNAPPY;
      default ->
          throw new IllegalArgumentException(
              "Parquet data files written by lakeops support compression none, "
                  + "zstd and snappy, not "
                  + compression);
    };
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        return switch (codec) {
          case UNCOMPRESSED -> bytes;
          case ZSTD -> BytesInput.from(Zstd.compress(bytes.toByteArray(), zstdLevel));
          case SNAPPY -> BytesInput.from(Snappy.compress(bytes.toByteArray()));
          default -> throw new IllegalArgumentException("Unsupported Parquet codec " + codec);
        };
      }

      @Override
      public CompressionCodecName getCodecName() {
        return codec;
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        byte[] input = bytes.toByteArray();
        return switch (codec) {
          case UNCOMPRESSED -> bytes;
          case ZSTD -> {
            try (ZstdInputStream in = new ZstdInputStream(new ByteArrayInputStream(input))) {
              byte[] out = in.readNBytes(uncompressedSize);
              yield BytesInput.from(out);
            }
          }
          case SNAPPY -> BytesInput.from(Snappy.uncompress(input));
          default -> throw new IllegalArgumentException("Unsupported Parquet codec " + codec);
        };
      }

      @Override
      public void decompress(
          ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
          throws IOException {
        byte[] in = new byte[compressedSize];
        input.get(in);
        output.put(decompress(BytesInput.from(in), uncompressedSize).toByteArray());
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public void release() {}
}
