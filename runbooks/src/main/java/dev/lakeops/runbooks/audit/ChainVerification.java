package dev.lakeops.runbooks.audit;

import java.util.OptionalLong;

/**
 * The result of checking an audit log's hash chain.
 *
 * @param records records read
 * @param firstBroken the line (1-based) of the first record that does not fit the chain; empty when
 *     intact
 * @param problem what is wrong with it; empty text when intact
 */
public record ChainVerification(long records, OptionalLong firstBroken, String problem) {

  public boolean intact() {
    return firstBroken.isEmpty();
  }

  static ChainVerification ok(long records) {
    return new ChainVerification(records, OptionalLong.empty(), "");
  }

  static ChainVerification broken(long records, long line, String problem) {
    return new ChainVerification(records, OptionalLong.of(line), problem);
  }
}
