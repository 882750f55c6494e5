/**
 * Paimon's hash index of dynamic-bucket tables ({@code bucket=-1} on a primary-key table; {@code
 * paimon-format.md} §9, §15.6): per (partition, bucket) one {@link
 * dev.lakeops.table.index.HashIndexFile} listing the hashes of the keys that bucket holds,
 * referenced by {@code HASH} entries of the snapshot's index manifest. {@link
 * dev.lakeops.table.index.DynamicBucketAssigner} sends a key already in the table to its bucket and
 * a new key to a bucket that is not full yet; {@link dev.lakeops.table.index.BucketKeyHashes} keeps
 * one bucket's hashes and writes its new index file at commit.
 */
package dev.lakeops.table.index;
