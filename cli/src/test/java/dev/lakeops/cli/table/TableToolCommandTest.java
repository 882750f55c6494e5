package dev.lakeops.cli.table;

import dev.lakeops.cli.CliTables;
import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops table timeline|duplicates|backlog}: the table tools' reports as text and JSON, and their failures. */
class TableToolCommandTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path dir;

  private String warehouse;
  private StringWriter out;
  private StringWriter err;

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir).toString();
  }

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  private List<String> codes() throws Exception {
    List<String> codes = new ArrayList<>();
    MAPPER.readTree(out.toString()).get("findings").forEach(f -> codes.add(f.get("code").asText()));
    return codes;
  }

  @Test
  void printsTheCommitTimelineOfATable() throws Exception {
    assertThat(run("table", "timeline", "--warehouse", warehouse, "db.orders")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("table.commit_timeline").contains("OK  table.commit.ok")
        .contains("snapshot 2: APPEND user=cli-test identifier=2");

    assertThat(run("table", "timeline", dir.resolve("db.db/orders").toString(), "--json", "--limit", "1")).isZero();
    JsonNode report = MAPPER.readTree(out.toString());
    assertThat(report.get("tool").asText()).isEqualTo("table.commit_timeline");
    assertThat(report.get("findings").get(0).get("evidence").get("snapshotsShown").asText()).isEqualTo("1");
  }

  @Test
  void aReplayByASecondWriterShowsAsANewUserAndUnmergedDuplicates() throws Exception {
    Path csv = dir.resolve("replay.csv");
    Files.writeString(csv, "dt,id,name,price\n2024-01-02,3,fig,3.25\n2024-01-02,4,kiwi,\n2024-01-02,5,fig,1.5\n");
    assertThat(run("table", "write", "--warehouse", warehouse, "db.orders", "--file", csv.toString(),
        "--user", "restarted-job", "--identifier", "1")).as(err.toString()).isZero();

    assertThat(run("table", "timeline", "--warehouse", warehouse, "db.orders", "--json")).isZero();
    assertThat(codes()).contains("table.commit.new-user");

    assertThat(run("table", "duplicates", "--warehouse", warehouse, "db.orders", "--partition", "dt=2024-01-02",
        "--json")).isZero();
    JsonNode unmerged = MAPPER.readTree(out.toString()).get("findings").get(0);
    assertThat(unmerged.get("code").asText()).isEqualTo("table.duplicates.unmerged");
    assertThat(unmerged.get("evidence").get("correlation").asText()).isEqualTo("two-commit-users");
    assertThat(unmerged.get("evidence").get("secondCommitUser").asText()).isEqualTo("restarted-job");

    assertThat(run("table", "duplicates", "--warehouse", warehouse, "db.orders", "--keys", "name")).isZero();
    assertThat(out.toString()).contains("CRITICAL  table.duplicates.visible").contains("sampleKeys: name=fig")
        .doesNotContain("3.25").doesNotContain("1.5");
  }

  @Test
  void printsTheCompactionBacklog() throws Exception {
    assertThat(run("table", "backlog", "--warehouse", warehouse, "db.orders", "--json")).as(err.toString()).isZero();
    assertThat(codes()).containsExactly("table.compaction.ok", "table.compaction.buckets");

    assertThat(run("table", "backlog", "--warehouse", warehouse, "db.orders", "--partition", "dt=2024-01-01")).isZero();
    assertThat(out.toString()).contains("dt=2024-01-01/bucket-").doesNotContain("dt=2024-01-02/bucket-");
  }

  @Test
  void aMissingTableOrABadParameterEndsWithOneClearLine() {
    assertThat(run("table", "timeline", "--warehouse", warehouse, "db.nope")).isEqualTo(1);
    assertThat(out.toString()).contains("NO_DATA");
    assertThat(err.toString()).contains("db.nope").contains("db.db/nope").doesNotContain("Exception");

    assertThat(run("table", "backlog", dir.resolve("missing").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("missing").contains("does not exist");

    assertThat(run("table", "duplicates", "--warehouse", warehouse, "db.orders", "--keys", "colour")).isEqualTo(1);
    assertThat(err.toString()).contains("invalid argument").contains("'colour' is not a column");
  }
}
