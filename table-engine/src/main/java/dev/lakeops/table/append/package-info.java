/**
 * Compaction of append tables (no primary key): which small files of a bucket, or of a partition of
 * a bucket-unaware table, are merged together, in sequence order so that the rows keep the order a
 * reader sees. The rewriting itself happens in the bucket writer of {@code
 * dev.lakeops.table.write}.
 */
package dev.lakeops.table.append;
