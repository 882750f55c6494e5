package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.PaimonOracleOnStoreTest;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link PaimonOracleOnStoreTest} on a real MiniDFSCluster, Paimon with its Hadoop file system for
 * {@code hdfs://}.
 */
@ExtendWith(MiniDfs.class)
class PaimonOnHdfsOracleTest extends PaimonOracleOnStoreTest {

  @Override
  protected String newWarehouse() {
    return MiniDfs.newWarehouse();
  }

  @Override
  protected Map<String, String> storeOptions() {
    return MiniDfs.options();
  }

  @Override
  protected Map<String, String> paimonOptions() {
    return Map.of();
  }
}
