package dev.lakeops.runbooks.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The hash chain of audit records, shared by every {@link AuditLog} store: how the next record is
 * sealed, and how a stored sequence of records is checked.
 */
public final class AuditChain {

  private AuditChain() {}

  /**
   * The stored form (canonical JSON, one line) of the record that follows the one with {@code
   * previousHash} (or {@link AuditRecord#GENESIS}) as number {@code seq}.
   */
  public static String seal(long seq, Instant at, AuditEntry entry, String previousHash) {
    ObjectNode node = AuditJson.unhashed(seq, at, entry, previousHash);
    node.put("hash", AuditJson.hash(previousHash, node));
    return AuditJson.canonical(node);
  }

  /**
   * Reads one stored line.
   *
   * @throws CorruptAuditLogException naming {@code where} when it is not a record
   */
  public static AuditRecord read(String line, String where) {
    try {
      JsonNode n = AuditJson.parse(line);
      if (!n.isObject()) {
        throw new CorruptAuditLogException(where + " is not an audit record", null);
      }
      return AuditJson.toRecord(n);
    } catch (JsonProcessingException e) {
      throw new CorruptAuditLogException(where + " is not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Checks stored lines in order: consecutive numbers from 1, each pointing at the hash of the one
   * before, each with the hash of its own content.
   *
   * @param where names a position (1-based) for a person, e.g. {@code line 3 of audit.jsonl}
   */
  public static ChainVerification verify(List<String> lines, LongFunction<String> where) {
    String previous = AuditRecord.GENESIS;
    long expectedSeq = 1;
    for (int i = 0; i < lines.size(); i++) {
      long lineNo = i + 1;
      JsonNode n;
      try {
        n = AuditJson.parse(lines.get(i));
      } catch (JsonProcessingException e) {
        return ChainVerification.broken(lines.size(), lineNo, where.apply(lineNo) + " is not JSON");
      }
      if (!n.isObject()) {
        return ChainVerification.broken(
            lines.size(), lineNo, where.apply(lineNo) + " is not a record");
      }
      if (n.path("seq").asLong() != expectedSeq) {
        return ChainVerification.broken(
            lines.size(),
            lineNo,
            "record at "
                + where.apply(lineNo)
                + " has seq "
                + n.path("seq").asText()
                + ", expected "
                + expectedSeq
                + " (a record was removed or reordered)");
      }
      if (!previous.equals(n.path("previousHash").asText())) {
        return ChainVerification.broken(
            lines.size(),
            lineNo,
            "record "
                + expectedSeq
                + " ("
                + where.apply(lineNo)
                + ") does not point at the hash of the record before it");
      }
      String hash = AuditJson.hash(previous, n);
      if (!hash.equals(n.path("hash").asText())) {
        return ChainVerification.broken(
            lines.size(),
            lineNo,
            "record "
                + expectedSeq
                + " ("
                + where.apply(lineNo)
                + ") was modified: its content does not match its hash");
      }
      previous = hash;
      expectedSeq++;
    }
    return ChainVerification.ok(lines.size());
  }
}
