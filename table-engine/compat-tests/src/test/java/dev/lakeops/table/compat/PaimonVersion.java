package dev.lakeops.table.compat;

import org.apache.paimon.catalog.Catalog;

/**
 * The Apache Paimon release these tests run against: the one on the test classpath (from the
 * manifest of the paimon-bundle jar Paimon's classes were loaded from), and the one the module's
 * pom asked for (the system property {@code lakeops.compat.paimon-version}, set by Surefire). The
 * same test tree runs in {@code compat-tests} (1.3) and its siblings {@code paimon-1.2} and {@code
 * paimon-1.4}; a test whose oracle behaves differently per release line asks {@link #atLeast}.
 */
final class PaimonVersion {

  static final String PROPERTY = "lakeops.compat.paimon-version";

  private PaimonVersion() {}

  /** The version of the paimon-bundle jar on the classpath, e.g. {@code 1.4.2}. */
  static String runtime() {
    String version = Catalog.class.getPackage().getImplementationVersion();
    if (version == null) {
      throw new IllegalStateException(
          "the jar of "
              + Catalog.class.getName()
              + " has no Implementation-Version in its manifest: is paimon-bundle on the"
              + " classpath?");
    }
    return version;
  }

  /** The version the module's pom asked for, or null when the tests run outside Maven. */
  static String expected() {
    return System.getProperty(PROPERTY);
  }

  /** Whether the Paimon on the classpath is release {@code major.minor} or newer. */
  static boolean atLeast(int major, int minor) {
    String[] parts = runtime().split("[.-]");
    int runtimeMajor = Integer.parseInt(parts[0]);
    int runtimeMinor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
    return runtimeMajor > major || (runtimeMajor == major && runtimeMinor >= minor);
  }
}
