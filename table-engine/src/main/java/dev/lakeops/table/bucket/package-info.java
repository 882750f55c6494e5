/** Paimon's fixed-bucket assignment: MurmurHash3 over the bucket key's BinaryRow. */
package dev.lakeops.table.bucket;
