package dev.lakeops.table.io.s3;

import dev.lakeops.table.commit.TableCommitterProcessTest;
import dev.lakeops.table.commit.TestTable;
import dev.lakeops.table.io.FileIOs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link TableCommitterProcessTest} on S3Proxy: two writer processes racing for snapshot ids with
 * conditional PUTs, and a writer killed with SIGKILL at random points. Fewer commits than on a
 * local disk (each is a few HTTP requests), the same checks.
 */
@ExtendWith(S3ProxyServer.class)
class S3CommitterProcessTest extends TableCommitterProcessTest {

  private final Map<TestTable, String> uris = new java.util.IdentityHashMap<>();

  @Override
  protected TestTable newTable(String name, Map<String, String> options, boolean crash) {
    String uri = "s3://" + S3ProxyServer.get().newBucket() + "/wh/db.db/" + name;
    TestTable table =
        TestTable.create(
            FileIOs.open(uri, S3ProxyServer.get().options()), FileIOs.rootPath(uri), options);
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
    S3ProxyServer.get().options().forEach((k, v) -> options.add("-Dstore." + k + "=" + v));
    return options;
  }

  @Override
  protected long writerStartMillis() {
    return 2_500; // the JVM and the S3 client's start, then the first commit's requests
  }

  @Override
  protected int concurrentCommits() {
    return 20;
  }

  @Override
  protected long crashTestMillis() {
    return 5_000;
  }

  @Override
  protected int crashTestMinKills() {
    return 6;
  }

  @Override
  protected int crashTestMinCommits() {
    return 20;
  }
}
