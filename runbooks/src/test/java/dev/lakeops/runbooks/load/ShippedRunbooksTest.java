package dev.lakeops.runbooks.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.graph.ActionStep;
import dev.lakeops.runbooks.graph.ProposeStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ShippedRunbooksTest {

  private final List<RunbookGraph> shipped = RunbookLoader.lakeops().loadShipped();

  @Test
  void everyShippedRunbookValidates() {
    assertThat(shipped)
        .extracting(RunbookGraph::name)
        .containsExactly(
            "flink-backpressure",
            "flink-delay",
            "flink-checkpoint-failures",
            "flink-restart-loop",
            "kafka-lag",
            "kafka-duplicates",
            "kafka-loss",
            "kafka-count-mismatch",
            "cdc-binlog-corruption",
            "cdc-connector-failed",
            "table-duplicates-after-failover",
            "table-small-files",
            "table-layout",
            "table-snapshot-rollback");
  }

  @Test
  void everyShippedRunbookDeclaresTheHopItExamines() {
    java.util.Map<String, String> hops = new java.util.LinkedHashMap<>();
    shipped.forEach(g -> hops.put(g.name(), g.hop()));

    assertThat(hops)
        .containsEntry("flink-restart-loop", "flink-job")
        .containsEntry("flink-backpressure", "flink-job")
        .containsEntry("kafka-lag", "kafka")
        .containsEntry("table-duplicates-after-failover", "lake-table")
        .containsEntry("table-small-files", "lake-table")
        .containsEntry("table-layout", "lake-table")
        .containsEntry("cdc-binlog-corruption", "binlog")
        .containsEntry("cdc-connector-failed", "cdc");
    assertThat(hops.values()).doesNotContain("");
  }

  @Test
  void rejectsAHopThatIsNoName() {
    String yaml =
        RunbookLoader.shippedText("table-small-files.yaml")
            .replace("hop: lake-table", "hop: Lake Table");

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RunbookLoader.lakeops().load("t.yaml", yaml))
        .isInstanceOf(RunbookException.class)
        .hasMessageContaining("hop 'Lake Table' must be lower-case letters, digits and dashes");
  }

  @Test
  void indexNamesEveryRunbookFileAndEachFileIsNamedAfterItsRunbook() throws IOException {
    Path dir = Path.of("src/main/resources/runbooks");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")))
          .containsExactlyInAnyOrderElementsOf(RunbookLoader.shippedFiles());
    }
    assertThat(shipped).allSatisfy(g -> assertThat(g.source()).isEqualTo(g.name() + ".yaml"));
  }

  @Test
  void writeActionsAppearOnlyAsProposalsOrBehindApproval() {
    // The validator proves the approval dominance; this states the outcome over the shipped set.
    for (RunbookGraph g : shipped) {
      g.steps().values().stream()
          .filter(s -> s instanceof ActionStep)
          .map(s -> (ActionStep) s)
          .forEach(a -> assertThat(g.steps().get(a.proposal())).isInstanceOf(ProposeStep.class));
    }
    assertThat(shipped.stream().flatMap(g -> g.actions().stream()).distinct())
        .contains(
            "table.rollback_to",
            "table.compact",
            "kafka.reset_offsets",
            "flink.stop_with_savepoint");
  }
}
