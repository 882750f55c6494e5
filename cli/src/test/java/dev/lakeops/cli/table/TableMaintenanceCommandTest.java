package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops table write|tag|rollback|expire|orphans|compact} on tables lakeops wrote: each
 * changes the table as it reports, previews equal what happens, and bad input is named.
 */
class TableMaintenanceCommandTest {

  @TempDir Path dir;

  private String warehouse;
  private String orders;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir).toString();
    orders = dir.resolve("db.db/orders").toString();
  }

  private Path file(String name, String content) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, content);
    return f;
  }

  private List<String> readRows(String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("table", "read", orders, "--format", "csv"));
    args.addAll(List.of(extra));
    assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
    return cli.out().lines().toList();
  }

  private long latestSnapshot() throws Exception {
    assertThat(cli.run("table", "snapshots", orders, "--json")).isZero();
    JsonNode rows = cli.json().get("rows");
    return rows.get(rows.size() - 1).get("snapshot_id").asLong();
  }

  private List<String> tree() throws Exception {
    Path root = Path.of(orders);
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  // ---- write

  @Test
  void writesCsvRowsTypedByTheSchemaAsOneCommitAndReadsThemBack() throws Exception {
    Path csv =
        file(
            "rows.csv",
            "\uFEFFid,dt,name,price\n5,2024-01-03,\"melon, ripe\",4.5\n6,2024-01-03,,\n");

    assertThat(cli.run("table", "write", orders, "--file", csv.toString(), "--json"))
        .as(cli.err())
        .isZero();

    JsonNode r = cli.json();
    assertThat(r.get("rows").asInt()).isEqualTo(2);
    assertThat(r.get("snapshotIds").get(0).asLong()).isEqualTo(3);
    assertThat(r.get("files").asInt()).isPositive();
    assertThat(r.get("skipped").asBoolean()).isFalse();
    assertThat(readRows("--where", "dt=2024-01-03"))
        .containsExactly("dt,id,name,price", "2024-01-03,5,\"melon, ripe\",4.5", "2024-01-03,6,,");
  }

  @Test
  void writesJsonLinesAndUpdatesAPrimaryKey() throws Exception {
    Path jsonl =
        file(
            "rows.jsonl",
            "{\"dt\":\"2024-01-01\",\"id\":1,\"name\":\"apple, red\",\"price\":2}\n\n"
                + "{\"dt\":\"2024-01-04\",\"id\":7,\"name\":\"plum\",\"price\":null}\n");

    assertThat(cli.run("table", "write", orders, "--file", jsonl.toString()))
        .as(cli.err())
        .isZero();

    assertThat(cli.out()).contains("Committed snapshot 3").contains("2 rows");
    assertThat(readRows("--where", "id=1"))
        .containsExactly("dt,id,name,price", "2024-01-01,1,\"apple, red\",2.0");
    assertThat(readRows("--where", "id=7"))
        .containsExactly("dt,id,name,price", "2024-01-04,7,plum,");
  }

  @Test
  void aReplayOfACommittedIdentifierWritesNothing() throws Exception {
    Path csv = file("rows.csv", "dt,id,name,price\n2024-01-05,8,fig,1\n");
    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                csv.toString(),
                "--user",
                "loader",
                "--identifier",
                "7"))
        .as(cli.err())
        .isZero();
    long afterFirst = latestSnapshot();
    List<String> files = tree();

    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                csv.toString(),
                "--user",
                "loader",
                "--identifier",
                "7",
                "--json"))
        .isZero();

    JsonNode r = cli.json();
    assertThat(r.get("skipped").asBoolean()).isTrue();
    assertThat(r.get("committedSnapshot").asLong()).isEqualTo(afterFirst);
    assertThat(r.get("snapshotIds")).isEmpty();
    assertThat(latestSnapshot()).isEqualTo(afterFirst);
    assertThat(tree()).isEqualTo(files);
    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                csv.toString(),
                "--user",
                "loader",
                "--identifier",
                "6"))
        .isZero();
    assertThat(cli.out()).contains("Nothing written").contains("identifier 7");

    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                csv.toString(),
                "--user",
                "loader",
                "--identifier",
                "8"))
        .isZero();
    assertThat(latestSnapshot()).isEqualTo(afterFirst + 1);
  }

  @Test
  void rejectsACsvValueNamingTheLineAndColumnAndCommitsNothing() throws Exception {
    Path csv = file("bad.csv", "dt,id,name,price\n2024-01-05,8,fig,1\n2024-01-05,nine,pear,2\n");

    assertThat(cli.run("table", "write", orders, "--file", csv.toString())).isEqualTo(1);

    assertThat(cli.err())
        .startsWith("lakeops: ")
        .contains("bad.csv line 3")
        .contains("column 'id'")
        .contains("'nine' is not a valid INT value")
        .doesNotContain("Exception")
        .doesNotContain("\tat ")
        .doesNotContain("Usage");
    assertThat(latestSnapshot()).isEqualTo(2);
  }

  @Test
  void rejectsBadCsvShapesAndJsonLinesNamingTheLine() throws Exception {
    assertThat(
            cli.run("table", "write", orders, "--file", file("a.csv", "dt,id,colour\n").toString()))
        .isEqualTo(1);
    assertThat(cli.err())
        .contains("a.csv line 1")
        .contains("'colour' is not a column")
        .contains("dt, id, name, price");

    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                file("b.csv", "dt,id\n2024-01-01,1,extra\n").toString()))
        .isEqualTo(1);
    assertThat(cli.err()).contains("b.csv line 2").contains("3 fields, the header has 2");

    assertThat(cli.run("table", "write", orders, "--file", file("c.csv", "name\nx\n").toString()))
        .isEqualTo(1);
    assertThat(cli.err()).contains("c.csv line 2").contains("column 'dt'").contains("NOT NULL");

    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--file",
                file("d.jsonl", "{\"dt\":\"2024-01-01\",\"id\":1}\n{\"dt\":\n").toString()))
        .isEqualTo(1);
    assertThat(cli.err()).contains("d.jsonl line 2").contains("not JSON");

    assertThat(
            cli.run(
                "table",
                "write",
                orders,
                "--format",
                "json",
                "--file",
                file("e.txt", "{\"dt\":\"2024-01-01\",\"id\":\"x\"}\n").toString()))
        .isEqualTo(1);
    assertThat(cli.err()).contains("e.txt line 1").contains("column 'id'");
    assertThat(latestSnapshot()).isEqualTo(2);
  }

  @Test
  void readsCsvFromStdinWithQuotedLineBreaks() throws Exception {
    java.io.InputStream stdin = System.in;
    try {
      System.setIn(
          new java.io.ByteArrayInputStream(
              "dt,id,name\r\n2024-01-06,10,\"two\nlines \"\"quoted\"\"\"\r\n"
                  .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      assertThat(cli.run("table", "write", orders, "--json")).as(cli.err()).isZero();
    } finally {
      System.setIn(stdin);
    }
    assertThat(cli.json().get("rows").asInt()).isEqualTo(1);
    assertThat(cli.run("table", "read", orders, "--where", "id=10", "--json")).isZero();
    assertThat(cli.json().get("rows").get(0).get("name").asText())
        .isEqualTo("two\nlines \"quoted\"");
  }

  @Test
  void rejectsAMissingTableDirectoryAndAMissingFile() {
    assertThat(cli.run("table", "write", dir.resolve("db.db/nope").toString(), "--file", "x.csv"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("db.db/nope")
        .contains("no such directory")
        .doesNotContain("Exception");

    assertThat(cli.run("table", "expire", dir.resolve("db.db/nope").toString())).isEqualTo(2);
    assertThat(cli.err()).contains("no such directory");

    assertThat(cli.run("table", "write", orders, "--file", dir.resolve("missing.csv").toString()))
        .isEqualTo(2);
    assertThat(cli.err()).contains("missing.csv").contains("no such file");

    assertThat(cli.run("table", "write", orders, "--identifier", "3", "--file", "x.csv"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--identifier needs --user");
  }

  // ---- tags

  @Test
  void createsAndDeletesTags() throws Exception {
    assertThat(cli.run("table", "tag", "create", orders, "v2")).as(cli.err()).isZero();
    assertThat(cli.out()).contains("Created tag v2 of snapshot 2");
    assertThat(cli.run("table", "tag", "create", orders, "v1", "--snapshot", "1", "--json"))
        .isZero();
    assertThat(cli.json().get("snapshot").asLong()).isEqualTo(1);

    assertThat(cli.run("table", "tags", orders, "--json")).isZero();
    List<String> names = new ArrayList<>();
    cli.json().get("rows").forEach(r -> names.add(r.get("tag_name").asText()));
    assertThat(names).containsExactly("first", "v1", "v2");

    assertThat(cli.run("table", "tag", "create", orders, "v2")).isEqualTo(2);
    assertThat(cli.err()).contains("'v2' already exists");
    assertThat(cli.run("table", "tag", "create", orders, "v9", "--snapshot", "9")).isEqualTo(2);
    assertThat(cli.err()).contains("Snapshot 9").contains("does not exist");

    assertThat(cli.run("table", "tag", "delete", orders, "v2", "--json")).isZero();
    assertThat(cli.json().get("deleted").get("count").asInt()).isZero();
    assertThat(Path.of(orders, "tag", "tag-v2")).doesNotExist();
    assertThat(cli.run("table", "tag", "delete", orders, "v2")).isEqualTo(2);
    assertThat(cli.err()).contains("'v2' does not exist").contains("first, v1");
  }

  // ---- rollback

  @Test
  void refusesADestructiveRollbackWithoutYesAndShowsWhatWouldDisappear() throws Exception {
    Path csv = file("rows.csv", "dt,id,name,price\n2024-01-09,9,date,1\n");
    assertThat(cli.run("table", "write", orders, "--file", csv.toString())).isZero();
    assertThat(cli.run("table", "tag", "create", orders, "t3")).isZero();
    List<String> before = tree();

    assertThat(cli.run("table", "rollback", orders, "--snapshot", "1", "--json")).isEqualTo(1);

    JsonNode r = cli.json();
    assertThat(r.get("performed").asBoolean()).isFalse();
    assertThat(r.get("removedSnapshots").toString()).isEqualTo("[3,2]");
    assertThat(r.get("removedTags").toString()).isEqualTo("[\"t3\"]");
    assertThat(r.get("wouldDelete").get("count").asInt()).isPositive();
    assertThat(cli.err()).contains("refused").contains("--yes");
    assertThat(tree()).isEqualTo(before);

    assertThat(cli.run("table", "rollback", orders, "--snapshot", "1")).isEqualTo(1);
    assertThat(cli.out()).contains("Refused").contains("snapshots: [3, 2]").contains("tags: [t3]");

    long wouldDelete = r.get("wouldDelete").get("bytes").asLong();
    assertThat(cli.run("table", "rollback", orders, "--snapshot", "1", "--yes", "--json"))
        .as(cli.err())
        .isZero();
    JsonNode done = cli.json();
    assertThat(done.get("removedSnapshots").toString()).isEqualTo("[3,2]");
    assertThat(done.get("deleted").get("bytes").asLong()).isEqualTo(wouldDelete);
    assertThat(latestSnapshot()).isEqualTo(1);
    assertThat(readRows())
        .containsExactly(
            "dt,id,name,price",
            "2024-01-01,1,apple,1.5",
            "2024-01-01,2,pear,2.0",
            "2024-01-02,3,fig,3.25");
  }

  @Test
  void rollsBackToATagAsLatestWithoutRemovingAnything() throws Exception {
    assertThat(cli.run("table", "rollback", orders, "--tag", "first", "--as-latest", "--json"))
        .as(cli.err())
        .isZero();

    JsonNode r = cli.json();
    assertThat(r.get("newSnapshot").asLong()).isEqualTo(3);
    assertThat(r.get("target").asLong()).isEqualTo(1);
    assertThat(readRows("--snapshot", "2")).hasSize(5);
    assertThat(readRows()).hasSize(4);

    assertThat(cli.run("table", "rollback", orders, "--tag", "nope")).isEqualTo(2);
    assertThat(cli.err()).contains("'nope' does not exist");
    assertThat(cli.run("table", "rollback", orders)).isEqualTo(2);
    assertThat(cli.err()).contains("--snapshot").contains("--tag");
  }

  // ---- expire and orphans

  @Test
  void expireDryRunNamesExactlyWhatExpirationRemoves() throws Exception {
    for (int i = 0; i < 3; i++) {
      assertThat(
              cli.run(
                  "table",
                  "write",
                  orders,
                  "--file",
                  file("r" + i + ".csv", "dt,id,name,price\n2024-01-01,1,v" + i + ",1\n")
                      .toString()))
          .isZero();
    }
    long latest = latestSnapshot();
    List<String> before = tree();

    assertThat(
            cli.run(
                "table",
                "expire",
                orders,
                "--retain-min",
                "1",
                "--retain-max",
                "2",
                "--older-than",
                "0s",
                "--dry-run",
                "--json"))
        .as(cli.err())
        .isZero();
    JsonNode preview = cli.json();
    assertThat(tree()).isEqualTo(before);
    List<Long> expired = new ArrayList<>();
    preview.get("expiredSnapshots").forEach(id -> expired.add(id.asLong()));
    assertThat(expired).hasSize((int) latest - 1).doesNotContain(latest);

    assertThat(
            cli.run(
                "table",
                "expire",
                orders,
                "--retain-min",
                "1",
                "--retain-max",
                "2",
                "--older-than",
                "0s",
                "--json"))
        .isZero();
    JsonNode done = cli.json();
    assertThat(done.get("expiredSnapshots")).isEqualTo(preview.get("expiredSnapshots"));
    List<String> previewed = new ArrayList<>();
    preview.get("wouldDelete").get("files").forEach(f -> previewed.add(f.get("path").asText()));
    List<String> deleted = new ArrayList<>();
    done.get("deleted").get("files").forEach(f -> deleted.add(f.asText()));
    assertThat(deleted).isEqualTo(previewed).isNotEmpty();
    assertThat(done.get("deleted").get("bytes")).isEqualTo(preview.get("wouldDelete").get("bytes"));
    assertThat(readRows("--tag", "first")).hasSize(4);

    assertThat(cli.run("table", "expire", orders, "--retain-min", "3", "--retain-max", "2"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--retain-max 2").contains("--retain-min 3");
    assertThat(cli.run("table", "expire", orders, "--older-than", "soon")).isEqualTo(2);
    assertThat(cli.err()).contains("'soon' is not a duration");
  }

  @Test
  void orphansListsByDefaultAndDeletesExactlyThoseWithDelete() throws Exception {
    Path lost = Path.of(orders, "dt=2024-01-01", "bucket-0", "data-lost-0.avro");
    Files.writeString(lost, "twelve bytes");
    Files.setLastModifiedTime(lost, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
    Path young = Path.of(orders, "dt=2024-01-01", "bucket-0", "data-young-0.avro");
    Files.writeString(young, "young");

    assertThat(cli.run("table", "orphans", orders, "--json")).as(cli.err()).isZero();
    JsonNode preview = cli.json();
    assertThat(preview.get("dryRun").asBoolean()).isTrue();
    assertThat(preview.get("orphans").get("files").get(0).get("path").asText())
        .isEqualTo("dt=2024-01-01/bucket-0/data-lost-0.avro");
    assertThat(preview.get("orphans").get("bytes").asLong()).isEqualTo(12);
    assertThat(lost).exists();

    assertThat(cli.run("table", "orphans", orders, "--delete", "--json")).isZero();
    JsonNode done = cli.json();
    assertThat(done.get("deleted").get("files").toString())
        .isEqualTo("[\"dt=2024-01-01/bucket-0/data-lost-0.avro\"]");
    assertThat(done.get("deleted").get("bytes").asLong()).isEqualTo(12);
    assertThat(lost).doesNotExist();
    assertThat(young).exists();
    assertThat(readRows()).hasSize(5);
  }

  // ---- compact

  @Test
  void compactsAPartitionFullyAndReportsFilesBeforeAndAfter() throws Exception {
    List<String> before = tree();
    assertThat(
            cli.run(
                "table",
                "compact",
                orders,
                "--partition",
                "dt=2024-01-01",
                "--full",
                "--dry-run",
                "--json"))
        .as(cli.err())
        .isZero();
    JsonNode preview = cli.json();
    assertThat(tree()).isEqualTo(before);
    assertThat(preview.get("inputFiles").asInt()).isPositive();
    assertThat(preview.get("buckets").get(0).get("partition").asText()).isEqualTo("dt=2024-01-01");

    assertThat(
            cli.run("table", "compact", orders, "--partition", "dt=2024-01-01", "--full", "--json"))
        .as(cli.err())
        .isZero();

    JsonNode r = cli.json();
    assertThat(r.get("snapshot").asLong()).isEqualTo(3);
    assertThat(r.get("liveFilesBefore").asInt()).isGreaterThan(r.get("liveFilesAfter").asInt());
    assertThat(r.get("filesReplaced").asInt()).isEqualTo(preview.get("inputFiles").asInt());
    assertThat(r.get("liveFilesAfter").asInt())
        .isEqualTo(preview.get("estimatedLiveFilesAfter").asInt());
    assertThat(readRows()).hasSize(5);

    assertThat(cli.run("table", "compact", orders, "--partition", "region=eu")).isEqualTo(2);
    assertThat(cli.err()).contains("'region' is not a partition key");
    assertThat(cli.run("table", "compact", orders, "--partition", "dt")).isEqualTo(2);
    assertThat(cli.err()).contains("expected KEY=VALUE");
  }

  @Test
  void compactsAnAppendTableInOrderAndPrintsProgressToStderr() throws Exception {
    dev.lakeops.table.Table events =
        dev.lakeops.table.catalog.Catalog.local(dir)
            .createTable(
                dev.lakeops.table.catalog.Identifier.of("db", "events"),
                dev.lakeops.table.catalog.TableDefinition.builder()
                    .column(
                        "id",
                        dev.lakeops.table.types.AtomicType.of(
                            dev.lakeops.table.types.TypeRoot.BIGINT))
                    .build());
    for (long c = 1; c <= 5; c++) {
      try (var write = events.newWrite("job")) {
        write.write(dev.lakeops.table.data.Row.of(c * 10));
        write.write(dev.lakeops.table.data.Row.of(c * 10 + 1));
        events.newCommit().commit(write.prepareCommit(c));
      }
    }
    String path = dir.resolve("db.db/events").toString();

    assertThat(cli.run("table", "compact", path, "--full")).as(cli.err()).isZero();

    assertThat(cli.out()).contains("5 files replaced by 1");
    List<String> progress = cli.err().lines().filter(l -> l.contains("compact")).toList();
    assertThat(progress.get(0)).contains("0 of 5 files").contains("0 of 1 buckets");
    assertThat(progress.get(progress.size() - 1))
        .contains("5 of 5 files")
        .contains("(100%)")
        .contains("1 of 1 buckets");
    assertThat(cli.run("table", "read", path, "--format", "csv")).isZero();
    assertThat(cli.out().lines().skip(1).toList())
        .containsExactly("10", "11", "20", "21", "30", "31", "40", "41", "50", "51");

    for (long c = 6; c <= 10; c++) {
      try (var write = events.newWrite("job")) {
        write.write(dev.lakeops.table.data.Row.of(c * 10));
        events.newCommit().commit(write.prepareCommit(c));
      }
    }
    assertThat(cli.run("table", "compact", path, "--json")).as(cli.err()).isZero();
    assertThat(cli.json().get("filesReplaced").asInt())
        .as("the merged file and five new")
        .isEqualTo(6);
    List<JsonNode> events2 = new ArrayList<>();
    for (String line : cli.err().lines().toList()) {
      events2.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(line));
    }
    assertThat(events2).allMatch(e -> e.get("event").asText().equals("compaction.progress"));
    JsonNode last = events2.get(events2.size() - 1);
    assertThat(last.get("filesDone").asInt())
        .isEqualTo(6)
        .isEqualTo(last.get("filesTotal").asInt());
    assertThat(last.get("bytesDone").asLong()).isEqualTo(last.get("bytesTotal").asLong());
  }
}
