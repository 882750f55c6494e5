package dev.lakeops.eval.world.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped planner, as the agent builds it, triaging CDC alerts on files the world wrote. */
class BinlogWorldTriageTest {

  @TempDir Path dir;

  private TriageReport triage(BinlogFileSpec spec) {
    BinlogWorld.write(dir, List.of(spec));
    TriageTools tools =
        TriageTools.forAgent(
            Map.of("lakeops.binlog.dir", dir.toString(), "lakeops.alerts.similarity.model", "none"),
            Clock.systemUTC(),
            null);
    return tools
        .planner(Clock.systemUTC(), AlertExamples.NONE)
        .triage(
            new AlertSignal(
                Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", spec.name()),
                Map.of("summary", "CDC source stopped")));
  }

  @Test
  void everyDamageIsBinlogCorruptionAtTheDamagedEvent() {
    for (String damage :
        List.of(
            BinlogFileSpec.FLIPPED_BYTE, BinlogFileSpec.TRUNCATED, BinlogFileSpec.GARBAGE_HEADER)) {
      TriageReport report = triage(new BinlogFileSpec("mysql-bin.000002", damage, 20));

      assertThat(report.verdict().category())
          .as("%s: %s", damage, report.toMarkdown())
          .isEqualTo(Category.BINLOG_CORRUPTION);
      assertThat(report.verdict().entities())
          .as(damage)
          .containsEntry("binlogOffset", Long.toString(BinlogWorld.eventOffset(20)));
    }
  }

  @Test
  void anIntactFileIsNoFault() {
    TriageReport report = triage(BinlogFileSpec.intact("mysql-bin.000002"));

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
  }
}
