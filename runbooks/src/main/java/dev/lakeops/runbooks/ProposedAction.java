package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.action.RiskTier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An action a triage proposes, as data: nothing has run. Carrying it out needs a stored proposal
 * and the approvals its tier requires.
 *
 * @param step the propose step that made it
 * @param action the action's name, e.g. {@code table.rollback_to}
 * @param tier its risk tier
 * @param args the exact arguments
 * @param missing arguments the runbook names but the triage could not fill; a proposal with any is
 *     incomplete
 * @param reason why, for a person
 * @param approvalStep the runbook step where execution would start, or null when the runbook
 *     describes none
 */
public record ProposedAction(
    String step,
    String action,
    RiskTier tier,
    Map<String, String> args,
    List<String> missing,
    String reason,
    @Nullable String approvalStep) {

  public ProposedAction {
    requireNonNull(step, "step");
    requireNonNull(action, "action");
    requireNonNull(tier, "tier");
    args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
    missing = missing == null ? List.of() : List.copyOf(missing);
    reason = reason == null ? "" : reason;
  }

  /** Always awaiting approval: a triage never carries out what it proposes. */
  public String status() {
    return missing.isEmpty()
        ? "awaiting approval"
        : "incomplete: missing " + String.join(", ", missing);
  }
}
