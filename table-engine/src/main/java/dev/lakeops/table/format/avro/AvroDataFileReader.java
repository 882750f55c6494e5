package dev.lakeops.table.format.avro;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/** Rows of an Avro data file, decoded block by block. */
final class AvroDataFileReader implements DataFileReader {

  private final Path path;
  private final AvroContainerReader container;
  private final AvroRowReader rows;
  private AvroContainerReader.@Nullable Block block;
  private @Nullable AvroBinaryInput input;
  private long rowsLeftInBlock;
  private @Nullable Row next;
  private boolean ended;

  private AvroDataFileReader(Path path, AvroContainerReader container, AvroRowReader rows) {
    this.path = path;
    this.container = container;
    this.rows = rows;
  }

  /**
   * @param knownSize the file's size when known (its manifest entry), else -1
   */
  static AvroDataFileReader open(
      FileIO io, Path path, long knownSize, RowType fileType, int[] projection) {
    AvroContainerReader container = AvroContainerReader.open(io, path, knownSize);
    try {
      AvroRowReader rows = AvroRowReader.create(container.schema(), fileType, projection);
      return new AvroDataFileReader(path, container, rows);
    } catch (AvroRowReader.SchemaMismatchException e) {
      container.close();
      throw new CorruptDataFileException(
          path, "file schema does not match " + fileType.fieldNames() + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      container.close();
      throw e;
    }
  }

  @Override
  public boolean hasNext() {
    if (next == null && !ended) {
      next = advance();
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

  private @Nullable Row advance() {
    while (rowsLeftInBlock == 0) {
      if (input != null && input.remaining() != 0) {
        throw container.corrupt(
            block.offset(), "block has " + input.remaining() + " bytes after its last row");
      }
      block = container.next();
      if (block == null) {
        input = null;
        return null;
      }
      input = new AvroBinaryInput(block.rows(), 0, block.rows().length);
      rowsLeftInBlock = block.rowCount();
    }
    try {
      Row row = rows.read(input);
      rowsLeftInBlock--;
      return row;
    } catch (AvroDecodeException e) {
      throw container.corrupt(
          block.offset(),
          "row " + (block.rowCount() - rowsLeftInBlock) + " of the block: " + e.getMessage());
    }
  }

  @Override
  public void close() {
    container.close();
  }
}
