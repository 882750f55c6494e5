package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.cli.LakeopsCli;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops table changes --follow --consumer-id} in a JVM of its own while another writer
 * commits: killed with SIGKILL mid-stream, restarted, it resumes exactly at the position the
 * consumer file holds, so that the rows of the snapshots before it (printed by the first run) and
 * the rows the second run prints are every committed row once; SIGTERM ends the second run cleanly
 * with the position after the last snapshot saved.
 */
class TableChangesProcessTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int SNAPSHOTS = 40;
  private static final int ROWS_PER_SNAPSHOT = 3;

  @TempDir Path dir;

  private static Process start(Path warehouse, Path output) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
            java,
            "-XX:TieredStopAtLevel=1",
            "-Xmx256m",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-cp",
            System.getProperty("java.class.path"),
            LakeopsCli.class.getName(),
            "table",
            "changes",
            "db.events",
            "--warehouse",
            warehouse.toString(),
            "--from",
            "1",
            "--follow",
            "--consumer-id",
            "X",
            "--interval",
            "50ms",
            "--json");
    pb.redirectOutput(output.toFile());
    pb.redirectError(new File(output + ".err"));
    return pb.start();
  }

  /** The complete lines of a run's output, parsed. */
  private static List<JsonNode> rows(Path output) throws Exception {
    String text = Files.readString(output, StandardCharsets.UTF_8);
    int end = text.lastIndexOf('\n');
    List<JsonNode> rows = new ArrayList<>();
    if (end < 0) {
      return rows;
    }
    for (String line : text.substring(0, end).split("\n")) {
      if (!line.isBlank()) {
        rows.add(MAPPER.readTree(line));
      }
    }
    return rows;
  }

  private static void await(String what, long seconds, Callable check) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!check.holds()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(50);
    }
  }

  private interface Callable {
    boolean holds() throws Exception;
  }

  private static String key(JsonNode row) {
    return row.get("snapshot").asLong() + " " + row.get("kind").asText() + " " + row.get("row");
  }

  @Test
  void aFollowerKilledMidStreamResumesWhereItsConsumerFileSaysLosingAndRepeatingNoRow()
      throws Exception {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabase("db");
    Table table =
        catalog.createTable(
            Identifier.of("db", "events"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("msg", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    List<String> expected = new ArrayList<>();
    CompletableFuture<Void> writer =
        CompletableFuture.runAsync(
            () -> {
              for (long s = 1; s <= SNAPSHOTS; s++) {
                try (TableWrite write = table.newWrite("writer")) {
                  for (int k = 0; k < ROWS_PER_SNAPSHOT; k++) {
                    write.write(Row.of(s * 10 + k, "event " + s + "." + k));
                  }
                  table.newCommit().commit(write.prepareCommit(s));
                }
                try {
                  Thread.sleep(s < 5 ? 0 : 150);
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              }
            });
    Path consumerFile = dir.resolve("db.db/events/consumer/consumer-X");

    Path out1 = dir.resolve("run1.out");
    Process first = start(dir, out1);
    await(
        "the first run to print 8 snapshots",
        120,
        () -> rows(out1).stream().mapToLong(r -> r.get("snapshot").asLong()).max().orElse(0) >= 8);
    first.destroyForcibly();
    assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    long resumeAt = ConsumerJson.find(table.io(), consumerFile).orElseThrow().nextSnapshot();
    List<String> before =
        rows(out1).stream()
            .filter(r -> r.get("snapshot").asLong() < resumeAt)
            .map(TableChangesProcessTest::key)
            .toList();
    assertThat(resumeAt).as("saved position").isGreaterThan(1);

    Path out2 = dir.resolve("run2.out");
    Process second = start(dir, out2);
    writer.get(120, TimeUnit.SECONDS);
    // The writer's own compactions take snapshot ids too: the rows of commit identifier s are in
    // the APPEND snapshot that identifier produced.
    long firstAfterResume = Long.MAX_VALUE;
    for (long id = 1; id <= table.latestSnapshot().orElseThrow().id(); id++) {
      Snapshot snapshot = table.snapshotStore().findSnapshot(id).orElseThrow();
      if (snapshot.commitKind() != CommitKind.APPEND) {
        continue;
      }
      if (id >= resumeAt) {
        firstAfterResume = Math.min(firstAfterResume, id);
      }
      long s = snapshot.commitIdentifier();
      for (int k = 0; k < ROWS_PER_SNAPSHOT; k++) {
        expected.add(
            id + " +I {\"id\":" + (s * 10 + k) + ",\"msg\":\"event " + s + "." + k + "\"}");
      }
    }
    assertThat(expected).hasSize(SNAPSHOTS * ROWS_PER_SNAPSHOT);
    assertThat(before).containsExactlyElementsOf(expected.subList(0, before.size()));
    long expectedBefore =
        expected.stream().filter(e -> Long.parseLong(e.split(" ")[0]) < resumeAt).count();
    assertThat(before).hasSize((int) expectedBefore);
    await(
        "the second run to print the last snapshot",
        120,
        () ->
            rows(out2).size() >= expected.size() - before.size()
                && ConsumerJson.find(table.io(), consumerFile).orElseThrow().nextSnapshot()
                    > table.latestSnapshot().orElseThrow().id());
    second.destroy(); // SIGTERM: stops between snapshots, the position saved
    assertThat(second.waitFor(30, TimeUnit.SECONDS)).isTrue();
    List<String> after = rows(out2).stream().map(TableChangesProcessTest::key).toList();
    assertThat(after.get(0)).as("first row of the second run").startsWith(firstAfterResume + " ");
    List<String> all = new ArrayList<>(before);
    all.addAll(after);
    assertThat(all).containsExactlyElementsOf(expected);
    assertThat(Files.readString(Path.of(out2 + ".err")))
        .contains("consumer 'X' resumes at snapshot " + resumeAt)
        .doesNotContain("Exception");
    assertThat(ConsumerJson.find(table.io(), consumerFile).orElseThrow().nextSnapshot())
        .isEqualTo(table.latestSnapshot().orElseThrow().id() + 1);
  }
}
