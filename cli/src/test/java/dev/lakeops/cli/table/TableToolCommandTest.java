package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops table timeline|duplicates|backlog}: the table tools' reports as text and JSON, and
 * their failures.
 */
class TableToolCommandTest {

  @TempDir Path dir;

  private String warehouse;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir).toString();
  }

  @Test
  void printsTheCommitTimelineOfATable() throws Exception {
    assertThat(cli.run("table", "timeline", "--warehouse", warehouse, "db.orders"))
        .as(cli.err())
        .isZero();
    assertThat(cli.out())
        .contains("table.commit_timeline")
        .contains("OK  table.commit.ok")
        .contains("snapshot 2: APPEND user=cli-test identifier=2");

    assertThat(
            cli.run(
                "table",
                "timeline",
                dir.resolve("db.db/orders").toString(),
                "--json",
                "--limit",
                "1"))
        .isZero();
    JsonNode report = cli.json();
    assertThat(report.get("tool").asText()).isEqualTo("table.commit_timeline");
    assertThat(report.get("findings").get(0).get("evidence").get("snapshotsShown").asText())
        .isEqualTo("1");
  }

  @Test
  void aReplayByASecondWriterShowsAsANewUserAndUnmergedDuplicates() throws Exception {
    Path csv = dir.resolve("replay.csv");
    Files.writeString(
        csv, "dt,id,name,price\n2024-01-02,3,fig,3.25\n2024-01-02,4,kiwi,\n2024-01-02,5,fig,1.5\n");
    assertThat(
            cli.run(
                "table",
                "write",
                "--warehouse",
                warehouse,
                "db.orders",
                "--file",
                csv.toString(),
                "--user",
                "restarted-job",
                "--identifier",
                "1"))
        .as(cli.err())
        .isZero();

    assertThat(cli.run("table", "timeline", "--warehouse", warehouse, "db.orders", "--json"))
        .isZero();
    assertThat(cli.findingCodes()).contains("table.commit.new-user");

    assertThat(
            cli.run(
                "table",
                "duplicates",
                "--warehouse",
                warehouse,
                "db.orders",
                "--partition",
                "dt=2024-01-02",
                "--json"))
        .isZero();
    JsonNode unmerged = cli.json().get("findings").get(0);
    assertThat(unmerged.get("code").asText()).isEqualTo("table.duplicates.unmerged");
    assertThat(unmerged.get("evidence").get("correlation").asText()).isEqualTo("two-commit-users");
    assertThat(unmerged.get("evidence").get("secondCommitUser").asText())
        .isEqualTo("restarted-job");

    assertThat(
            cli.run("table", "duplicates", "--warehouse", warehouse, "db.orders", "--keys", "name"))
        .isZero();
    assertThat(cli.out())
        .contains("CRITICAL  table.duplicates.visible")
        .contains("sampleKeys: name=fig")
        .doesNotContain("3.25")
        .doesNotContain("1.5");
  }

  @Test
  void printsTheCompactionBacklog() throws Exception {
    assertThat(cli.run("table", "backlog", "--warehouse", warehouse, "db.orders", "--json"))
        .as(cli.err())
        .isZero();
    assertThat(cli.findingCodes())
        .containsExactly("table.compaction.ok", "table.compaction.buckets");

    assertThat(
            cli.run(
                "table",
                "backlog",
                "--warehouse",
                warehouse,
                "db.orders",
                "--partition",
                "dt=2024-01-01"))
        .isZero();
    assertThat(cli.out()).contains("dt=2024-01-01/bucket-").doesNotContain("dt=2024-01-02/bucket-");
  }

  @Test
  void aMissingTableOrABadParameterEndsWithOneClearLine() {
    assertThat(cli.run("table", "timeline", "--warehouse", warehouse, "db.nope")).isEqualTo(1);
    assertThat(cli.out()).contains("NO_DATA");
    assertThat(cli.err()).contains("db.nope").contains("db.db/nope").doesNotContain("Exception");

    assertThat(cli.run("table", "backlog", dir.resolve("missing").toString())).isEqualTo(1);
    assertThat(cli.err()).contains("missing").contains("does not exist");

    assertThat(
            cli.run(
                "table", "duplicates", "--warehouse", warehouse, "db.orders", "--keys", "colour"))
        .isEqualTo(1);
    assertThat(cli.err()).contains("invalid argument").contains("'colour' is not a column");
  }
}
