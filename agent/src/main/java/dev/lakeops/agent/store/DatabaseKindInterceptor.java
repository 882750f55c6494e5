package dev.lakeops.agent.store;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.Priorities;
import jakarta.annotation.Priority;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Derives Quarkus' datasource settings from lakeops' own: {@code lakeops.database.kind} ({@code
 * h2}, the default, or {@code postgresql}) sets the per-datasource {@code active} flags, so a
 * deployment chooses its database with one key instead of two that must agree; and the H2 file
 * lives under {@code lakeops.data-dir}, made absolute (H2 refuses relative paths). Explicit {@code
 * quarkus.datasource.*} settings still win.
 */
@Priority(Priorities.APPLICATION + 100)
public final class DatabaseKindInterceptor implements ConfigSourceInterceptor {

  static final String KIND_KEY = "lakeops.database.kind";
  static final String H2_URL_KEY = "quarkus.datasource.h2.jdbc.url";

  /** H2 in PostgreSQL mode, so both databases run the same migrations and queries. */
  static final String H2_SETTINGS =
      ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";

  private static final Set<String> KINDS =
      Set.of(DatabaseKind.H2.configName(), DatabaseKind.POSTGRESQL.configName());

  @Override
  public Iterator<String> iterateNames(ConfigSourceInterceptorContext context) {
    // Quarkus reads only the datasource keys it sees listed, so the derived ones must be listed
    // too.
    Set<String> names = new LinkedHashSet<>();
    context.iterateNames().forEachRemaining(names::add);
    names.add(H2_URL_KEY);
    for (String kind : KINDS) {
      names.add("quarkus.datasource." + kind + ".active");
    }
    return names.iterator();
  }

  @Override
  public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
    ConfigValue explicit = context.proceed(name);
    if (explicit != null || !name.startsWith("quarkus.datasource.")) {
      return explicit;
    }
    // Quarkus asks for named datasources in both spellings: quarkus.datasource."h2".active and
    // unquoted.
    String plain = name.replace("\"", "");
    if (plain.equals(H2_URL_KEY)) {
      ConfigValue dataDir = context.proceed("lakeops.data-dir");
      String dir = dataDir == null || dataDir.getValue() == null ? "data" : dataDir.getValue();
      String url =
          "jdbc:h2:file:"
              + Path.of(dir).toAbsolutePath().normalize().resolve("db").resolve("lakeops")
              + H2_SETTINGS;
      return ConfigValue.builder()
          .withName(name)
          .withValue(url)
          .withConfigSourceName("lakeops.data-dir")
          .build();
    }
    if (!plain.endsWith(".active")) {
      return null;
    }
    String datasource =
        plain.substring("quarkus.datasource.".length(), plain.length() - ".active".length());
    if (!KINDS.contains(datasource)) {
      return null;
    }
    ConfigValue kind = context.proceed(KIND_KEY);
    String chosen =
        kind == null || kind.getValue() == null
            ? DatabaseKind.H2.configName()
            : kind.getValue().trim().toLowerCase(Locale.ROOT);
    return ConfigValue.builder()
        .withName(name)
        .withValue(Boolean.toString(datasource.equals(chosen)))
        .withConfigSourceName("lakeops.database.kind")
        .build();
  }
}
