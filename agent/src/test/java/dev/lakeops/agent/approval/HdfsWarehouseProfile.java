package dev.lakeops.agent.approval;

import dev.lakeops.table.io.hdfs.MiniDfs;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * The agent with its warehouse on a real HDFS ({@code lakeops.tables.warehouse=hdfs://…} on a
 * MiniDFSCluster in the test JVM, its client settings as {@code lakeops.tables.store.*}); bob
 * approves.
 */
public class HdfsWarehouseProfile implements QuarkusTestProfile {

  static final String BOB_TOKEN = "bob-hdfs-token-0123456789";

  /** One warehouse whichever class loader asks (Quarkus loads the test's classes a second time). */
  static final String WAREHOUSE =
      (String)
          System.getProperties()
              .computeIfAbsent("lakeops-test.hdfs-warehouse", k -> MiniDfs.newWarehouse());

  @Override
  public Map<String, String> getConfigOverrides() {
    Map<String, String> config = new HashMap<>();
    config.put("lakeops.approvers.bob.roles", "approver");
    config.put("lakeops.approvers.bob.token", BOB_TOKEN);
    config.put("lakeops.tables.warehouse", WAREHOUSE);
    MiniDfs.options().forEach((k, v) -> config.put("lakeops.tables.store." + k, v));
    return config;
  }
}
