package dev.lakeops.table.compat;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.io.hdfs.MiniDfs;
import dev.lakeops.table.io.s3.S3ProxyServer;
import dev.lakeops.table.io.s3.S3Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the warehouse of a cross-engine test lives: the local disk, a bucket of a real S3Proxy or a
 * directory of a real MiniDFSCluster, with lakeops and Paimon each on its own client for that
 * store. A module names the stores its tests run on in the system property {@value #PROPERTY}
 * (comma-separated, {@code local} when unset): Paimon's S3 file system ({@code paimon-s3}) is
 * served for the 1.4 line only, so that module runs on S3 and HDFS, and the others on the local
 * disk.
 */
enum CompatStore {
  LOCAL,
  S3,
  HDFS;

  static final String PROPERTY = "lakeops.compat.stores";

  /** The stores this module's tests run on, in the order given. */
  static List<CompatStore> selected() {
    String value = System.getProperty(PROPERTY, "local");
    List<CompatStore> stores = new ArrayList<>();
    for (String name : value.split(",")) {
      if (!name.isBlank()) {
        stores.add(valueOf(name.strip().toUpperCase(Locale.ROOT)));
      }
    }
    return stores;
  }

  /**
   * A warehouse on this store that no other test uses; {@code scratch} is the test's local
   * directory (the warehouse itself on the local disk, Paimon's spill files on every store).
   */
  Warehouse newWarehouse(Path scratch) {
    return switch (this) {
      case LOCAL ->
          new Warehouse(
              this, scratch.toUri().toString(), scratch, new LocalFileIO(), Map.of(), scratch);
      case S3 -> {
        String uri = "s3://" + S3ProxyServer.get().newBucket() + "/wh";
        Map<String, String> s3 = S3ProxyServer.get().options();
        yield new Warehouse(
            this,
            uri,
            FileIOs.rootPath(uri),
            FileIOs.open(uri, s3),
            Map.of(
                "s3.endpoint", s3.get(S3Settings.ENDPOINT),
                "s3.access-key", s3.get(S3Settings.ACCESS_KEY),
                "s3.secret-key", s3.get(S3Settings.SECRET_KEY),
                "s3.path.style.access", "true"),
            scratch);
      }
      case HDFS -> {
        String uri = MiniDfs.newWarehouse();
        // MiniDfs.options() are "hadoop."-prefixed Hadoop settings, which Paimon's catalog takes
        // in the same form: both clients wait 20 ms, not 400, for a closed file's last block.
        yield new Warehouse(
            this,
            uri,
            FileIOs.rootPath(uri),
            FileIOs.open(uri, MiniDfs.options()),
            MiniDfs.options(),
            scratch);
      }
    };
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * One warehouse: its URI (as Paimon's catalog takes it), the root path and {@link FileIO} lakeops
   * opens it with, Paimon's catalog options for the store beside {@code warehouse}, and the local
   * scratch directory.
   */
  record Warehouse(
      CompatStore store,
      String uri,
      Path root,
      FileIO io,
      Map<String, String> paimonOptions,
      Path scratch) {}
}
