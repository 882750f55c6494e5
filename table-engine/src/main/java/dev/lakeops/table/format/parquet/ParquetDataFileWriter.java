package dev.lakeops.table.format.parquet;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Parquet file of rows, written without Hadoop: a {@link FileIO} output, plain configuration, own
 * codecs.
 */
final class ParquetDataFileWriter implements DataFileWriter {

  private static final Logger LOG = LoggerFactory.getLogger(ParquetDataFileWriter.class);

  private final Path path;
  private final FileOutput file;
  private final RowWriteSupport support;
  private final ParquetWriter<Row> writer;
  private long closedSize = -1;
  private boolean closed;

  ParquetDataFileWriter(FileIO io, Path path, RowType fileType, Compression compression) {
    this.path = path;
    this.support = new RowWriteSupport(fileType);
    this.file = io.create(path);
    try {
      this.writer =
          new Builder(ParquetFiles.output(file, path), support)
              .withConf(new PlainParquetConfiguration())
              .withCodecFactory(new PlainCodecFactory(compression.zstdLevel()))
              .withCompressionCodec(PlainCodecFactory.codecName(compression.codec()))
              .withWriteMode(ParquetFileWriter.Mode.CREATE)
              .build();
    } catch (IOException | RuntimeException e) {
      file.abort();
      throw e instanceof IOException ioe
          ? new UncheckedIOException("Failed to create data file " + path, ioe)
          : (RuntimeException) e;
    }
  }

  @Override
  public void write(Row row) {
    if (closed) {
      throw new IllegalStateException("Data file " + path + " is closed");
    }
    support.validate(row);
    try {
      writer.write(row);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write data file " + path, e);
    }
  }

  @Override
  public long bytesWritten() {
    return closed ? closedSize : writer.getDataSize();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      writer.close();
      closedSize = file.position();
    } catch (IOException | RuntimeException e) {
      file.abort();
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new UncheckedIOException("Failed to complete data file " + path, (IOException) e);
    }
  }

  @Override
  public void abort() {
    file.abort();
    if (!closed) {
      closed = true;
      try {
        writer.close();
      } catch (IOException | RuntimeException e) {
        LOG.debug("Closing aborted data file {} failed", path, e);
      }
    }
  }

  private static final class Builder extends ParquetWriter.Builder<Row, Builder> {
    private final RowWriteSupport support;

    Builder(OutputFile file, RowWriteSupport support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Row> getWriteSupport(
        org.apache.hadoop.conf.Configuration configuration) {
      return support;
    }

    @Override
    protected WriteSupport<Row> getWriteSupport(ParquetConfiguration configuration) {
      return support;
    }
  }
}
