package dev.lakeops.runbooks.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActionArgsTest {

  @TempDir Path dir;
  private final Actions actions = new Actions(new DirectTargets(Duration.ofSeconds(1)));

  private ActionArgumentException bad(ActionKind kind, Map<String, String> args) {
    try {
      actions.create(ActionArgs.of(kind, args), Instant.now());
    } catch (ActionArgumentException e) {
      return e;
    }
    throw new AssertionError("accepted " + args);
  }

  private static Map<String, String> rescale(String vertex, String parallelism) {
    return Map.of(
        "cluster",
        "http://127.0.0.1:1",
        "job",
        "0".repeat(32),
        "vertex",
        vertex,
        "parallelism",
        parallelism);
  }

  @Test
  void namesTheMissingTable() {
    assertThat(bad(ActionKind.TABLE_COMPACT, Map.of()).argument()).isEqualTo("table");
    assertThat(
            bad(ActionKind.TABLE_COMPACT, Map.of("table", dir.resolve("nope").toString()))
                .getMessage())
        .contains("Invalid argument 'table' of table.compact")
        .contains("no such directory");
  }

  @Test
  void namesMalformedTableArguments() {
    String table = TestTables.orders(dir.resolve("wh"), 1).paths().root().toString();
    assertThat(bad(ActionKind.TABLE_ROLLBACK_TO, Map.of("table", table)).getMessage())
        .contains("give exactly one of snapshot=ID and tag=NAME");
    assertThat(
            bad(ActionKind.TABLE_ROLLBACK_TO, Map.of("table", table, "snapshot", "1", "tag", "x"))
                .argument())
        .isEqualTo("tag");
    assertThat(
            bad(ActionKind.TABLE_EXPIRE_SNAPSHOTS, Map.of("table", table, "older-than", "soon"))
                .getMessage())
        .contains("'older-than'")
        .contains("'soon'");
    assertThat(
            bad(
                    ActionKind.TABLE_EXPIRE_SNAPSHOTS,
                    Map.of("table", table, "retain-min", "5", "retain-max", "2"))
                .argument())
        .isEqualTo("retain-max");
    assertThat(
            bad(ActionKind.TABLE_COMPACT, Map.of("table", table, "partition", "nokey")).argument())
        .isEqualTo("partition");
    assertThat(
            bad(ActionKind.TABLE_COMPACT, Map.of("table", table, "partition", "id=1")).getMessage())
        .contains("'id' is not a partition key");
    assertThat(
            bad(ActionKind.TABLE_CREATE_TAG, Map.of("table", table, "tag", "lakeops-undo-x"))
                .argument())
        .isEqualTo("tag");
  }

  @Test
  void namesMalformedKafkaAndFlinkArguments() {
    assertThat(
            bad(
                    ActionKind.KAFKA_RESET_OFFSETS,
                    Map.of("cluster", "localhost", "group", "g", "topic", "t", "to", "latest"))
                .argument())
        .isEqualTo("cluster");
    assertThat(
            bad(
                    ActionKind.KAFKA_RESET_OFFSETS,
                    Map.of("cluster", "127.0.0.1:9", "group", "g", "topic", "t", "to", "back"))
                .getMessage())
        .contains("'to'")
        .contains("earliest, latest, offset, timestamp");
    assertThat(
            bad(
                    ActionKind.KAFKA_RESET_OFFSETS,
                    Map.of(
                        "cluster",
                        "127.0.0.1:9",
                        "group",
                        "g",
                        "topic",
                        "t",
                        "to",
                        "offset",
                        "offset",
                        "0:x"))
                .argument())
        .isEqualTo("offset");
    assertThat(
            bad(
                    ActionKind.KAFKA_RESET_OFFSETS,
                    Map.of("cluster", "127.0.0.1:9", "group", "g", "topic", "t", "to", "timestamp"))
                .argument())
        .isEqualTo("timestamp");
    assertThat(
            bad(ActionKind.FLINK_CANCEL, Map.of("cluster", "http://127.0.0.1:1", "job", "abc"))
                .argument())
        .isEqualTo("job");
    assertThat(
            bad(ActionKind.FLINK_CANCEL, Map.of("cluster", "ftp://x", "job", "0".repeat(32)))
                .argument())
        .isEqualTo("cluster");
    assertThat(bad(ActionKind.FLINK_RESCALE, rescale("v", "2")).argument()).isEqualTo("vertex");
    for (String p : new String[] {"0", "-1", "two", ""}) {
      assertThat(bad(ActionKind.FLINK_RESCALE, rescale("a".repeat(32), p)).argument())
          .as("parallelism '%s'", p)
          .isEqualTo("parallelism");
    }
    Map<String, String> extra = new java.util.HashMap<>(rescale("a".repeat(32), "2"));
    extra.put("savepoint", "x");
    assertThat(bad(ActionKind.FLINK_RESCALE, extra).getMessage()).contains("savepoint");
    assertThat(
            bad(
                    ActionKind.FLINK_STOP_WITH_SAVEPOINT,
                    Map.of(
                        "cluster",
                        "http://127.0.0.1:1",
                        "job",
                        "0".repeat(32),
                        "target-directory",
                        "relative/dir"))
                .argument())
        .isEqualTo("target-directory");
  }

  @Test
  void parsesDurations() {
    assertThat(ActionArgs.parseDuration("36h")).isEqualTo(Duration.ofHours(36));
    assertThat(ActionArgs.parseDuration("PT30M")).isEqualTo(Duration.ofMinutes(30));
    assertThat(ActionArgs.parseDuration("7d")).isEqualTo(Duration.ofDays(7));
    assertThatThrownBy(() -> ActionArgs.parseDuration("h"))
        .isInstanceOf(NumberFormatException.class);
  }

  @Test
  void fingerprintDifferencesNameEachChange() {
    Fingerprint a = Fingerprint.of(Map.of("latest snapshot", "12", "tags", "a@3"));
    Fingerprint b = Fingerprint.of(Map.of("latest snapshot", "13", "tags", "a@3"));
    assertThat(a.differences(b)).containsExactly("latest snapshot 12 → 13");
    assertThat(a.differences(a)).isEmpty();
  }
}
