package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the data, changelog and extra files named in manifests live: {@code <table>/<partition
 * path>/bucket-N/<file>}, the partition path rendered from the partition's BinaryRow as Paimon
 * names its directories. Thread-safe.
 */
public final class DataFileLocator {

  // Paimon's postpone bucket (bucket = -2) writes to bucket-postpone (paimon-format.md §1).
  private static final int POSTPONE_BUCKET = -2;

  private final TablePaths paths;
  private final RowType partitionType;
  private final String defaultPartitionName;
  private final boolean legacyPartitionName;
  private final Map<BinaryRow, String> partitionPaths = new ConcurrentHashMap<>();

  public DataFileLocator(TablePaths paths, TableSchema schema) {
    this.paths = requireNonNull(paths, "paths");
    TableOptions options = schema.tableOptions();
    this.partitionType = schema.partitionType();
    this.defaultPartitionName = options.partitionDefaultName();
    this.legacyPartitionName = options.partitionLegacyName();
  }

  /**
   * The relative directory of a partition ({@code dt=2024-01-01}); empty for an unpartitioned
   * table.
   */
  public String partitionPath(BinaryRow partition) {
    return partitionPaths.computeIfAbsent(
        partition,
        p ->
            PartitionPaths.partitionPath(
                partitionType,
                BinaryRowCodec.decode(partitionType, p),
                defaultPartitionName,
                legacyPartitionName));
  }

  public Path bucketDir(BinaryRow partition, int bucket) {
    if (bucket == POSTPONE_BUCKET) {
      String partitionPath = partitionPath(partition);
      return (partitionPath.isEmpty() ? paths.root() : paths.root().resolve(partitionPath))
          .resolve("bucket-postpone");
    }
    return paths.bucketDir(partitionPath(partition), bucket);
  }

  /** A file in the bucket directory. */
  public Path file(BinaryRow partition, int bucket, String fileName) {
    return bucketDir(partition, bucket).resolve(fileName);
  }

  /**
   * The files of one data file in the table directory: the file itself and its legacy extra files.
   * A file with an {@code externalPath} lives outside the table; only its extra files are listed.
   */
  public List<Path> files(BinaryRow partition, int bucket, DataFileMeta file) {
    List<Path> result = new ArrayList<>(1 + file.extraFiles().size());
    if (file.externalPath() == null) {
      result.add(file(partition, bucket, file.fileName()));
    }
    for (String extra : file.extraFiles()) {
      result.add(file(partition, bucket, extra));
    }
    return result;
  }
}
