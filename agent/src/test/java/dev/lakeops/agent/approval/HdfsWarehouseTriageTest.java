package dev.lakeops.agent.approval;

import dev.lakeops.table.io.hdfs.MiniDfs;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same alert, triage, proposal and approved rollback with the agent's warehouse on HDFS: the
 * rollback runs on the NameNode and the replayed rows are gone from the table there.
 */
@ExtendWith(MiniDfs.class)
@QuarkusTest
@TestProfile(HdfsWarehouseProfile.class)
class HdfsWarehouseTriageTest extends WarehouseTriageTestBase {

  @Override
  protected String warehouse() {
    return HdfsWarehouseProfile.WAREHOUSE;
  }

  @Override
  protected Map<String, String> storeOptions() {
    return MiniDfs.options();
  }

  @Override
  protected String approverToken() {
    return HdfsWarehouseProfile.BOB_TOKEN;
  }
}
