package dev.lakeops.table.format.avro;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.types.RowType;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter.AppendWriteException;

/**
 * An Avro object container file of rows, as Paimon writes data files ({@code file.format=avro}).
 */
final class AvroDataFileWriter implements DataFileWriter {

  private final Path path;
  private final FileOutput file;
  private final CountingOutputStream out;
  private final org.apache.avro.file.DataFileWriter<Row> container;
  private boolean closed;

  AvroDataFileWriter(FileIO io, Path path, RowType fileType, Compression compression) {
    this.path = path;
    CodecFactory codec = codec(compression);
    org.apache.avro.Schema schema = AvroSchemas.toAvro(fileType);
    this.file = io.create(path);
    this.out = new CountingOutputStream(file);
    try {
      this.container =
          new org.apache.avro.file.DataFileWriter<>(new AvroRowWriter(fileType)).setCodec(codec);
      container.create(schema, out);
    } catch (IOException | RuntimeException e) {
      file.abort();
      throw e instanceof IOException ioe
          ? new UncheckedIOException("Failed to write data file " + path, ioe)
          : (RuntimeException) e;
    }
  }

  /** The codecs Paimon's Avro data files use ({@code file.compression}). */
  static CodecFactory codec(Compression compression) {
    return switch (compression.codec()) {
      case "zstd" -> CodecFactory.zstandardCodec(compression.zstdLevel());
      case "none" -> CodecFactory.nullCodec();
      case "snappy" -> CodecFactory.snappyCodec();
      case "deflate" -> CodecFactory.deflateCodec(CodecFactory.DEFAULT_DEFLATE_LEVEL);
      default ->
          throw new IllegalArgumentException(
              "Avro data files support compression none, zstd, snappy and "
                  + "deflate, not "
                  + compression.codec());
    };
  }

  @Override
  public void write(Row row) {
    if (closed) {
      throw new IllegalStateException("Data file " + path + " is closed");
    }
    try {
      container.append(row);
    } catch (AppendWriteException e) {
      // Avro rewinds its buffer to the previous row, so the file stays valid.
      if (e.getCause() instanceof IllegalArgumentException invalid) {
        throw invalid;
      }
      throw new UncheckedIOException(
          "Failed to write data file " + path,
          e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write data file " + path, e);
    }
  }

  @Override
  public long bytesWritten() {
    return out.count;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      container.close();
    } catch (IOException | AvroRuntimeException | UncheckedIOException e) {
      file.abort();
      if (e instanceof UncheckedIOException u) {
        throw u;
      }
      throw new UncheckedIOException(
          "Failed to complete data file " + path,
          e instanceof IOException io ? io : new IOException(e));
    }
  }

  @Override
  public void abort() {
    closed = true;
    file.abort();
  }

  /** Counts the bytes that reach the file. */
  private static final class CountingOutputStream extends FilterOutputStream {
    private long count;

    CountingOutputStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }
  }
}
