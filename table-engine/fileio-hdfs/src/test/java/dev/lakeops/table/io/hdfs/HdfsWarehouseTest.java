package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.WarehouseOnStoreTest;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link WarehouseOnStoreTest} on a real MiniDFSCluster ({@code hdfs://}). */
@ExtendWith(MiniDfs.class)
class HdfsWarehouseTest extends WarehouseOnStoreTest {

  @Override
  protected String newWarehouse() {
    return MiniDfs.newWarehouse();
  }

  @Override
  protected Map<String, String> storeOptions() {
    return MiniDfs.options();
  }
}
