package dev.lakeops.runbooks.audit;

import java.time.Instant;
import java.util.List;

/**
 * The append-only, tamper-evident record of every proposal, approval, refusal, execution and
 * verification. Each record carries the hash of the one before it, so an edited, removed or
 * reordered record breaks the chain at that point.
 */
public interface AuditLog {

  /**
   * Appends {@code entry} and makes it durable before returning. Safe for concurrent callers,
   * including other processes sharing the same store.
   *
   * @throws java.io.UncheckedIOException the record could not be written durably
   */
  AuditRecord append(AuditEntry entry);

  /**
   * Records at or after {@code since}, oldest first.
   *
   * @throws CorruptAuditLogException a record cannot be parsed (the line is named)
   */
  List<AuditRecord> read(Instant since);

  /** Recomputes the chain and names the first record that does not fit. */
  ChainVerification verifyChain();
}
