package dev.lakeops.runbooks.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The same cause gets the same category whichever runbook found it. */
class CategoryTaxonomyTest {

  private static final List<RunbookGraph> SHIPPED = RunbookLoader.lakeops().loadShipped();

  private final RunbookLoader loader =
      new RunbookLoader(
          new ToolRegistry()
              .register(
                  new ToolBinding(
                      new ToolSpec(
                          "test.look",
                          "Looks.",
                          List.of(ToolParam.optional("job", ParamType.STRING, "job")),
                          FindingCodes.of("test.look.dups", "test.look.none")),
                      a ->
                          new ToolReport(
                              ToolReport.Status.OK, "test.look", Map.of(), List.of(), null)))
              .catalog());

  private RunbookGraph runbook(String name, Category category, String evidence) {
    return loader.load(
        name + ".yaml",
        "name: "
            + name
            + "\ndescription: d\nmatch: {signals: [duplicates]}\n"
            + "inputs:\n  job: {from: [flink.job], required: true}\nsteps:\n"
            + "  - id: look\n    probe: test.look\n    args: {job: \"${inputs.job}\"}\n"
            + "    output: l\n    next: done\n"
            + "  - id: done\n    end: {category: "
            + category
            + ", headline: h, confidence: MEDIUM, evidence: ["
            + evidence
            + "]}\n");
  }

  @Test
  void theShippedRunbooksKeepOneCategoryPerCause() {
    assertThat(CategoryTaxonomy.problems(SHIPPED)).isEmpty();
  }

  @Test
  void noShippedRunbookConcludesADeprecatedCategory() {
    Map<Category, Set<String>> by = CategoryTaxonomy.concludedBy(SHIPPED);

    assertThat(by).doesNotContainKeys(Category.NO_BACKPRESSURE, Category.ROLLBACK_NEEDED);
    assertThat(by.get(Category.DUPLICATES))
        .containsExactlyInAnyOrder(
            "kafka-count-mismatch",
            "kafka-duplicates",
            "table-duplicates-after-failover",
            "table-snapshot-rollback");
    assertThat(by.get(Category.NO_FAULT)).contains("flink-backpressure", "table-snapshot-rollback");
  }

  @Test
  void reportsTheSameEvidenceConcludedAsTwoCategories() {
    List<String> problems =
        CategoryTaxonomy.problems(
            List.of(
                runbook("a", Category.DUPLICATES, "test.look.dups"),
                runbook("b", Category.COUNT_MISMATCH, "test.look.dups")));

    assertThat(problems)
        .containsExactly(
            "test.look.dups concludes different categories: {DUPLICATES=[a#done],"
                + " COUNT_MISMATCH=[b#done]}");
  }

  @Test
  @SuppressWarnings("deprecation")
  void reportsAHealthyStateThatIsNotNoFaultAndADeprecatedCategory() {
    List<String> problems =
        CategoryTaxonomy.problems(
            List.of(runbook("a", Category.NO_BACKPRESSURE, "test.look.none")));

    assertThat(problems)
        .containsExactly(
            "a#done concludes NO_BACKPRESSURE, which is deprecated (stored verdicts only)",
            "a#done cites the healthy test.look.none first but concludes NO_BACKPRESSURE, not"
                + " NO_FAULT");
  }

  @Test
  void leavesTheEndsAfterAnApprovalOut() {
    RunbookGraph rollback =
        SHIPPED.stream().filter(g -> g.name().equals("table-snapshot-rollback")).findFirst().get();

    assertThat(CategoryTaxonomy.triageEnds(rollback))
        .extracting(e -> e.id())
        .contains("rollback-given", "rollback-given-unmeasured", "no-fault")
        .doesNotContain("rolled-back", "rejected", "failed-unmeasured");
  }
}
