/**
 * Streaming consumers of a table: the progress each one records in {@code consumer/consumer-<id>}
 * (Paimon's {@code ConsumerManager}), which streaming reads resume from and snapshot expiration
 * keeps alive.
 */
package dev.lakeops.table.consumer;
