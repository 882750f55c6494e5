package dev.lakeops.table.format.parquet;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.Projection;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.jspecify.annotations.Nullable;

/**
 * Rows of a Parquet data file, row group by row group. Only the requested columns (and nested
 * fields) are read: flat projections column by column ({@link FlatColumnBatches}), nested ones
 * through parquet-java's record assembly with lakeops converters.
 *
 * <p>parquet-java reports damaged input with many unchecked exception types; every one of them, and
 * every {@link IOException} that is not a file-system error, becomes a {@link
 * CorruptDataFileException} naming the file.
 */
final class ParquetDataFileReader implements DataFileReader {

  private final Path path;
  private final ParquetFileReader reader;
  private final @Nullable MessageColumnIO columnIO;
  private final @Nullable RecordMaterializer<Row> materializer;
  private final @Nullable FlatColumnBatches flat;
  private long emptyRowsLeft;
  private @Nullable RecordReader<Row> records;
  private long rowsLeftInGroup;
  private @Nullable Row next;
  private boolean ended;

  private ParquetDataFileReader(
      Path path,
      ParquetFileReader reader,
      @Nullable MessageColumnIO columnIO,
      @Nullable RecordMaterializer<Row> materializer,
      @Nullable FlatColumnBatches flat,
      long emptyRows) {
    this.path = path;
    this.reader = reader;
    this.columnIO = columnIO;
    this.materializer = materializer;
    this.flat = flat;
    this.emptyRowsLeft = emptyRows;
  }

  static ParquetDataFileReader open(
      InputFile input, Path path, RowType fileType, int[] projection) {
    ParquetFileReader reader = openFooter(input, path);
    try {
      MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
      checkChunkBounds(path, reader, input);
      RowType projected = Projection.project(fileType, projection);
      if (projected.arity() == 0) {
        return new ParquetDataFileReader(path, reader, null, null, null, reader.getRecordCount());
      }
      List<Type> requestedFields = new ArrayList<>();
      for (DataField f : projected.fields()) {
        if (!fileSchema.containsField(f.name())) {
          throw new ParquetDecodeException(
              "column "
                  + f.name()
                  + " is not in the file (file columns: "
                  + fileSchema.getFields().stream().map(Type::getName).toList()
                  + ")");
        }
        requestedFields.add(
            GroupConverters.prune(fileSchema.getType(f.name()), f.type(), f.name(), 0));
      }
      MessageType requested = new MessageType(fileSchema.getName(), requestedFields);
      reader.setRequestedSchema(requested);
      MessageColumnIO columnIO = new ColumnIOFactory().getColumnIO(requested, fileSchema);
      FlatColumnBatches flat =
          FlatColumnBatches.tryCreate(
              requested, projected, reader.getFooter().getFileMetaData().getCreatedBy());
      return new ParquetDataFileReader(
          path,
          reader,
          columnIO,
          flat == null ? new RowMaterializer(requested, projected) : null,
          flat,
          0);
    } catch (RuntimeException e) {
      closeQuietly(reader, e);
      throw corrupt(path, e);
    }
  }

  static ParquetFileReader openFooter(FileIO io, Path path) {
    return openFooter(ParquetFiles.input(io, path), path);
  }

  private static ParquetFileReader openFooter(InputFile input, Path path) {
    try {
      ParquetReadOptions options =
          ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
      return ParquetFileReader.open(input, options);
    } catch (IOException e) {
      throw ioFailure(path, e);
    } catch (RuntimeException e) {
      throw corrupt(path, e);
    }
  }

  /**
   * Every column chunk must lie inside the file, or reading it would allocate what the footer
   * claims.
   */
  private static void checkChunkBounds(Path path, ParquetFileReader reader, InputFile input) {
    long fileLength;
    try {
      fileLength = input.getLength();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read data file " + path, e);
    }
    for (BlockMetaData block : reader.getFooter().getBlocks()) {
      if (block.getRowCount() < 0) {
        throw new ParquetDecodeException("row group with " + block.getRowCount() + " rows");
      }
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        long start = chunk.getStartingPos();
        long size = chunk.getTotalSize();
        if (start < 4 || size < 0 || start + size > fileLength) {
          throw new ParquetDecodeException(
              "column chunk "
                  + chunk.getPath()
                  + " at "
                  + start
                  + " of "
                  + size
                  + " bytes lies outside the file of "
                  + fileLength
                  + " bytes");
        }
      }
    }
  }

  @Override
  public boolean hasNext() {
    if (next == null && !ended) {
      try {
        next = advance();
      } catch (IOException e) {
        throw ioFailure(path, e);
      } catch (RuntimeException e) {
        throw corrupt(path, e);
      }
      ended = next == null;
    }
    return next != null;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException("No more rows in " + path);
    }
    Row row = next;
    next = null;
    return row;
  }

  private @Nullable Row advance() throws IOException {
    if (columnIO == null) {
      if (emptyRowsLeft == 0) {
        return null;
      }
      emptyRowsLeft--;
      return Row.of();
    }
    if (flat != null) {
      while (!flat.hasRowInGroup()) {
        PageReadStore pages = reader.readNextRowGroup();
        if (pages == null) {
          return null;
        }
        flat.startRowGroup(pages);
      }
      return flat.next();
    }
    while (rowsLeftInGroup == 0) {
      PageReadStore pages = reader.readNextRowGroup();
      if (pages == null) {
        return null;
      }
      rowsLeftInGroup = pages.getRowCount();
      records = columnIO.getRecordReader(pages, materializer);
    }
    Row row = records.read();
    rowsLeftInGroup--;
    if (row == null) {
      throw new ParquetDecodeException("record assembly produced no row");
    }
    return row;
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to close data file " + path, e);
    }
  }

  private static void closeQuietly(ParquetFileReader reader, Exception failure) {
    try {
      reader.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * A file-system error stays an I/O failure; any other {@link IOException} means damaged bytes.
   */
  static RuntimeException ioFailure(Path path, IOException e) {
    if (e instanceof FileSystemException || e instanceof java.io.FileNotFoundException) {
      return new UncheckedIOException("Failed to read data file " + path, e);
    }
    return new CorruptDataFileException(path, String.valueOf(e.getMessage()), e);
  }

  // An UncheckedIOException comes from the FileIO (the store failed, not the file): kept as is.
  static RuntimeException corrupt(Path path, RuntimeException e) {
    if (e instanceof CorruptDataFileException || e instanceof UncheckedIOException) {
      return e;
    }
    String reason =
        e instanceof ParquetDecodeException
            ? e.getMessage()
            : e.getClass().getSimpleName() + ": " + e.getMessage();
    return new CorruptDataFileException(path, reason, e);
  }

  /** Hands out the row the root converter assembled. */
  private static final class RowMaterializer extends RecordMaterializer<Row> {
    private final GroupConverters.RowConverter root;
    private Row current;

    RowMaterializer(MessageType requested, RowType projected) {
      this.root = new GroupConverters.RowConverter(requested, projected, "", row -> current = row);
    }

    @Override
    public Row getCurrentRecord() {
      return current;
    }

    @Override
    public GroupConverter getRootConverter() {
      return root;
    }
  }
}
