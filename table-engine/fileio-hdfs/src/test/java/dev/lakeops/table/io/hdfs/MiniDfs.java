package dev.lakeops.table.io.hdfs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real HDFS ({@link MiniDFSCluster}: a NameNode and one DataNode on 127.0.0.1, ephemeral ports)
 * for all the tests of this module, in the test JVM, under {@code target/minidfs/}. Started by the
 * first test class that uses the extension (about 8 s) and shut down when the test JVM's tests are
 * done.
 */
public final class MiniDfs implements BeforeAllCallback {

  private static final String NAME_NODE_PROPERTY = "lakeops-test.minidfs.namenode";

  private static MiniDFSCluster cluster;

  @Override
  public void beforeAll(ExtensionContext context) {
    cluster();
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(MiniDfs.class.getName(), k -> new Stopper(), Stopper.class);
  }

  private static final class Stopper implements AutoCloseable {
    @Override
    public void close() {
      stop();
    }
  }

  public static synchronized MiniDFSCluster cluster() {
    if (cluster == null) {
      File base =
          new File(
              System.getProperty("hdfs.base.dir", "target/minidfs"), UUID.randomUUID().toString());
      Configuration conf = new Configuration();
      conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getAbsolutePath());
      conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
      conf.setInt("dfs.replication", 1);
      // the metrics system, the web UIs and the block scanner add seconds and nothing here needs
      // them
      conf.setBoolean("dfs.webhdfs.enabled", false);
      conf.set("dfs.namenode.http-address", "127.0.0.1:0");
      conf.set("dfs.datanode.http.address", "127.0.0.1:0");
      try {
        cluster =
            new MiniDFSCluster.Builder(conf, base)
                .numDataNodes(1)
                .format(true)
                .waitSafeMode(true)
                .build();
        cluster.waitActive();
        System.setProperty(NAME_NODE_PROPERTY, "hdfs://127.0.0.1:" + cluster.getNameNodePort());
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to start the MiniDFSCluster under " + base, e);
      }
    }
    return cluster;
  }

  static synchronized void stop() {
    if (cluster != null) {
      cluster.shutdown(true);
      cluster = null;
      System.clearProperty(NAME_NODE_PROPERTY);
    }
  }

  /**
   * {@code hdfs://127.0.0.1:<port>}. A second copy of this class (another class loader of the same
   * JVM, as a Quarkus test has) finds the cluster the first one started through a system property
   * and uses it.
   */
  public static synchronized String nameNode() {
    String started = System.getProperty(NAME_NODE_PROPERTY);
    if (cluster == null && started != null) {
      return started;
    }
    return "hdfs://127.0.0.1:" + cluster().getNameNodePort();
  }

  /** A warehouse URI no other test uses. */
  public static String newWarehouse() {
    return nameNode() + "/wh-" + UUID.randomUUID();
  }

  /**
   * Options for a client of the cluster. Only the URI is needed; this one keeps the tests quick: a
   * client closing a file asks the NameNode whether its last block is complete and, while the
   * DataNode has not reported it yet, waits 400 ms before asking again (the default); here 20 ms.
   */
  public static Map<String, String> options() {
    Map<String, String> options = new HashMap<>();
    options.put(
        HdfsSettings.HADOOP_PREFIX + "dfs.client.block.write.locateFollowingBlock.initial.delay.ms",
        "20");
    return options;
  }

  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
