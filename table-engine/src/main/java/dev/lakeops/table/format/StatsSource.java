package dev.lakeops.table.format;

/**
 * Where Paimon takes a format's column statistics from, which decides two details of their content
 * (measured with Paimon 1.3.1, see {@link ColumnStatsCollector}):
 *
 * <ul>
 *   <li>{@link #ROWS}: collected row by row while writing (Avro). Key stats use the table's stats
 *       mode like value stats; nested columns get a null count but no min/max.
 *   <li>{@link #FOOTER}: extracted from the file footer (Parquet). Key stats are always full (never
 *       truncated); nested columns get no stats at all.
 * </ul>
 */
public enum StatsSource {
  ROWS,
  FOOTER
}
