package dev.lakeops.table.system;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * One of Paimon's system tables, {@code t$<name>}: Paimon's column names and types (measured
 * against Paimon 1.3.1, {@code paimon-format.md} §17) and rows computed from the table's metadata.
 * Row values use the engine's Java classes ({@link dev.lakeops.table.types.DataType}): BIGINT
 * {@code Long}, INT {@code Integer}, STRING {@code String}, TIMESTAMP {@code LocalDateTime}.
 * Implementations are stateless.
 */
public interface SystemTable {

  /** The name without {@code $}, as in {@code t$snapshots}: {@code snapshots}. */
  String name();

  /** Paimon's columns, in Paimon's order, with field ids from 0. */
  RowType rowType();

  /**
   * The rows. Tables about one snapshot ({@code files}, {@code manifests}, {@code partitions},
   * {@code buckets}) describe {@link SystemTableInput#snapshot()} and are empty without one; the
   * others describe the whole table.
   *
   * @throws dev.lakeops.table.meta.CorruptMetadataException a metadata file is corrupt; names it
   * @throws java.io.UncheckedIOException a metadata file cannot be read; names it
   */
  List<Row> rows(SystemTableInput input);
}
