/**
 * Optimistic commit of change sets to a table ({@code paimon-format.md} §14): the {@link
 * dev.lakeops.table.commit.SnapshotStore} SPI and its file-system implementation, which publishes
 * {@code snapshot-N} exclusively; {@link dev.lakeops.table.commit.TableCommitter}, which composes a
 * validator, a planner, the store and a {@link dev.lakeops.table.commit.RetryPolicy}; exactly-once
 * recovery by commit user and identifier.
 */
package dev.lakeops.table.commit;
