package dev.lakeops.agent.approval;

import dev.lakeops.table.io.s3.S3ProxyServer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/** The duplicate-write triage and the approved rollback with the agent's warehouse in S3Proxy. */
@ExtendWith(S3ProxyServer.class)
@QuarkusTest
@TestProfile(StoreWarehouseProfile.class)
class StoreWarehouseTriageTest extends WarehouseTriageTestBase {

  @Override
  protected String warehouse() {
    return StoreWarehouseProfile.WAREHOUSE;
  }

  @Override
  protected Map<String, String> storeOptions() {
    return S3ProxyServer.get().options();
  }

  @Override
  protected String approverToken() {
    return StoreWarehouseProfile.ALICE_TOKEN;
  }
}
