package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.io.hdfs.MiniDfs;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link TableStoreWarehouseTest} on a real MiniDFSCluster ({@code --warehouse
 * hdfs://127.0.0.1:PORT/wh-…}), and a NameNode that does not answer as one line naming the URI.
 */
@ExtendWith(MiniDfs.class)
class TableHdfsWarehouseTest extends TableStoreWarehouseTest {

  @Override
  protected String newWarehouse() {
    return MiniDfs.newWarehouse();
  }

  @Override
  protected Map<String, String> storeOptions() {
    return MiniDfs.options();
  }

  @Test
  void aNameNodeThatDoesNotAnswerIsOneLineNamingTheWarehouse() throws Exception {
    String down = "hdfs://127.0.0.1:" + MiniDfs.freePort() + "/lake";

    int exit = cli.run("table", "list", "--warehouse", down);

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err().lines().findFirst().orElseThrow())
        .startsWith("--warehouse " + down + ": ")
        .contains("unreachable");
    assertThat(cli.err()).doesNotContain("\tat ");
  }

  @Test
  void aNameserviceNoConfigurationDefinesIsOneLineNamingTheWarehouse() {
    String undefined = "hdfs://undefined-ns/lake";

    int exit = cli.run("table", "list", "--warehouse", undefined);

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err().lines().findFirst().orElseThrow())
        .contains(undefined)
        .contains("neither a host that resolves nor a nameservice");
    assertThat(cli.err()).doesNotContain("\tat ");
  }
}
