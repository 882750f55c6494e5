/**
 * Data files: the physical row layouts of Paimon's data files, a small per-file format SPI ({@link
 * dev.lakeops.table.format.DataFileFormat}, chosen by file extension), and writers that collect the
 * statistics a manifest entry needs ({@link dev.lakeops.table.format.WrittenFile}).
 *
 * <p>Formats: {@code avro} (the default; Hadoop-free) in {@code format.avro} and {@code parquet} in
 * {@code format.parquet}, the only package that may touch Parquet or Hadoop classes. See {@code
 * shared/reference/paimon-format.md} §11 and §13.
 */
package dev.lakeops.table.format;
