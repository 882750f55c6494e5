package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.commit.TableCommitterProcessTest;
import dev.lakeops.table.commit.TestTable;
import dev.lakeops.table.io.FileIOs;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link TableCommitterProcessTest} on a MiniDFSCluster: two writer processes racing for snapshot
 * ids with exclusive renames, and a writer killed with SIGKILL at random points (its temporary
 * files stay behind until orphan clean-up). Fewer commits than on a local disk (each is several
 * NameNode and DataNode round trips, and each writer JVM loads the Hadoop client), the same checks.
 */
@ExtendWith(MiniDfs.class)
class HdfsCommitterProcessTest extends TableCommitterProcessTest {

  private final Map<TestTable, String> uris = new IdentityHashMap<>();

  @Override
  protected TestTable newTable(String name, Map<String, String> options, boolean crash) {
    String uri = MiniDfs.newWarehouse() + "/db.db/" + name;
    TestTable table =
        TestTable.create(FileIOs.open(uri, MiniDfs.options()), FileIOs.rootPath(uri), options);
    uris.put(table, uri);
    return table;
  }

  @Override
  protected String location(TestTable table) {
    return uris.get(table);
  }

  @Override
  protected List<String> writerOptions() {
    List<String> options = new ArrayList<>();
    MiniDfs.options().forEach((k, v) -> options.add("-Dstore." + k + "=" + v));
    return options;
  }

  @Override
  protected int concurrentCommits() {
    return 8;
  }

  @Override
  protected long crashTestMillis() {
    return 5_000;
  }

  @Override
  protected long writerStartMillis() {
    return 3_000; // the JVM and the Hadoop client's start, then the first commit's round trips
  }

  @Override
  protected int crashTestMinKills() {
    return 4;
  }

  @Override
  protected int crashTestMinCommits() {
    return 8;
  }
}
