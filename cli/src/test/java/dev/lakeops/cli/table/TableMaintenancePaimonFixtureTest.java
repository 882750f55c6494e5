package dev.lakeops.cli.table;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table maintenance and diagnosis commands on tables Apache Paimon wrote (a copy of the
 * fixture {@code PaimonReadFixtureTest} writes in {@code table-engine/compat-tests}; skipped
 * without it): the diagnoses answer for every table, and a rollback or expiration leaves the rows
 * Paimon read at the snapshot or tag kept.
 */
class TableMaintenancePaimonFixtureTest {

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  private static final List<String> TABLES = List.of("pk_avro", "pk_parquet", "pk_dv", "log_avro", "log_parquet",
      "keyed_log", "nested");

  @TempDir
  Path dir;

  private Path fixture;
  private String warehouse;
  private StringWriter out;
  private StringWriter err;

  @BeforeEach
  void copyFixture() throws IOException {
    fixture = fixture();
    Assumptions.assumeTrue(Files.isDirectory(fixture.resolve("expected")),
        "Skipped: no Paimon read fixture at " + fixture + "; it is written by table-engine/compat-tests "
            + "(PaimonReadFixtureTest), so run the full build from the repository root: mvn verify");
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

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  private List<String> codes() throws IOException {
    List<String> codes = new ArrayList<>();
    MAPPER.readTree(out.toString()).get("findings").forEach(f -> codes.add(f.get("code").asText()));
    return codes;
  }

  private List<String> rows(String table, String... at) throws IOException {
    List<String> args = new ArrayList<>(List.of("table", "read", "--warehouse", warehouse, "db." + table, "--json"));
    args.addAll(List.of(at));
    assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
    return sorted(MAPPER.readTree(out.toString()).get("rows"));
  }

  private List<String> paimonRows(String file) throws IOException {
    return sorted(MAPPER.readTree(fixture.resolve("expected").resolve(file).toFile()).get("rows"));
  }

  private static List<String> sorted(JsonNode rows) {
    List<String> text = new ArrayList<>();
    rows.forEach(r -> text.add(r.toString()));
    text.sort(Comparator.naturalOrder());
    return text;
  }

  @Test
  void diagnosesEveryTablePaimonWrote() throws IOException {
    for (String table : TABLES) {
      assertThat(run("table", "timeline", "--warehouse", warehouse, "db." + table, "--json")).as(table + ": " + err).isZero();
      assertThat(codes()).as(table).contains("table.commit.timeline", "table.commit.ok");
      assertThat(run("table", "backlog", "--warehouse", warehouse, "db." + table, "--json")).as(table + ": " + err).isZero();
      assertThat(codes()).as(table).doesNotContain("table.compaction.stalled");
    }
    for (String table : List.of("pk_avro", "pk_parquet")) {
      assertThat(run("table", "duplicates", "--warehouse", warehouse, "db." + table, "--json")).as(err.toString()).isZero();
      assertThat(codes()).as(table).doesNotContain("table.duplicates.visible");
    }
    assertThat(run("table", "duplicates", "--warehouse", warehouse, "db.log_avro", "--keys", "dt,id", "--json")).isZero();
    assertThat(codes()).containsExactly("table.duplicates.none");
  }

  @Test
  void aRollbackWithYesLeavesTheRowsPaimonReadAtThatSnapshot() throws IOException {
    List<String> atTwo = paimonRows("pk_avro@snapshot-2.json");

    assertThat(run("table", "rollback", "--warehouse", warehouse, "db.pk_avro", "--snapshot", "2", "--json")).isEqualTo(1);
    JsonNode refused = MAPPER.readTree(out.toString());
    assertThat(refused.get("removedSnapshots").toString()).isEqualTo("[4,3]");
    assertThat(rows("pk_avro")).isEqualTo(paimonRows("pk_avro@latest.json"));

    assertThat(run("table", "rollback", "--warehouse", warehouse, "db.pk_avro", "--snapshot", "2", "--yes", "--json"))
        .as(err.toString()).isZero();
    JsonNode done = MAPPER.readTree(out.toString());
    assertThat(done.get("removedTags")).isEqualTo(refused.get("removedTags"));
    assertThat(done.get("deleted").get("bytes")).isEqualTo(refused.get("wouldDelete").get("bytes"));
    assertThat(rows("pk_avro")).isEqualTo(atTwo);
  }

  @Test
  void expirationKeepsWhatTagsPinAndRemovesWhatItsDryRunNamed() throws IOException {
    assertThat(run("table", "expire", "--warehouse", warehouse, "db.pk_parquet", "--retain-min", "1", "--older-than", "0s",
        "--dry-run", "--json")).as(err.toString()).isZero();
    JsonNode preview = MAPPER.readTree(out.toString());
    assertThat(preview.get("expiredSnapshots")).isNotEmpty();

    assertThat(run("table", "expire", "--warehouse", warehouse, "db.pk_parquet", "--retain-min", "1", "--older-than", "0s",
        "--json")).isZero();
    JsonNode done = MAPPER.readTree(out.toString());
    assertThat(done.get("expiredSnapshots")).isEqualTo(preview.get("expiredSnapshots"));
    assertThat(done.get("deleted").get("bytes")).isEqualTo(preview.get("wouldDelete").get("bytes"));
    assertThat(rows("pk_parquet")).isEqualTo(paimonRows("pk_parquet@latest.json"));
    assertThat(rows("pk_parquet", "--tag", "plain")).isEqualTo(paimonRows("pk_parquet@tag-plain.json"));

    assertThat(run("table", "orphans", "--warehouse", warehouse, "db.pk_parquet", "--older-than", "0s", "--json")).isZero();
    assertThat(MAPPER.readTree(out.toString()).get("orphans").get("count").asInt()).isZero();
  }

  /** {@code table-engine/compat-tests/target/paimon-read-fixture} of the checkout this test runs in. */
  private static Path fixture() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("table-engine/compat-tests"))) {
      dir = dir.getParent();
    }
    Path root = dir == null ? Path.of("").toAbsolutePath() : dir;
    return root.resolve("table-engine/compat-tests/target/paimon-read-fixture");
  }
}
