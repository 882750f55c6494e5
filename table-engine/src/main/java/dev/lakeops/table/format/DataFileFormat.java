package dev.lakeops.table.format;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One data-file format. Readers pick the format per file from its extension ({@link
 * DataFileFormats#forFileName}), so one table may mix formats.
 *
 * <p>Columns are matched by name between the file and the requested type; the caller passes the
 * physical type the file was written with ({@link KeyValueLayout#fileType()} or the table row type
 * of an append table, of the file's schema version).
 */
public interface DataFileFormat {

  /** {@code avro}, {@code parquet}: the option value and the file extension. */
  String identifier();

  /**
   * Starts {@code path} through {@code io} (published when the writer closes) and returns a writer
   * of rows of {@code fileType}.
   *
   * @throws IllegalArgumentException the format cannot store a column type, or the compression is
   *     not supported by this format
   * @throws java.io.UncheckedIOException the file cannot be created
   */
  DataFileWriter createWriter(FileIO io, Path path, RowType fileType, Compression compression);

  /** {@link #createWriter(FileIO, Path, RowType, Compression)} on the local file system. */
  default DataFileWriter createWriter(Path path, RowType fileType, Compression compression) {
    return createWriter(new LocalFileIO(), path, fileType, compression);
  }

  /**
   * Opens {@code path} for reading rows of {@code fileType}, projected to the fields at {@code
   * projection} (indexes into {@code fileType}, in output order), or all fields when null.
   *
   * @throws CorruptDataFileException the file's header or footer cannot be decoded, or the file
   *     lacks a requested column or stores it with an incompatible type
   * @throws java.io.UncheckedIOException the file cannot be opened (for example it is missing)
   */
  DataFileReader createReader(FileIO io, Path path, RowType fileType, int @Nullable [] projection);

  /**
   * {@link #createReader(FileIO, Path, RowType, int[])} of a file whose size is known (from its
   * manifest entry, as Paimon's readers take it), so the store is not asked for it.
   */
  default DataFileReader createReader(
      FileIO io, Path path, long fileSize, RowType fileType, int @Nullable [] projection) {
    return createReader(io, path, fileType, projection);
  }

  /** {@link #createReader(FileIO, Path, RowType, int[])} on the local file system. */
  default DataFileReader createReader(Path path, RowType fileType, int @Nullable [] projection) {
    return createReader(new LocalFileIO(), path, fileType, projection);
  }

  /**
   * The names of the top-level columns stored in {@code path}, in file order (reads the header or
   * footer only); tells a thin primary-key file from a standard one.
   *
   * @throws CorruptDataFileException the header or footer cannot be decoded
   */
  List<String> readFieldNames(FileIO io, Path path);

  /** {@link #readFieldNames(FileIO, Path)} on the local file system. */
  default List<String> readFieldNames(Path path) {
    return readFieldNames(new LocalFileIO(), path);
  }

  /** Where Paimon takes this format's statistics from, which shapes their content. */
  StatsSource statsSource();
}
