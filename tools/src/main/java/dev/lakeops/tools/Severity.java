package dev.lakeops.tools;

/** How much a finding matters, lowest first. */
public enum Severity {
  /** Checked and healthy: the finding says what was checked and that it is fine. */
  OK,
  /** Worth knowing, needs no action. */
  INFO,
  /** Degraded or at risk: someone should look. */
  WARN,
  /** Broken or losing data, or about to. */
  CRITICAL;

  /** The more severe of the two. */
  public Severity max(Severity other) {
    return compareTo(other) >= 0 ? this : other;
  }
}
