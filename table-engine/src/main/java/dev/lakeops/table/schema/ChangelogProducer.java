package dev.lakeops.table.schema;

/** Option {@code changelog-producer}. */
public enum ChangelogProducer {
  NONE("none"),
  INPUT("input"),
  FULL_COMPACTION("full-compaction"),
  LOOKUP("lookup");

  private final String value;

  ChangelogProducer(String value) {
    this.value = value;
  }

  public String value() {
    return value;
  }
}
