package dev.lakeops.agent.store;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The databases lakeops keeps its state in: an embedded H2 file (the default; nothing to install)
 * or a PostgreSQL server that several lakeops instances share.
 */
public enum DatabaseKind {
  H2("h2"),
  POSTGRESQL("postgresql");

  private final String configName;

  DatabaseKind(String configName) {
    this.configName = configName;
  }

  /** The value of {@code lakeops.database.kind}, also the name of the Quarkus datasource. */
  public String configName() {
    return configName;
  }

  /**
   * Parses {@code lakeops.database.kind}.
   *
   * @throws IllegalArgumentException naming the key and the accepted values
   */
  public static DatabaseKind parse(String value) {
    String wanted = value.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(k -> k.configName.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "lakeops.database.kind: '"
                        + value
                        + "' is not one of "
                        + Arrays.stream(values())
                            .map(DatabaseKind::configName)
                            .collect(Collectors.joining(", "))));
  }
}
