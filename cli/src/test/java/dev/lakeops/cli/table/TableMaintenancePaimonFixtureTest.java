package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table maintenance and diagnosis commands on tables Apache Paimon wrote (a copy of the fixture
 * {@code PaimonReadFixtureTest} writes in {@code table-engine/compat-tests}; skipped without it):
 * the diagnoses answer for every table, and a rollback or expiration leaves the rows Paimon read at
 * the snapshot or tag kept.
 */
class TableMaintenancePaimonFixtureTest {

  private static final List<String> TABLES =
      List.of("pk_avro", "pk_parquet", "pk_dv", "log_avro", "log_parquet", "keyed_log", "nested");

  @TempDir Path dir;

  private Path fixture;
  private String warehouse;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void copyFixture() throws IOException {
    fixture = PaimonReadFixture.assumeWritten();
    Path source = fixture.resolve("warehouse");
    try (Stream<Path> files = Files.walk(source)) {
      for (Path p : files.toList()) {
        Path target = dir.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
          Files.setLastModifiedTime(target, Files.getLastModifiedTime(p));
        }
      }
    }
    warehouse = dir.toString();
  }

  private List<String> rows(String table, String... at) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of("table", "read", "--warehouse", warehouse, "db." + table, "--json"));
    args.addAll(List.of(at));
    assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
    return PaimonReadFixture.sortedRows(cli.out());
  }

  private List<String> paimonRows(String file) throws IOException {
    return PaimonReadFixture.sortedRows(fixture.resolve("expected").resolve(file));
  }

  @Test
  void diagnosesEveryTablePaimonWrote() throws IOException {
    for (String table : TABLES) {
      assertThat(cli.run("table", "timeline", "--warehouse", warehouse, "db." + table, "--json"))
          .as(table + ": " + cli.err())
          .isZero();
      assertThat(cli.findingCodes()).as(table).contains("table.commit.timeline", "table.commit.ok");
      assertThat(cli.run("table", "backlog", "--warehouse", warehouse, "db." + table, "--json"))
          .as(table + ": " + cli.err())
          .isZero();
      assertThat(cli.findingCodes()).as(table).doesNotContain("table.compaction.stalled");
    }
    for (String table : List.of("pk_avro", "pk_parquet")) {
      assertThat(cli.run("table", "duplicates", "--warehouse", warehouse, "db." + table, "--json"))
          .as(cli.err())
          .isZero();
      assertThat(cli.findingCodes()).as(table).doesNotContain("table.duplicates.visible");
    }
    assertThat(
            cli.run(
                "table",
                "duplicates",
                "--warehouse",
                warehouse,
                "db.log_avro",
                "--keys",
                "dt,id",
                "--json"))
        .isZero();
    assertThat(cli.findingCodes()).containsExactly("table.duplicates.none");
  }

  @Test
  void aRollbackWithYesLeavesTheRowsPaimonReadAtThatSnapshot() throws IOException {
    List<String> atTwo = paimonRows("pk_avro@snapshot-2.json");

    assertThat(
            cli.run(
                "table",
                "rollback",
                "--warehouse",
                warehouse,
                "db.pk_avro",
                "--snapshot",
                "2",
                "--json"))
        .isEqualTo(1);
    JsonNode refused = cli.json();
    assertThat(refused.get("removedSnapshots").toString()).isEqualTo("[4,3]");
    assertThat(rows("pk_avro")).isEqualTo(paimonRows("pk_avro@latest.json"));

    assertThat(
            cli.run(
                "table",
                "rollback",
                "--warehouse",
                warehouse,
                "db.pk_avro",
                "--snapshot",
                "2",
                "--yes",
                "--json"))
        .as(cli.err())
        .isZero();
    JsonNode done = cli.json();
    assertThat(done.get("removedTags")).isEqualTo(refused.get("removedTags"));
    assertThat(done.get("deleted").get("bytes")).isEqualTo(refused.get("wouldDelete").get("bytes"));
    assertThat(rows("pk_avro")).isEqualTo(atTwo);
  }

  @Test
  void expirationKeepsWhatTagsPinAndRemovesWhatItsDryRunNamed() throws IOException {
    assertThat(
            cli.run(
                "table",
                "expire",
                "--warehouse",
                warehouse,
                "db.pk_parquet",
                "--retain-min",
                "1",
                "--older-than",
                "0s",
                "--dry-run",
                "--json"))
        .as(cli.err())
        .isZero();
    JsonNode preview = cli.json();
    assertThat(preview.get("expiredSnapshots")).isNotEmpty();

    assertThat(
            cli.run(
                "table",
                "expire",
                "--warehouse",
                warehouse,
                "db.pk_parquet",
                "--retain-min",
                "1",
                "--older-than",
                "0s",
                "--json"))
        .isZero();
    JsonNode done = cli.json();
    assertThat(done.get("expiredSnapshots")).isEqualTo(preview.get("expiredSnapshots"));
    assertThat(done.get("deleted").get("bytes")).isEqualTo(preview.get("wouldDelete").get("bytes"));
    assertThat(rows("pk_parquet")).isEqualTo(paimonRows("pk_parquet@latest.json"));
    assertThat(rows("pk_parquet", "--tag", "plain"))
        .isEqualTo(paimonRows("pk_parquet@tag-plain.json"));

    assertThat(
            cli.run(
                "table",
                "orphans",
                "--warehouse",
                warehouse,
                "db.pk_parquet",
                "--older-than",
                "0s",
                "--json"))
        .isZero();
    assertThat(cli.json().get("orphans").get("count").asInt()).isZero();
  }
}
