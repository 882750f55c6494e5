package dev.lakeops.agent.approval;

import dev.lakeops.table.io.s3.S3ProxyServer;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * The agent with its warehouse in a bucket of a real S3Proxy ({@code lakeops.tables.warehouse=
 * s3://…}, the store's settings as {@code lakeops.tables.store.*}); alice approves. The server
 * starts before the agent reads its configuration and stops by PID after the test JVM's tests.
 */
public class StoreWarehouseProfile implements QuarkusTestProfile {

  static final String ALICE_TOKEN = "alice-store-token-0123456789";

  /** One bucket whichever class loader asks (Quarkus loads the test's classes a second time). */
  static final String WAREHOUSE =
      (String)
          System.getProperties()
              .computeIfAbsent(
                  "lakeops-test.store-warehouse",
                  k -> "s3://" + S3ProxyServer.get().newBucket() + "/lake");

  @Override
  public Map<String, String> getConfigOverrides() {
    Map<String, String> config = new HashMap<>();
    config.put("lakeops.approvers.alice.roles", "approver");
    config.put("lakeops.approvers.alice.token", ALICE_TOKEN);
    config.put("lakeops.tables.warehouse", WAREHOUSE);
    S3ProxyServer.get().options().forEach((k, v) -> config.put("lakeops.tables.store." + k, v));
    return config;
  }
}
