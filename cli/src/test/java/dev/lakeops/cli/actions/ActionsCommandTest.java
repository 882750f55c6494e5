package dev.lakeops.cli.actions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops actions ...} and {@code lakeops audit} against a warehouse lakeops wrote. */
class ActionsCommandTest {

  @TempDir Path dir;
  private String warehouse;
  private String stateDir;
  private String config;
  private CliRun cli;

  @BeforeEach
  void setUp() throws Exception {
    warehouse = CliTables.warehouse(dir.resolve("wh")).toString();
    stateDir = dir.resolve("state").toString();
    Path cfg = dir.resolve("application.properties");
    Files.writeString(
        cfg,
        "lakeops.approvers.alice.roles=approver\nlakeops.approvers.bob.roles=approver\n"
            + "lakeops.approvers.vic.roles=viewer\n",
        StandardCharsets.UTF_8);
    config = cfg.toString();
    cli = CliRun.withTrailingArgs("--state-dir", stateDir, "--config", config);
  }

  private String proposeRollback() throws Exception {
    assertThat(
            cli.run(
                "actions",
                "propose",
                "table.rollback_to",
                "--arg",
                "warehouse=" + warehouse,
                "--arg",
                "table=db.orders",
                "--arg",
                "snapshot=1",
                "--requester",
                "agent",
                "--reason",
                "bad commit 2",
                "--evidence",
                "table.duplicates.1",
                "--json"))
        .as(cli.err())
        .isZero();
    JsonNode p = cli.json();
    assertThat(p.path("state").asText()).isEqualTo("PROPOSED");
    assertThat(p.path("preview").path("items").path("snapshots removed").get(0).asText())
        .isEqualTo("2");
    assertThat(p.path("preview").path("items").path("tags removed")).isEmpty();
    assertThat(p.path("fingerprint").path("values").path("latest snapshot").asText())
        .isEqualTo("2");
    return p.path("id").asText();
  }

  @Test
  void proposeApproveTwiceExecuteAndAudit() throws Exception {
    String id = proposeRollback();

    assertThat(cli.run("actions", "execute", id, "--as", "alice")).isEqualTo(1);
    assertThat(cli.err())
        .contains("needs 2 distinct approvers other than the requester agent, has 0");

    assertThat(cli.run("actions", "approve", id, "--as", "alice", "--from", "laptop-1")).isZero();
    assertThat(cli.out()).contains("state PROPOSED (1 of 2 approvals)");
    assertThat(cli.run("actions", "approve", id, "--as", "bob")).isZero();
    assertThat(cli.out()).contains("state APPROVED (2 of 2 approvals)");

    assertThat(cli.run("actions", "show", id)).isZero();
    assertThat(cli.out())
        .contains("table.rollback_to (destructive, needs 2 approvers other than the requester)")
        .contains("approve by alice")
        .contains("cli from laptop-1")
        .contains("snapshots removed: 2");

    assertThat(cli.run("actions", "execute", id, "--as", "alice")).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains(": DONE")
        .contains("undo point: tag lakeops-undo-" + id)
        .contains("verification: PASSED");

    assertThat(cli.run("actions", "execute", id, "--as", "alice")).isEqualTo(1);
    assertThat(cli.err()).contains("already executed");

    assertThat(
            dev.lakeops.table.catalog.Catalog.local(Path.of(warehouse))
                .loadTable(dev.lakeops.table.catalog.Identifier.parse("db.orders"))
                .latestSnapshot()
                .orElseThrow()
                .id())
        .isEqualTo(1);

    assertThat(cli.run("audit", "--verify")).isZero();
    assertThat(cli.out()).contains("chain intact");
    assertThat(cli.run("audit", "--json", "--since", "1h")).isZero();
    List<String> events = new ArrayList<>();
    cli.json().forEach(r -> events.add(r.path("entry").path("event").asText()));
    assertThat(events)
        .containsExactly(
            "PROPOSED",
            "REFUSED",
            "APPROVED",
            "APPROVED",
            "UNDO_POINT",
            "EXECUTED",
            "VERIFIED",
            "REFUSED");
    assertThat(cli.run("audit")).isZero();
    assertThat(cli.out())
        .contains(
            "REFUSED alice " + id + " table.rollback_to: proposal " + id + " was already executed");

    assertThat(cli.run("actions", "list", "--json")).isZero();
    assertThat(cli.json().get(0).path("state").asText()).isEqualTo("DONE");
  }

  @Test
  void auditVerifyNamesATamperedLine() throws Exception {
    proposeRollback();
    Path log = Path.of(stateDir, "audit.jsonl");
    Files.writeString(
        log,
        Files.readString(log).replace("proposed table.rollback_to", "proposed table.create_tag"));

    assertThat(cli.run("audit", "--verify")).isEqualTo(1);
    assertThat(cli.out()).contains("chain BROKEN at line 1").contains("was modified");
  }

  @Test
  void errorsNameTheInput() {
    assertThat(cli.run("actions", "propose", "table.drop", "--requester", "agent")).isEqualTo(2);
    assertThat(cli.err()).contains("unknown action 'table.drop'").contains("table.rollback_to");

    assertThat(
            cli.run(
                "actions",
                "propose",
                "table.rollback_to",
                "--arg",
                "warehouse=" + warehouse,
                "--arg",
                "table=db.orders",
                "--arg",
                "snapshot=latest",
                "--requester",
                "agent"))
        .isEqualTo(1);
    assertThat(cli.err())
        .contains(
            "Invalid argument 'snapshot' of table.rollback_to: 'latest' (expected an integer)");

    assertThat(
            cli.run(
                "actions",
                "propose",
                "table.compact",
                "--arg",
                "tablename",
                "--requester",
                "agent"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--arg 'tablename': expected NAME=VALUE");

    assertThat(cli.run("actions", "approve", "p-missing", "--as", "alice")).isEqualTo(1);
    assertThat(cli.err()).contains("no proposal p-missing");

    assertThat(cli.run("audit", "--since", "yesterday")).isEqualTo(2);
    assertThat(cli.err()).contains("--since 'yesterday'");
    assertThat(cli.err()).doesNotContain("Exception");
  }

  @Test
  void viewerCannotApprove() throws Exception {
    String id = proposeRollback();
    assertThat(cli.run("actions", "approve", id, "--as", "vic")).isEqualTo(1);
    assertThat(cli.err()).contains("vic may not approve");
    assertThat(cli.run("actions", "reject", id, "--as", "bob")).isZero();
    assertThat(cli.out()).contains("state REJECTED");
  }

  @Test
  void aSecondIdenticalProposalIsRefusedNamingTheOpenOne() throws Exception {
    String id = proposeRollback();

    int exit =
        cli.run(
            "actions",
            "propose",
            "table.rollback_to",
            "--arg",
            "warehouse=" + warehouse,
            "--arg",
            "table=db.orders",
            "--arg",
            "snapshot=1",
            "--requester",
            "bob");

    assertThat(exit).isEqualTo(1);
    assertThat(cli.err())
        .contains("proposal " + id + " of the same action and arguments is still open")
        .doesNotContain("Exception");
    assertThat(cli.run("actions", "reject", id, "--as", "alice")).isZero();
    assertThat(proposeRollback()).isNotEqualTo(id);
  }
}
