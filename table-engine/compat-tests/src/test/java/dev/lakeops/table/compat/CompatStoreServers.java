package dev.lakeops.table.compat;

import dev.lakeops.table.io.hdfs.MiniDfs;
import dev.lakeops.table.io.s3.S3ProxyServer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the servers of the {@link CompatStore#selected() selected stores} before a test class that
 * runs on them: one S3Proxy and one MiniDFSCluster for the whole test JVM, stopped when its last
 * test is done. A module that runs on the local disk only starts neither.
 */
final class CompatStoreServers implements BeforeAllCallback {

  @Override
  public void beforeAll(ExtensionContext context) {
    for (CompatStore store : CompatStore.selected()) {
      switch (store) {
        case S3 -> new S3ProxyServer().beforeAll(context);
        case HDFS -> new MiniDfs().beforeAll(context);
        case LOCAL -> {}
      }
    }
  }
}
