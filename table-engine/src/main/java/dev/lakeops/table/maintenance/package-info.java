/**
 * Table maintenance that changes or removes metadata and files: tags, destructive and
 * non-destructive rollback, snapshot expiration by Paimon's retention options and orphan-file
 * removal ({@code paimon-format.md} §5, §16, §18). Every operation returns a report of what it did.
 */
package dev.lakeops.table.maintenance;
