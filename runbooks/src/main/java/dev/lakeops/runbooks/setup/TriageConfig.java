package dev.lakeops.runbooks.setup;

import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.UnsupportedWarehouseException;
import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import dev.lakeops.tools.cdc.CdcTools;
import dev.lakeops.tools.cdc.ConnectAnalyzer;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import dev.lakeops.tools.cdc.DebeziumMetricsProbe;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.spec.Durations;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@code lakeops.*} keys the triage tools are built from, read once for both front doors (the
 * command line's {@code config/application.properties} and the agent's configuration):
 *
 * <pre>
 * lakeops.flink.rest-url=http://jm:8081                 the cluster named default
 * lakeops.flink.clusters.&lt;name&gt;.rest-url=...            other clusters, by an alert's flink_cluster
 * lakeops.flink.timeout=5s                              each Flink REST call
 * lakeops.kafka.clusters.&lt;name&gt;.bootstrap-servers=...   Kafka profiles (see KafkaClusters)
 * lakeops.kafka.timeout=10s                             each Kafka call (the probe's default without it)
 * lakeops.tables.warehouse=/lake                        where database.table resolves: a directory,
 *                                                       s3://bucket/path or hdfs://namenode:port/path
 * lakeops.tables.store.&lt;option&gt;=...                     the store's settings (s3.endpoint, ...)
 * lakeops.binlog.dir=/var/lib/mysql                     the directory binlog.verify reads
 *                                                       (also lakeops.chat.binlog-dir, lakeops.llm.binlog-dir)
 * lakeops.binlog.servers.&lt;name&gt;.jdbc-url|user|password   servers binlog.server.status reads
 * lakeops.binlog.timeout=10s                            each query to such a server
 * lakeops.connect.workers.&lt;name&gt;.url=http://w:8083      Kafka Connect workers cdc.connect.status reads
 * lakeops.connect.workers.&lt;name&gt;.jmx-url=w:9999        the worker's JMX, for Debezium's own metrics
 * lakeops.connect.timeout=10s                           each Kafka Connect REST or JMX call
 * lakeops.connect.behind=60s                            how far behind its database a connector may read
 * lakeops.alerts.*                                      how alerts are read (see AlertRouting)
 * </pre>
 *
 * @param flink the Flink clusters; empty when no rest-url is set
 * @param kafka the Kafka profiles
 * @param kafkaTimeout the Kafka timeout when set
 * @param warehouse the warehouse (a local one absolute); empty when unset
 * @param storeOptions the settings of the warehouse's store, by the store's keys ({@code
 *     s3.endpoint}); also those of the warehouses approved actions name
 * @param binlogDir the binlog directory, absolute; empty when unset
 * @param binlogServers the binlog servers by name
 * @param binlogTimeout the timeout of a binlog server query
 * @param connectWorkers the Kafka Connect workers by name: REST base URLs
 * @param connectJmx the JMX addresses of the workers that have one, by worker name
 * @param connectTimeout the timeout of a Kafka Connect REST or JMX call
 * @param connectBehind how far behind its database a connected Debezium connector may read
 * @param routing how alerts are read
 */
public record TriageConfig(
    Optional<FlinkClusters> flink,
    KafkaClusters kafka,
    Optional<Duration> kafkaTimeout,
    Optional<Catalog> warehouse,
    Map<String, String> storeOptions,
    Optional<Path> binlogDir,
    Map<String, BinlogServerConnection> binlogServers,
    Duration binlogTimeout,
    Map<String, String> connectWorkers,
    Map<String, String> connectJmx,
    Duration connectTimeout,
    Duration connectBehind,
    AlertRouting routing) {

  public static final String FLINK_REST_URL = "lakeops.flink.rest-url";
  public static final String FLINK_TIMEOUT = "lakeops.flink.timeout";
  public static final String KAFKA_TIMEOUT = "lakeops.kafka.timeout";
  public static final String WAREHOUSE = "lakeops.tables.warehouse";
  public static final String STORE_PREFIX = "lakeops.tables.store.";
  public static final String BINLOG_DIR = "lakeops.binlog.dir";
  public static final String BINLOG_TIMEOUT = "lakeops.binlog.timeout";
  public static final String CONNECT_TIMEOUT = "lakeops.connect.timeout";
  public static final String CONNECT_BEHIND = "lakeops.connect.behind";

  /** Older names of {@link #BINLOG_DIR}, read when it is not set, in this order. */
  public static final List<String> BINLOG_DIR_FALLBACKS =
      List.of("lakeops.chat.binlog-dir", "lakeops.llm.binlog-dir");

  private static final String FLINK_CLUSTERS = "lakeops.flink.clusters.";
  private static final String BINLOG_SERVERS = "lakeops.binlog.servers.";
  private static final String CONNECT_WORKERS = "lakeops.connect.workers.";

  public TriageConfig {
    storeOptions = Map.copyOf(storeOptions);
    binlogServers = Map.copyOf(binlogServers);
    connectWorkers = Map.copyOf(connectWorkers);
    connectJmx = Map.copyOf(connectJmx);
  }

  /** The CDC connector tools over the configured Kafka Connect workers (and their JMX). */
  public CdcTools cdcTools(Clock clock) {
    return new CdcTools(
        connectWorkers,
        connectJmx,
        connectTimeout,
        new ConnectAnalyzer(),
        new DebeziumMetricsAnalyzer(connectBehind),
        clock);
  }

  /**
   * Reads the keys above from {@code properties}; other keys are ignored.
   *
   * @throws IllegalArgumentException a key does not read; the message names the key and the value
   */
  public static TriageConfig fromProperties(Map<String, String> properties) {
    Map<String, String> p = new TreeMap<>();
    properties.forEach((k, v) -> p.put(k, v == null ? "" : v.strip()));
    Duration flinkTimeout = duration(p, FLINK_TIMEOUT).orElse(Duration.ofSeconds(5));
    Map<String, String> store = storeOptions(p);
    return new TriageConfig(
        flink(p, flinkTimeout),
        kafka(p),
        duration(p, KAFKA_TIMEOUT),
        warehouse(p, store),
        store,
        binlogDir(p),
        binlogServers(p),
        duration(p, BINLOG_TIMEOUT).orElse(Duration.ofSeconds(10)),
        connectWorkers(p),
        connectJmx(p),
        duration(p, CONNECT_TIMEOUT).orElse(Duration.ofSeconds(10)),
        duration(p, CONNECT_BEHIND).orElse(DebeziumMetricsAnalyzer.DEFAULT_BEHIND),
        AlertRouting.fromProperties(p));
  }

  private static Optional<FlinkClusters> flink(Map<String, String> p, Duration timeout) {
    Map<String, FlinkTools> byName = new LinkedHashMap<>();
    if (!p.getOrDefault(FLINK_REST_URL, "").isEmpty()) {
      byName.put(FlinkClusters.DEFAULT, flinkTools(FLINK_REST_URL, p.get(FLINK_REST_URL), timeout));
    }
    for (String name : names(p, FLINK_CLUSTERS)) {
      String key = FLINK_CLUSTERS + name + ".rest-url";
      String url = p.getOrDefault(key, "");
      if (url.isEmpty()) {
        throw new IllegalArgumentException("Invalid " + key + ": not set");
      }
      if (name.equals(FlinkClusters.DEFAULT)) {
        throw new IllegalArgumentException(
            "Invalid " + key + ": the name default is taken by " + FLINK_REST_URL);
      }
      byName.put(name, flinkTools(key, url, timeout));
    }
    if (byName.isEmpty()) {
      return Optional.empty();
    }
    String defaultName =
        byName.containsKey(FlinkClusters.DEFAULT)
            ? FlinkClusters.DEFAULT
            : byName.keySet().iterator().next();
    return Optional.of(new FlinkClusters(byName, defaultName));
  }

  private static FlinkTools flinkTools(String key, String url, Duration timeout) {
    try {
      return new FlinkTools(
          new FlinkJobProbe(new FlinkRestClient(url, timeout)), new BackpressureAnalyzer());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid " + key + "=" + url + ": " + e.getMessage(), e);
    }
  }

  /** The Kafka profiles; one that does not read is named by its key prefix. */
  private static KafkaClusters kafka(Map<String, String> p) {
    for (String name : names(p, KafkaClusters.PREFIX)) {
      Properties one = new Properties();
      p.forEach(
          (k, v) -> {
            if (k.startsWith(KafkaClusters.PREFIX + name + ".")) {
              one.setProperty(k, v);
            }
          });
      try {
        KafkaClusters.fromProperties(one);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Invalid " + KafkaClusters.PREFIX + name + ": " + e.getMessage(), e);
      }
    }
    Properties all = new Properties();
    p.forEach(all::setProperty);
    return KafkaClusters.fromProperties(all);
  }

  private static Optional<Path> binlogDir(Map<String, String> p) {
    if (!p.getOrDefault(BINLOG_DIR, "").isEmpty()) {
      return directory(p, BINLOG_DIR);
    }
    for (String key : BINLOG_DIR_FALLBACKS) {
      if (!p.getOrDefault(key, "").isEmpty()) {
        return directory(p, key);
      }
    }
    return Optional.empty();
  }

  private static Map<String, BinlogServerConnection> binlogServers(Map<String, String> p) {
    Map<String, BinlogServerConnection> out = new TreeMap<>();
    for (String name : names(p, BINLOG_SERVERS)) {
      String prefix = BINLOG_SERVERS + name + ".";
      for (String key : List.of("jdbc-url", "user")) {
        if (p.getOrDefault(prefix + key, "").isEmpty()) {
          throw new IllegalArgumentException("Invalid " + prefix + key + ": not set");
        }
      }
      try {
        out.put(
            name,
            new BinlogServerConnection(
                p.get(prefix + "jdbc-url"),
                p.get(prefix + "user"),
                p.getOrDefault(prefix + "password", "")));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Invalid " + BINLOG_SERVERS + name + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  private static Map<String, String> connectWorkers(Map<String, String> p) {
    Map<String, String> out = new TreeMap<>();
    for (String key : p.keySet()) {
      if (key.startsWith(CONNECT_WORKERS) && !key.endsWith(".url") && !key.endsWith(".jmx-url")) {
        throw new IllegalArgumentException(
            "Invalid " + key + ": unknown key (a Kafka Connect worker has .url and .jmx-url)");
      }
    }
    for (String name : names(p, CONNECT_WORKERS)) {
      String key = CONNECT_WORKERS + name + ".url";
      if (!p.containsKey(key)) {
        throw new IllegalArgumentException(
            "Invalid " + CONNECT_WORKERS + name + ": " + key + " is not set (the REST URL)");
      }
      String url = p.getOrDefault(key, "");
      if (!url.startsWith("http://") && !url.startsWith("https://")) {
        throw new IllegalArgumentException(
            "Invalid "
                + key
                + "="
                + url
                + ": expected the worker's REST URL, http://host:port or https://host:port");
      }
      out.put(name, url);
    }
    return out;
  }

  private static Map<String, String> connectJmx(Map<String, String> p) {
    Map<String, String> out = new TreeMap<>();
    for (String name : names(p, CONNECT_WORKERS)) {
      String key = CONNECT_WORKERS + name + ".jmx-url";
      String value = p.getOrDefault(key, "");
      if (value.isEmpty()) {
        continue;
      }
      try {
        DebeziumMetricsProbe.parse(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Invalid " + key + "=" + value + ": " + e.getMessage(), e);
      }
      out.put(name, value);
    }
    return out;
  }

  /** The names {@code <name>} of keys {@code prefix<name>.<rest>}. */
  private static TreeSet<String> names(Map<String, String> p, String prefix) {
    TreeSet<String> names = new TreeSet<>();
    p.keySet().stream()
        .filter(k -> k.startsWith(prefix) && k.indexOf('.', prefix.length()) > prefix.length())
        .forEach(k -> names.add(k.substring(prefix.length(), k.indexOf('.', prefix.length()))));
    return names;
  }

  private static Optional<Duration> duration(Map<String, String> p, String key) {
    String value = p.getOrDefault(key, "");
    if (value.isEmpty()) {
      return Optional.empty();
    }
    try {
      Duration d = Durations.parse(value);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("must be positive");
      }
      return Optional.of(d);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid " + key + "=" + value + ": " + e.getMessage(), e);
    }
  }

  /** An existing directory, absolute and normalized; a relative one is under the working dir. */
  /** The {@code lakeops.tables.store.*} keys, without that prefix. */
  private static Map<String, String> storeOptions(Map<String, String> p) {
    Map<String, String> out = new TreeMap<>();
    p.forEach(
        (k, v) -> {
          if (k.startsWith(STORE_PREFIX) && k.length() > STORE_PREFIX.length()) {
            out.put(k.substring(STORE_PREFIX.length()), v);
          }
        });
    return out;
  }

  private static Optional<Catalog> warehouse(Map<String, String> p, Map<String, String> store) {
    String value = p.getOrDefault(WAREHOUSE, "");
    return value.isEmpty() ? Optional.empty() : Optional.of(openWarehouse(WAREHOUSE, value, store));
  }

  /**
   * The warehouse {@code value} of the key {@code key} names: a directory that must exist, or a
   * store URI opened with {@code store} (its settings are checked here; the store itself is first
   * asked by a tool).
   *
   * @throws IllegalArgumentException the directory does not exist, the URI or a setting is invalid,
   *     or no file system serves its scheme; names the key and the value
   */
  public static Catalog openWarehouse(String key, String value, Map<String, String> store) {
    if (FileIOs.isLocal(value)) {
      String dir;
      try {
        dir = value.startsWith("file:") ? FileIOs.rootPath(value).toString() : value;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Invalid " + key + "=" + value + ": " + e.getMessage(), e);
      }
      return Catalog.local(directory(Map.of(key, dir), key).orElseThrow());
    }
    try {
      return Catalog.open(value, store);
    } catch (IllegalArgumentException | UnsupportedWarehouseException e) {
      throw new IllegalArgumentException("Invalid " + key + "=" + value + ": " + e.getMessage(), e);
    }
  }

  private static Optional<Path> directory(Map<String, String> p, String key) {
    String value = p.getOrDefault(key, "");
    if (value.isEmpty()) {
      return Optional.empty();
    }
    Path dir;
    try {
      dir = Path.of(value).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(
          "Invalid " + key + "=" + value + ": not a path (" + e.getReason() + ")", e);
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "Invalid "
              + key
              + "="
              + value
              + ": "
              + (Files.exists(dir) ? "not a directory" : "no such directory"));
    }
    return Optional.of(dir);
  }
}
