package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.io.UnsupportedWarehouseException;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.KafkaCluster;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Targets named directly: table directories or warehouses (a directory, {@code s3://bucket/path},
 * {@code hdfs://namenode/path}), bootstrap addresses, REST URLs.
 */
public final class DirectTargets implements ActionTargets {

  private final Duration timeout;
  private final Map<String, String> storeOptions;
  private final Map<String, Catalog> stores = new ConcurrentHashMap<>();
  private final Map<String, FileIO> files = new ConcurrentHashMap<>();

  public DirectTargets(Duration timeout) {
    this(timeout, Map.of());
  }

  /**
   * @param storeOptions the settings a warehouse on a store is opened with ({@code s3.endpoint},
   *     ...), by the store's keys
   */
  public DirectTargets(Duration timeout, Map<String, String> storeOptions) {
    this.timeout = timeout;
    this.storeOptions = Map.copyOf(storeOptions);
  }

  @Override
  public Table table(@Nullable String warehouse, String table) {
    try {
      if (warehouse == null && !FileIOs.isLocal(table)) {
        return Table.load(store(table), FileIOs.rootPath(table));
      }
      if (warehouse == null) {
        Path dir = Path.of(table).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
          throw new IllegalArgumentException(
              "table "
                  + table
                  + ": no such directory (give a table directory, or warehouse=DIR with"
                  + " table=DATABASE.TABLE)");
        }
        return Table.load(new LocalFileIO(), dir);
      }
      return catalog(warehouse).loadTable(Identifier.parse(table));
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + table + ": " + e.getMessage(), e);
    }
  }

  /** The file access of the store {@code tableUri} is on, one per bucket or name node. */
  private FileIO store(String tableUri) {
    URI uri;
    try {
      uri = new URI(tableUri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "table " + tableUri + ": not a URI (" + e.getReason() + ")");
    }
    String root = uri.getScheme() + "://" + uri.getAuthority() + "/";
    try {
      return files.computeIfAbsent(root, r -> FileIOs.open(r, storeOptions));
    } catch (UnsupportedWarehouseException e) {
      throw new IllegalArgumentException("table " + tableUri + ": " + e.getMessage(), e);
    }
  }

  /** One catalog per store warehouse, so its client (and its connections) is made once. */
  private Catalog catalog(String warehouse) {
    if (FileIOs.isLocal(warehouse)) {
      return Catalog.local(FileIOs.rootPath(warehouse).toAbsolutePath().normalize());
    }
    try {
      return stores.computeIfAbsent(warehouse, w -> Catalog.open(w, storeOptions));
    } catch (UnsupportedWarehouseException e) {
      throw new IllegalArgumentException("warehouse " + warehouse + ": " + e.getMessage(), e);
    }
  }

  @Override
  public KafkaCluster kafka(String name) {
    return KafkaCluster.direct(name);
  }

  @Override
  public FlinkRestClient flink(String name) {
    return new FlinkRestClient(name, timeout);
  }
}
