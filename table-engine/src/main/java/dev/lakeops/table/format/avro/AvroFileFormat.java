package dev.lakeops.table.format.avro;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.format.Projection;
import dev.lakeops.table.format.StatsSource;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Avro data files ({@code file.format=avro}), Paimon's layout (paimon-format.md §13.2); the lakeops
 * default because it needs no Hadoop. Reads follow each file's own schema by field name.
 */
public final class AvroFileFormat implements DataFileFormat {

  public static final AvroFileFormat INSTANCE = new AvroFileFormat();

  private AvroFileFormat() {}

  @Override
  public String identifier() {
    return "avro";
  }

  @Override
  public DataFileWriter createWriter(
      FileIO io, Path path, RowType fileType, Compression compression) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    requireNonNull(compression, "compression");
    return new AvroDataFileWriter(io, path, fileType, compression);
  }

  @Override
  public DataFileReader createReader(
      FileIO io, Path path, RowType fileType, int @Nullable [] projection) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    return AvroDataFileReader.open(io, path, -1, fileType, Projection.orAll(fileType, projection));
  }

  @Override
  public DataFileReader createReader(
      FileIO io, Path path, long fileSize, RowType fileType, int @Nullable [] projection) {
    requireNonNull(io, "io");
    requireNonNull(path, "path");
    requireNonNull(fileType, "fileType");
    return AvroDataFileReader.open(
        io, path, fileSize, fileType, Projection.orAll(fileType, projection));
  }

  @Override
  public List<String> readFieldNames(FileIO io, Path path) {
    try (AvroContainerReader container = AvroContainerReader.open(io, path)) {
      Schema schema = container.schema();
      if (schema.getType() != Schema.Type.RECORD) {
        throw container.corrupt(4, "file schema is a " + schema.getType() + ", not a record");
      }
      return schema.getFields().stream().map(Schema.Field::name).toList();
    }
  }

  @Override
  public StatsSource statsSource() {
    return StatsSource.ROWS;
  }

  @Override
  public String toString() {
    return identifier();
  }
}
