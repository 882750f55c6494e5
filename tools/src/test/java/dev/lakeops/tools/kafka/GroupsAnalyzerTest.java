package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupsAnalyzerTest {

  private final GroupsAnalyzer analyzer = new GroupsAnalyzer();

  @Test
  void describesAStableGroupWithItsMembersAndLag() {
    List<Finding> findings = analyzer.analyze(Fixtures.latest("lag_stalled"));

    assertThat(codes(findings)).containsExactly("kafka.group.stable");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.OK);
    assertThat(findings.get(0).evidence())
        .containsEntry("group", "g-stalled")
        .containsEntry("members", "1")
        .containsEntry("totalLag", "90");
  }

  @Test
  void describesAGroupWithoutMembersAsEmptyNotDown() {
    List<Finding> findings = analyzer.analyze(Fixtures.latest("lag_below_log_start"));

    assertThat(codes(findings)).containsExactly("kafka.group.empty");
    assertThat(findings.get(0).summary()).contains("Flink");
  }
}
