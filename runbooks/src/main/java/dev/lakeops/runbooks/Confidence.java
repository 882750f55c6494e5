package dev.lakeops.runbooks;

/** How strongly the evidence supports a verdict. */
public enum Confidence {
  LOW,
  MEDIUM,
  HIGH
}
