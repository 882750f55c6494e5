/**
 * File access for tables: the {@link dev.lakeops.table.io.FileIO} contract (atomic writes,
 * exclusive creates) and its local implementation.
 */
package dev.lakeops.table.io;
