package dev.lakeops.runbooks.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The planner's run of one runbook graph: timeouts, budget, bounded loops, ids, and proposals that
 * never run.
 */
class GraphRunbookTest {

  private final AtomicInteger counted = new AtomicInteger();
  private final ToolRegistry tools =
      new ToolRegistry()
          .register(
              new ToolBinding(
                  new ToolSpec(
                      "test.count",
                      "Counts its calls.",
                      List.of(ToolParam.optional("n", ParamType.STRING, "Unused")),
                      FindingCodes.of("test.count.seen", "test.count.ok")),
                  args -> {
                    int n = counted.incrementAndGet();
                    Finding f =
                        new Finding(
                            Severity.WARN,
                            "test.count.seen",
                            "counter",
                            "seen " + n,
                            Map.of("n", Integer.toString(n)),
                            List.of());
                    Finding g =
                        new Finding(
                            Severity.OK, "test.count.ok", "counter", "fine", Map.of(), List.of());
                    return new ToolReport(
                        ToolReport.Status.OK, "test.count", args.given(), List.of(f, g), null);
                  }))
          .register(
              new ToolBinding(
                  new ToolSpec(
                      "test.sleep",
                      "Sleeps.",
                      List.of(ToolParam.required("ms", ParamType.INTEGER, "How long")),
                      FindingCodes.none()),
                  args -> {
                    try {
                      Thread.sleep(args.integer("ms"));
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    return new ToolReport(
                        ToolReport.Status.OK, "test.sleep", args.given(), List.of(), null);
                  }));

  private GraphRunbook runbook(String limits, String steps) {
    String yaml =
        "name: t\nmatch: {keywords: [test]}\ninputs:\n  table: {from: [table]}\n"
            + limits
            + "steps:\n"
            + steps;
    return new GraphRunbook(
        new RunbookLoader(tools.catalog()).load("t.yaml", yaml), tools, Clock.systemUTC());
  }

  private static final AlertSignal ALERT =
      new AlertSignal(Map.of("alertname", "test", "table", "db.orders"), Map.of());

  private static final String END =
      """
        - id: done
          end:
            category: NO_FAULT
            headline: "counted ${c[test.count.seen].evidence.n}"
            confidence: LOW
            evidence: ["test.count.seen"]
      """;

  @Test
  void abandonsAToolCallThatOutlivesTheStepTimeoutAndGoesOn() {
    GraphRunbook r =
        runbook(
            "limits: {step_timeout: 200ms, budget: 10s}\n",
            """
              - id: slow
                probe: test.sleep
                args: {ms: "5000"}
                output: s
                next: check
              - id: check
                branch:
                  - when: {status: {output: s, is: ERROR}}
                    next: failed
                otherwise: failed
              - id: failed
                end: {category: PROBE_FAILED, headline: "${s.error}", confidence: LOW}
            """);

    long t0 = System.nanoTime();
    TriageReport report = r.run(ALERT);

    assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(4_000);
    assertThat(report.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(report.verdict().headline()).contains("gave no answer within 200 ms");
  }

  @Test
  void skipsToolCallsOnceTheBudgetIsSpent() {
    GraphRunbook r =
        runbook(
            "limits: {step_timeout: 5s, budget: 300ms}\n",
            """
              - id: slow
                probe: test.sleep
                args: {ms: "400"}
                output: s
                next: c
              - id: c
                probe: test.count
                output: c
                next: check
              - id: check
                branch:
                  - when: {status: {output: c, is: ERROR}}
                    next: skipped
                otherwise: done
              - id: skipped
                end: {category: INCONCLUSIVE, headline: "${c.error}", confidence: LOW}
            """
                + END);

    TriageReport report = r.run(ALERT);

    assertThat(report.verdict().headline()).contains("not called: the runbook's budget");
    assertThat(counted).hasValue(0);
  }

  @Test
  void leavesABoundedLoopAfterMaxIterations() {
    GraphRunbook r =
        runbook(
            "",
            """
              - id: c
                probe: test.count
                output: c
                next: again
                max_iterations: 3
                on_exhausted: done
              - id: again
                branch:
                  - when: {finding: {output: c, code: test.count.seen}}
                    next: c
                otherwise: done
            """
                + END);

    TriageReport report = r.run(ALERT);

    assertThat(counted).hasValue(3);
    assertThat(report.verdict().headline()).isEqualTo("counted 3");
    assertThat(report.steps())
        .extracting(StepRecord::outcome)
        .contains("max_iterations 3 reached -> done");
  }

  @Test
  void givesFindingsStableIdsPerStepAndCitesThemAsEvidence() {
    GraphRunbook r =
        runbook(
            "",
            """
              - id: c
                probe: test.count
                output: c
                next: done
            """
                + END);

    TriageReport report = r.run(ALERT);

    assertThat(report.findingsById()).containsOnlyKeys("c#1", "c#2");
    assertThat(report.verdict().evidence()).containsExactly("c#1");
    assertThat(report.evidenceCodes()).containsExactly("test.count.seen");
  }

  @Test
  void recordsProposalsAsDataAndNeverEntersTheirApprovalChain() {
    GraphRunbook r =
        runbook(
            "",
            """
              - id: c
                probe: test.count
                output: c
                next: propose
              - id: propose
                propose: table.rollback_to
                args: {table: "${inputs.table}", snapshot: "${c[test.count.seen].evidence.n}", warehouse: "${labels.warehouse}"}
                reason: "seen ${c[test.count.seen].evidence.n} times"
                next: done
                on_approval: approve
              - id: approve
                approval: propose
                on_approved: rollback
                on_rejected: done
              - id: rollback
                action: table.rollback_to
                proposal: propose
                next: verify
                on_failure: done
              - id: verify
                verify: test.count
                output: after
                next: done
            """
                + END);

    TriageReport report = r.run(ALERT);

    assertThat(report.verdict().proposals())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.action()).isEqualTo("table.rollback_to");
              assertThat(p.tier()).isEqualTo(RiskTier.DESTRUCTIVE);
              assertThat(p.args())
                  .containsEntry("table", "db.orders")
                  .containsEntry("snapshot", "1");
              assertThat(p.missing()).containsExactly("warehouse");
              assertThat(p.reason()).isEqualTo("seen 1 times");
              assertThat(p.approvalStep()).isEqualTo("approve");
              assertThat(p.status()).startsWith("incomplete");
            });
    assertThat(report.steps()).extracting(StepRecord::step).containsExactly("c", "propose", "done");
    assertThat(counted).as("the verify step's tool was not called").hasValue(1);
    assertThat(report.toMarkdown())
        .contains("Proposed actions")
        .contains("`table.rollback_to`")
        .contains("none has run");
  }

  @Test
  void completeProposalsAwaitApproval() {
    ProposedAction p =
        new ProposedAction(
            "s", "table.compact", RiskTier.REVERSIBLE, Map.of("table", "t"), List.of(), "", null);

    assertThat(p.status()).isEqualTo("awaiting approval");
  }
}
