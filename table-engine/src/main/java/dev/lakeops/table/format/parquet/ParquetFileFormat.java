package dev.lakeops.table.format.parquet;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.format.Projection;
import dev.lakeops.table.format.StatsSource;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.Type;
import org.jspecify.annotations.Nullable;

/**
 * Parquet data files ({@code file.format=parquet}, Paimon's default), through parquet-java. This
 * package is the only one that touches Parquet or Hadoop classes (paimon-format.md §21: reading
 * needs the shaded Hadoop client jars).
 */
public final class ParquetFileFormat implements DataFileFormat {

  public static final ParquetFileFormat INSTANCE = new ParquetFileFormat();

  private ParquetFileFormat() {}

  @Override
  public String identifier() {
    return "parquet";
  }

  @Override
  public DataFileWriter createWriter(
      FileIO io, Path path, RowType fileType, Compression compression) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    requireNonNull(compression, "compression");
    return new ParquetDataFileWriter(io, path, fileType, compression);
  }

  @Override
  public DataFileReader createReader(
      FileIO io, Path path, RowType fileType, int @Nullable [] projection) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    return ParquetDataFileReader.open(
        ParquetFiles.input(io, path), path, fileType, Projection.orAll(fileType, projection));
  }

  @Override
  public DataFileReader createReader(
      FileIO io, Path path, long fileSize, RowType fileType, int @Nullable [] projection) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    return ParquetDataFileReader.open(
        ParquetFiles.input(io, path, fileSize),
        path,
        fileType,
        Projection.orAll(fileType, projection));
  }

  @Override
  public List<String> readFieldNames(FileIO io, Path path) {
    try (ParquetFileReader reader = ParquetDataFileReader.openFooter(io, path)) {
      return reader.getFooter().getFileMetaData().getSchema().getFields().stream()
          .map(Type::getName)
          .toList();
    } catch (IOException e) {
      throw ParquetDataFileReader.ioFailure(path, e);
    }
  }

  @Override
  public StatsSource statsSource() {
    return StatsSource.FOOTER;
  }

  @Override
  public String toString() {
    return identifier();
  }
}
