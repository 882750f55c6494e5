/**
 * Table maintenance that changes or removes metadata and files: tags, destructive and
 * non-destructive rollback, snapshot expiration by Paimon's retention options and orphan-file
 * removal ({@code paimon-format.md} §5, §16, §18). Every operation returns a report of what it did.
 *
 * <p>Each destructive operation has a preview ({@code TableMaintenance.preview...}, {@link
 * dev.lakeops.table.maintenance.CompactionPreviews}) that computes, without changing anything, what
 * it would remove: snapshot ids, tag names, consumers that would go back, file paths and byte
 * counts. A preview runs the same plan as its operation, so with no commit in between it names
 * exactly what the operation then removes; dry runs and approval what-ifs use them.
 */
package dev.lakeops.table.maintenance;
