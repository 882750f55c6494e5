package dev.lakeops.runbooks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.graph.RunbookGraph;
import org.junit.jupiter.api.Test;

/**
 * One test per rejection rule, each on a small runbook; every rejection names the file and the
 * step.
 */
class RunbookValidatorTest {

  private static final String HEADER =
      """
      name: t
      match: {keywords: [x]}
      inputs:
        job: {from: [job_name], required: true}
      steps:
      """;

  private static final String END =
      """
        - id: done
          end: {category: NO_FAULT, headline: ok, confidence: LOW}
      """;

  private static RunbookGraph load(String steps) {
    return RunbookLoader.lakeops().load("t.yaml", HEADER + steps);
  }

  private static void rejects(String steps, String step, String message) {
    assertThatThrownBy(() -> load(steps))
        .isInstanceOf(RunbookException.class)
        .hasMessageContaining("t.yaml: step '" + step + "'")
        .hasMessageContaining(message);
  }

  @Test
  void acceptsAProbeBranchEndRunbook() {
    RunbookGraph g =
        load(
            """
              - id: bp
                probe: flink.backpressure
                args: {job: "${inputs.job}"}
                output: bp
                next: check
              - id: check
                branch:
                  - when: {finding: {output: bp, code: "flink.backpressure.*"}}
                    next: done
                otherwise: done
            """
                + END);

    assertThat(g.start()).isEqualTo("bp");
    assertThat(g.tools()).containsExactly("flink.backpressure");
  }

  @Test
  void rejectsAnUnknownTool() {
    rejects(
        """
          - id: p
            probe: flink.reboot
            args: {job: "${inputs.job}"}
            output: o
            next: done
        """
            + END,
        "p",
        "unknown tool 'flink.reboot'");
  }

  @Test
  void rejectsArgumentsTheToolDoesNotTakeOrLacks() {
    rejects(
        """
          - id: p
            probe: flink.backpressure
            args: {jobb: "${inputs.job}"}
            output: o
            next: done
        """
            + END,
        "p",
        "has no parameter 'jobb'");
    rejects(
        """
          - id: p
            probe: flink.backpressure
            output: o
            next: done
        """
            + END,
        "p",
        "needs parameter 'job'");
  }

  @Test
  void rejectsALiteralArgumentThatDoesNotReadAsItsDeclaredType() {
    rejects(
        """
          - id: lag
            probe: kafka.lag
            args: {cluster: prod, group: "${inputs.job}", samples: "lots", interval: "5s"}
            output: lag
            next: done
        """
            + END,
        "lag",
        "tool kafka.lag: parameter samples must be a whole number from 1 to 20, was 'lots'");
  }

  @Test
  void rejectsAMisspeltCodeNamingTheClosestDeclaredOne() {
    rejects(
        """
          - id: bp
            probe: flink.backpressure
            args: {job: "${inputs.job}"}
            output: bp
            next: check
          - id: check
            branch:
              - when: {finding: {output: bp, code: flink.backpressure.botleneck}}
                next: done
            otherwise: done
        """
            + END,
        "check",
        "finding code 'flink.backpressure.botleneck' is not a code that output 'bp'"
            + " (flink.backpressure) can hold; did you mean flink.backpressure.bottleneck?");
  }

  @Test
  void rejectsACodeOfAnotherToolThanTheOutputsNamingTheToolThatEmitsIt() {
    rejects(
        """
          - id: bp
            probe: flink.backpressure
            args: {job: "${inputs.job}"}
            output: bp
            next: done
          - id: done
            end: {category: NO_FAULT, headline: "${bp[flink.checkpoint.timeout].summary}", confidence: LOW}
        """,
        "done",
        "finding code 'flink.checkpoint.timeout' is not a code that output 'bp'"
            + " (flink.backpressure) can hold; flink.health, flink.checkpoints emits it");
  }

  @Test
  void rejectsACodePatternThatMatchesNoDeclaredCode() {
    rejects(
        """
          - id: bp
            probe: flink.backpressure
            args: {job: "${inputs.job}"}
            output: bp
            next: done
          - id: done
            end: {category: NO_FAULT, headline: ok, confidence: LOW, evidence: ["flink.backpresure.*"]}
        """,
        "done",
        "finding code pattern 'flink.backpresure.*' matches no code of the tools this runbook calls"
            + " (flink.backpressure); did you mean flink.backpressure.*?");
  }

  @Test
  void acceptsDeclaredCodesFamiliesAndPatterns() {
    RunbookGraph g =
        load(
            """
              - id: health
                probe: flink.health
                args: {job: "${inputs.job}"}
                output: health
                next: check
              - id: check
                branch:
                  - when: {finding: {output: health, code: flink.exception.oom}}
                    next: done
                  - when: {equals: {output: health, code: "flink.exception.*>=WARN", key: cause, value: oom}}
                    next: done
                  - when: {finding: {code: flink.checkpoint.timeout}}
                    next: done
                otherwise: done
              - id: done
                end: {category: NO_FAULT, headline: "${health[flink.restart.loop].summary}", confidence: LOW, evidence: ["*"]}
            """);

    assertThat(g.tools()).containsExactly("flink.health");
  }

  // a list is no argument value: read as text, it would have been proposed as an empty string
  @Test
  void rejectsAnArgumentGivenAsAList() {
    rejects(
        """
          - id: p
            propose: table.compact
            args: {table: [a, b]}
            next: done
        """
            + END,
        "p",
        "args.table must be one value, not a list or mapping");
  }

  @Test
  void rejectsAnUnknownAction() {
    rejects(
        """
          - id: p
            propose: table.drop
            args: {table: t}
            next: done
        """
            + END,
        "p",
        "unknown action 'table.drop'");
  }

  @Test
  void rejectsANextThatNamesNoStep() {
    rejects(
        """
          - id: p
            probe: flink.jobs
            output: o
            next: nowhere
        """
            + END,
        "p",
        "next 'nowhere' names no step");
  }

  @Test
  void rejectsAGuardReadingAnOutputThatNoStepProduces() {
    rejects(
        """
          - id: check
            branch:
              - when: {status: {output: bp, is: OK}}
                next: done
            otherwise: done
        """
            + END,
        "check",
        "reads output 'bp', which is produced by no step");
  }

  @Test
  void rejectsAGuardReadingAnOutputProducedOnlyOnSomePaths() {
    rejects(
        """
          - id: first
            branch:
              - when: {input: job}
                next: bp
            otherwise: check
          - id: bp
            probe: flink.backpressure
            args: {job: "${inputs.job}"}
            output: bp
            next: check
          - id: check
            branch:
              - when: {finding: {output: bp, code: flink.backpressure.none}}
                next: done
            otherwise: done
        """
            + END,
        "check",
        "reads output 'bp', which is not produced on every path to this step");
  }

  @Test
  void rejectsATemplateReadingAnOutputProducedOnlyLater() {
    rejects(
        """
          - id: done
            end: {category: NO_FAULT, headline: "${bp.status}", confidence: LOW}
          - id: bp
            probe: flink.jobs
            output: bp
            next: done
        """,
        "done",
        "reads output 'bp'");
  }

  @Test
  void rejectsAnUndeclaredInput() {
    rejects(
        """
          - id: p
            probe: flink.backpressure
            args: {job: "${inputs.jobname}"}
            output: o
            next: done
        """
            + END,
        "p",
        "reads input 'jobname' that the runbook does not declare");
  }

  @Test
  void rejectsAnUnboundedCycle() {
    rejects(
        """
          - id: poll
            probe: flink.jobs
            output: jobs
            next: again
          - id: again
            branch:
              - when: {finding: {output: jobs, code: flink.jobs.none}}
                next: poll
            otherwise: done
        """
            + END,
        "poll",
        "is on a cycle (poll -> again) with no bound");
  }

  @Test
  void acceptsACycleBoundedByMaxIterations() {
    RunbookGraph g =
        load(
            """
              - id: poll
                probe: flink.jobs
                output: jobs
                next: again
                max_iterations: 3
                on_exhausted: done
              - id: again
                branch:
                  - when: {finding: {output: jobs, code: flink.jobs.none}}
                    next: poll
                otherwise: done
            """
                + END);

    assertThat(g.steps()).containsKeys("poll", "again");
  }

  @Test
  void rejectsAWriteActionThatOnePathReachesWithoutApproval() {
    rejects(
        """
          - id: choose
            branch:
              - when: {input: job}
                next: run-it
            otherwise: propose
          - id: propose
            propose: table.compact
            args: {table: t}
            next: done
            on_approval: approve
          - id: approve
            approval: propose
            on_approved: run-it
            on_rejected: done
          - id: run-it
            action: table.compact
            proposal: propose
            next: done
            on_failure: done
        """
            + END,
        "run-it",
        "runs table.compact (REVERSIBLE) without an approval of proposal 'propose' on every path to"
            + " it");
  }

  @Test
  void acceptsAWriteActionBehindItsApprovalOnEveryPath() {
    RunbookGraph g =
        load(
            """
              - id: propose
                propose: table.rollback_to
                args: {table: t, snapshot: "3"}
                next: done
                on_approval: approve
              - id: approve
                approval: propose
                on_approved: run-it
                on_rejected: done
              - id: run-it
                action: table.rollback_to
                proposal: propose
                next: check
                on_failure: done
              - id: check
                verify: table.snapshots
                args: {table: t}
                output: after
                next: done
            """
                + END);

    assertThat(g.actions()).containsExactly("table.rollback_to");
  }

  @Test
  void rejectsAnActionThatRunsAnotherActionThanItsProposal() {
    rejects(
        """
          - id: propose
            propose: table.compact
            args: {table: t}
            next: done
            on_approval: approve
          - id: approve
            approval: propose
            on_approved: run-it
            on_rejected: done
          - id: run-it
            action: table.rollback_to
            proposal: propose
            next: done
            on_failure: done
        """
            + END,
        "run-it",
        "runs table.rollback_to but its proposal 'propose' proposes table.compact");
  }

  @Test
  void rejectsAnApprovalEnteredOtherThanFromItsProposal() {
    rejects(
        """
          - id: propose
            propose: table.compact
            args: {table: t}
            next: approve
          - id: approve
            approval: propose
            on_approved: done
            on_rejected: done
        """
            + END,
        "approve",
        "is reached from 'propose'; an approval starts only from its proposal's 'on_approval'");
  }

  @Test
  void rejectsAVerifyStepThatFollowsNoAction() {
    rejects(
        """
          - id: check
            verify: table.snapshots
            args: {table: t}
            output: after
            next: done
        """
            + END,
        "check",
        "verifies no action");
  }

  @Test
  void rejectsAStepFromWhichNoEndIsReachable() {
    rejects(
        """
          - id: start
            branch:
              - when: {input: job}
                next: done
            otherwise: spin
          - id: spin
            branch:
              - when: {input: job}
                next: spin
            otherwise: spin
            max_iterations: 2
            on_exhausted: spin
        """
            + END,
        "spin",
        "no end step can be reached from this step");
  }

  @Test
  void rejectsARunbookWithoutAnEndStep() {
    assertThatThrownBy(
            () ->
                load(
                    """
                      - id: p
                        probe: flink.jobs
                        output: o
                        next: p
                        max_iterations: 2
                        on_exhausted: p
                    """))
        .isInstanceOf(RunbookException.class)
        .hasMessageContaining("t.yaml: the runbook has no end step");
  }

  @Test
  void rejectsAStepNoPathReaches() {
    rejects(
        END
            + """
              - id: orphan
                end: {category: NO_FAULT, headline: never, confidence: LOW}
            """,
        "orphan",
        "no path from the start step 'done' reaches this step");
  }

  @Test
  void rejectsDuplicateStepIds() {
    rejects(END + END, "done", "duplicate step id");
  }

  @Test
  void rejectsBadYamlWithItsLineAndColumn() {
    assertThatThrownBy(
            () -> RunbookLoader.lakeops().load("bad.yaml", "name: t\nsteps: [\n  - id: a\n"))
        .isInstanceOf(RunbookException.class)
        .hasMessageStartingWith("bad.yaml:")
        .hasMessageContaining("not valid YAML")
        .satisfies(
            e -> assertThat(((RunbookException) e).problems().get(0).line()).isGreaterThan(1));
  }

  @Test
  void rejectsADuplicateKeyWithItsLine() {
    assertThatThrownBy(() -> RunbookLoader.lakeops().load("dup.yaml", "name: t\nname: u\n"))
        .isInstanceOf(RunbookException.class)
        .hasMessageStartingWith("dup.yaml:2:")
        .hasMessageContaining("Duplicate field 'name'");
  }

  @Test
  void rejectsYamlAliasesInsteadOfReadingThemAsText() {
    assertThatThrownBy(
            () ->
                load(
                    """
                      - id: done
                        end:
                          category: NO_FAULT
                          headline: &h ok
                          confidence: LOW
                          next_actions: [*h]
                    """))
        .isInstanceOf(RunbookException.class)
        .hasMessageContaining("t.yaml:")
        .hasMessageContaining("YAML aliases (*h) are not supported");
  }

  @Test
  void rejectsUnknownKeysCategoriesAndGuardOperators() {
    rejects(
        """
          - id: p
            probe: flink.jobs
            output: o
            nxt: done
        """
            + END,
        "p",
        "unknown key 'nxt'");
    rejects(
        """
          - id: done
            end: {category: ON_FIRE, headline: ok, confidence: LOW}
        """,
        "done",
        "category: unknown value 'ON_FIRE'");
    rejects(
        """
          - id: b
            branch:
              - when: {greater: {output: o, key: k, value: 1}}
                next: done
            otherwise: done
        """
            + END,
        "b",
        "unknown guard operator 'greater'");
  }

  @Test
  void rejectsAMalformedTemplateReference() {
    rejects(
        """
          - id: done
            end: {category: NO_FAULT, headline: "${bp[flink.x].nonsense}", confidence: LOW}
        """,
        "done",
        "Malformed reference ${bp[flink.x].nonsense}");
  }
}
