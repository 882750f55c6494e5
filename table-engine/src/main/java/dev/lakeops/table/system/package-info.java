/**
 * Paimon's system tables ({@code t$snapshots}, {@code t$files}, ...): the same columns, types and
 * values as Paimon 1.3.1 shows, computed from a table's metadata files. {@link SystemTables} is the
 * registry; {@link TableMetadata} the read-only view of the metadata they are computed from.
 */
package dev.lakeops.table.system;
