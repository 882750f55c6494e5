/**
 * The lake table engine: reads and writes Apache Paimon's on-disk format (snapshots, manifests,
 * data files, per-bucket LSM, optimistic commit). See {@code ../shared/reference/paimon-format.md}.
 */
package dev.lakeops.table;
