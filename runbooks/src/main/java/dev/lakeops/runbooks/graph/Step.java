package dev.lakeops.runbooks.graph;

import java.util.List;

/**
 * One step of a runbook's graph. Reads ({@link ProbeStep}, {@link VerifyStep}) and writes ({@link
 * ActionStep}) are different types, so whether a runbook can change anything is answered from the
 * types alone.
 */
public sealed interface Step
    permits ProbeStep, BranchStep, ProposeStep, ApprovalStep, ActionStep, VerifyStep, EndStep {

  /** Unique within its runbook. */
  String id();

  /** The kind as written in runbook files: {@code probe}, {@code branch}, ... */
  String kind();

  /** Every step this one can lead to, in declaration order (execution edges included). */
  List<String> successors();

  /** Outputs this step stores for later guards and templates. */
  default List<String> produces() {
    return List.of();
  }

  /** Outputs this step's guards and templates read. */
  List<String> reads();

  /** Inputs this step's guards and templates read. */
  List<String> inputsRead();
}
