package dev.lakeops.table.format.avro;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.types.RowType;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter.AppendWriteException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Avro object container file of rows, as Paimon writes data files ({@code file.format=avro}).
 */
final class AvroDataFileWriter implements DataFileWriter {

  private static final Logger LOG = LoggerFactory.getLogger(AvroDataFileWriter.class);

  private final Path path;
  private final CountingOutputStream out;
  private final org.apache.avro.file.DataFileWriter<Row> container;
  private boolean closed;

  AvroDataFileWriter(Path path, RowType fileType, Compression compression) {
    this.path = path;
    CodecFactory codec = codec(compression);
    org.apache.avro.Schema schema = AvroSchemas.toAvro(fileType);
    try {
      this.out =
          new CountingOutputStream(
              Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create data file " + path, e);
    }
    try {
      this.container =
          new org.apache.avro.file.DataFileWriter<>(new AvroRowWriter(fileType)).setCodec(codec);
      container.create(schema, out);
    } catch (IOException | RuntimeException e) {
      closeQuietly();
      deleteQuietly();
      throw e instanceof IOException io
          ? new UncheckedIOException("Failed to write data file " + path, io)
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
    } catch (IOException | AvroRuntimeException e) {
      throw new UncheckedIOException(
          "Failed to complete data file " + path,
          e instanceof IOException io ? io : new IOException(e));
    }
  }

  @Override
  public void abort() {
    if (!closed) {
      closed = true;
      closeQuietly();
    }
    deleteQuietly();
  }

  private void closeQuietly() {
    try {
      out.close();
    } catch (IOException e) {
      LOG.warn("Failed to close aborted data file {}", path, e);
    }
  }

  private void deleteQuietly() {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOG.warn("Failed to delete aborted data file {}", path, e);
    }
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
