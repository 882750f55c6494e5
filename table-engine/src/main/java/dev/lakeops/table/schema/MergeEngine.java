package dev.lakeops.table.schema;

/** Option {@code merge-engine}: how records with the same primary key are reduced. */
public enum MergeEngine {
  DEDUPLICATE("deduplicate"),
  PARTIAL_UPDATE("partial-update"),
  AGGREGATION("aggregation"),
  FIRST_ROW("first-row");

  private final String value;

  MergeEngine(String value) {
    this.value = value;
  }

  /** The option value, e.g. {@code partial-update}. */
  public String value() {
    return value;
  }
}
