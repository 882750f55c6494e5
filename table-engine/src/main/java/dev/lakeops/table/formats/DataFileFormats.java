package dev.lakeops.table.formats;

import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.avro.AvroFileFormat;
import dev.lakeops.table.format.parquet.ParquetFileFormat;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The data-file formats lakeops reads and writes, by identifier and by file extension. */
public final class DataFileFormats {

  private static final List<DataFileFormat> ALL =
      List.of(AvroFileFormat.INSTANCE, ParquetFileFormat.INSTANCE);
  private static final Map<String, DataFileFormat> BY_IDENTIFIER =
      ALL.stream()
          .collect(Collectors.toUnmodifiableMap(DataFileFormat::identifier, Function.identity()));

  private DataFileFormats() {}

  /**
   * The format named by option {@code file.format}; empty for a format lakeops does not support
   * (orc).
   */
  public static Optional<DataFileFormat> find(String identifier) {
    return Optional.ofNullable(BY_IDENTIFIER.get(identifier));
  }

  /**
   * The format of a data file by its extension: {@code .avro}, {@code .parquet}, also after a
   * compression suffix ({@code .zstd.parquet}).
   *
   * @throws IllegalArgumentException the name has no extension or one of an unsupported format
   */
  public static DataFileFormat forFileName(String fileName) {
    String extension =
        TablePaths.fileFormat(fileName)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "Data file name has no format extension: " + fileName));
    return find(extension)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Unsupported data file format '"
                        + extension
                        + "' of "
                        + fileName
                        + " (supported: "
                        + BY_IDENTIFIER.keySet()
                        + ")"));
  }

  /** {@link #forFileName} of the path's last element. */
  public static DataFileFormat forPath(Path path) {
    return forFileName(path.getFileName().toString());
  }
}
