package dev.lakeops.runbooks.audit;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One appended audit entry: its place in the log, its time, and the hash chain.
 *
 * @param seq 1 for the first record, then consecutive
 * @param previousHash SHA-256 (hex) of the previous record; 64 zeros for the first
 * @param hash SHA-256 (hex) of {@code previousHash} and this record's canonical JSON without {@code
 *     hash}
 */
public record AuditRecord(
    long seq, Instant at, AuditEntry entry, String previousHash, String hash) {

  public static final String GENESIS = "0".repeat(64);

  public AuditRecord {
    requireNonNull(at, "at");
    requireNonNull(entry, "entry");
    requireNonNull(previousHash, "previousHash");
    requireNonNull(hash, "hash");
  }
}
