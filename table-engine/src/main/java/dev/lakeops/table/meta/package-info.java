/**
 * Paimon's metadata files as records with hand-written codecs: snapshots, tags, consumers and hint
 * files (JSON), manifest lists, manifests and index manifests (Avro), and the BinaryRow encoding of
 * partitions, keys and statistics. See {@code paimon-format.md} §3–§10.
 */
package dev.lakeops.table.meta;
