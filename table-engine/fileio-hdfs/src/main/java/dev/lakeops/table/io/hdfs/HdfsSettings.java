package dev.lakeops.table.io.hdfs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * How to reach the NameNode of an {@code hdfs://} warehouse. The warehouse URI's authority is the
 * NameNode ({@code host:port}, or an HA nameservice defined in {@code hdfs-site.xml}). The Hadoop
 * configuration is built from, in this order: the client's defaults, {@code core-site.xml} and
 * {@code hdfs-site.xml} of {@code hdfs.conf-dir} (else of {@code HADOOP_CONF_DIR}), the fail-fast
 * connection defaults below, then every {@code hadoop.<key>=value} option as {@code <key>=value}.
 * The user is {@code hdfs.user}, else {@code HADOOP_USER_NAME}, else the process's user (simple
 * authentication; with Kerberos the login of the configuration).
 *
 * <p>{@link #toString()} names the Hadoop keys set but never their values (a key may hold a secret,
 * e.g. {@code fs.s3a.secret.key} or a keytab path).
 */
public record HdfsSettings(
    @Nullable Path confDir, Optional<String> user, Map<String, String> hadoop) {

  public static final String CONF_DIR = "hdfs.conf-dir";
  public static final String USER = "hdfs.user";

  /** The prefix of the options passed into the Hadoop configuration. */
  public static final String HADOOP_PREFIX = "hadoop.";

  static final Set<String> KEYS = Set.of(CONF_DIR, USER);

  /**
   * Connection settings applied before the {@code hadoop.*} options: the client's own defaults
   * retry a refused connection 10 times and a timed-out one 45 times, which turns a NameNode that
   * is down into minutes of waiting; here a refused or timed-out connection fails after one retry.
   */
  static final Map<String, String> FAIL_FAST =
      Map.of(
          "ipc.client.connect.max.retries", "1",
          "ipc.client.connect.retry.interval", "200",
          "ipc.client.connect.max.retries.on.timeouts", "1",
          "ipc.client.connect.timeout", "5000");

  public HdfsSettings {
    hadoop = Map.copyOf(hadoop);
  }

  /**
   * Reads the settings.
   *
   * @param options {@code hdfs.*} and {@code hadoop.*} keys; other keys are ignored, an unknown
   *     {@code hdfs.} key is refused
   * @param env the process environment
   * @throws IllegalArgumentException an option is invalid; names it (never a value of {@code
   *     hadoop.*})
   */
  public static HdfsSettings from(Map<String, String> options, Map<String, String> env) {
    Map<String, String> hadoop = new TreeMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("hdfs.") && !KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "Unknown HDFS option "
                + key
                + " (known: "
                + String.join(", ", KEYS.stream().sorted().toList())
                + ", and "
                + HADOOP_PREFIX
                + "<Hadoop key>)");
      }
      if (key.startsWith(HADOOP_PREFIX)) {
        String hadoopKey = key.substring(HADOOP_PREFIX.length());
        if (hadoopKey.isBlank()) {
          throw new IllegalArgumentException(
              "Invalid HDFS option " + key + ": no Hadoop key after '" + HADOOP_PREFIX + "'");
        }
        hadoop.put(hadoopKey, e.getValue() == null ? "" : e.getValue());
      }
    }
    String confText = first(options.get(CONF_DIR), env.get("HADOOP_CONF_DIR"));
    Path confDir = null;
    if (confText != null) {
      confDir = Path.of(confText);
      if (!Files.isDirectory(confDir)) {
        throw new IllegalArgumentException(
            "Invalid Hadoop configuration directory "
                + confText
                + " ("
                + (options.get(CONF_DIR) != null ? CONF_DIR : "HADOOP_CONF_DIR")
                + "): not a directory");
      }
    }
    Optional<String> user =
        Optional.ofNullable(first(options.get(USER), env.get("HADOOP_USER_NAME")));
    return new HdfsSettings(confDir, user, hadoop);
  }

  /** The site files of {@link #confDir} that exist, in loading order. */
  List<Path> siteFiles() {
    if (confDir == null) {
      return List.of();
    }
    return List.of(confDir.resolve("core-site.xml"), confDir.resolve("hdfs-site.xml")).stream()
        .filter(Files::isRegularFile)
        .toList();
  }

  private static @Nullable String first(@Nullable String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "HdfsSettings[confDir="
        + (confDir == null ? "(none)" : confDir)
        + ", user="
        + user.orElse("(process user)")
        + ", hadoop keys="
        + hadoop.keySet()
        + "]";
  }
}
