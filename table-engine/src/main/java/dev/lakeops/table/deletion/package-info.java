/**
 * Deletion vectors: per data file, the row positions that a later write deleted ({@code
 * paimon-format.md} §9.2, §15.5). {@link dev.lakeops.table.deletion.DeletionVectorFile} reads one
 * vector out of a Paimon deletion-vector index file; readers skip the positions a {@link
 * dev.lakeops.table.deletion.DeletionVector} marks.
 */
package dev.lakeops.table.deletion;
