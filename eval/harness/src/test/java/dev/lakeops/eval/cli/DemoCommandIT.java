package dev.lakeops.eval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.LakeopsCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code ./lakeops demo --once}: the main job, as a newcomer runs it. */
class DemoCommandIT {

  @Test
  void printsATriageNamingTheBackpressuredSinkAndStopsEverything() {
    Path work =
        Path.of(System.getProperty("lakeops.home", "../.."))
            .resolve("eval/harness/target/it/demo")
            .toAbsolutePath();
    StringWriter out = new StringWriter();
    int[] ports = dev.lakeops.eval.sandbox.FreePorts.take(6);

    int exit =
        LakeopsCli.commandLine()
            .setOut(new PrintWriter(out))
            .execute(
                "demo",
                "--once",
                "--kafka-port",
                String.valueOf(ports[0]),
                "--kafka-controller-port",
                String.valueOf(ports[1]),
                "--flink-port",
                String.valueOf(ports[2]),
                "--agent-port",
                String.valueOf(ports[3]),
                "--mariadb-port",
                String.valueOf(ports[4]),
                "--connect-port",
                String.valueOf(ports[5]),
                "--work-dir",
                work.toString());

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString())
        .contains("**Verdict:** BACKPRESSURE")
        .contains("lake-writer")
        .contains("busyMsPerSecond.max");
    // The console draws the real incidents: the backpressured job's graph with its bottleneck, and
    // the duplicate write's snapshot timeline by commit user.
    String console = out.toString();
    String bpPictures =
        console.substring(
            console.indexOf("console pictures of "), console.indexOf("LakeTableDuplicateKeys"));
    assertThat(bpPictures.lines().findFirst().orElseThrow()).contains("flink-graph");
    String tablePictures = console.substring(console.lastIndexOf("console pictures of "));
    assertThat(tablePictures.lines().findFirst().orElseThrow()).contains("table-timeline");
    // Second act: the duplicate write into the lake table is diagnosed, and the triage's own
    // proposals (the tag and the rollback, stored by the triage) are approved, executed and
    // verified; nothing is proposed again by hand.
    assertThat(out.toString())
        .contains("**Verdict:** DUPLICATES")
        .contains("cdc-to-lake/shop.payments#1")
        .contains("the triage proposed table.create_tag")
        .contains("the triage proposed table.rollback_to_as_latest")
        .doesNotContain("oncall proposes")
        .doesNotContain("not stored");
    assertThat(out.toString().split("executed: DONE", -1)).as(out.toString()).hasSize(4);
    // One approval is given in the chat thread, the other by pressing Approve on the incident's
    // page in the web console.
    assertThat(out.toString())
        .contains("is approved")
        .contains("on the incident's page")
        .contains("console: executed: DONE (EXECUTED: ");
    // The follow-up reads the table of the runbooks' warehouse, which the CDC job writes: the
    // rollback's commit is the snapshot after the two lake-writer jobs' ones.
    Path warehouse = work.resolve("sandbox").resolve("lake");
    dev.lakeops.table.Table lake =
        dev.lakeops.table.catalog.Catalog.local(warehouse)
            .loadTable(dev.lakeops.table.catalog.Identifier.parse("shop.payments"));
    long written = 0;
    for (long id = 1; id <= lake.latestSnapshot().orElseThrow().id(); id++) {
      if (lake.snapshotStore().loadSnapshot(id).commitUser().startsWith("cdc-to-lake/")) {
        written++;
      }
    }
    String snapshots = out.toString().substring(out.toString().lastIndexOf("snapshots\n"));
    assertThat(snapshots)
        .contains("table.snapshots.latest")
        .contains("Latest snapshot " + (written + 1) + " (OVERWRITE by lakeops-rollback")
        .doesNotContain("not available");
    // The chat thread named after the incident knows it: "status" answers with its verdict.
    String status = out.toString().substring(out.toString().indexOf(": status"));
    assertThat(status.substring(0, status.indexOf("the triage proposed"))).contains("DUPLICATES");
    dev.lakeops.tools.ToolReport after =
        new dev.lakeops.tools.table.TableTools(
                dev.lakeops.tools.table.TableLocator.local(warehouse))
            .duplicateKeys("shop.payments", null, java.util.List.of("payment_id"));
    assertThat(after.findings())
        .extracting(dev.lakeops.tools.Finding::code)
        .contains("table.duplicates.none");
    // Third act, on the CDC hop: the dropped binlog connection is triaged from Debezium's metrics,
    // the restart the triage proposed is approved in chat, and the waiting order reaches the lake.
    String cdc = out.toString().substring(out.toString().indexOf("MariaDB drops the binlog"));
    assertThat(cdc)
        .contains("**Verdict:** JOB_NOT_RUNNING")
        .contains("not connected to the database")
        .contains("executed: DONE")
        .contains("restarted connector shop-cdc and its tasks")
        .contains("order 9001 is in the lake table shop.orders");
    for (int port : ports) {
      assertThat(isFree(port)).as("port %s released", port).isTrue();
    }
  }

  private static boolean isFree(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
