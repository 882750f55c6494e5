package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The verdict follows what was measured, not what the alert claims. A claim is a signal the alert
 * says fired ({@code flink.restarts} from its metric, {@code flink.backpressure} from its summary);
 * it is not confirmed when every runbook that answers it ran and measured nothing wrong. Then the
 * headline says so first: {@code The alert's claim (flink.restarts) was not confirmed: The job runs
 * without restarts. What is wrong: <the fault another runbook found>}, or, when nothing is wrong
 * anywhere, the claim and the healthy answer that names what was checked.
 */
final class ClaimCheck {

  private ClaimCheck() {}

  /**
   * {@code best} with the unconfirmed claims in its headline; {@code best} itself when every claim
   * is confirmed, or when the best answer measured nothing (not found, inconclusive, a probe that
   * failed) or is an artefact of observation, which explains the alert on its own.
   *
   * @param claims the signals the alert says fired, strongest first
   * @param answers for each runbook that ran, the signals it answers ({@code match.signals})
   * @param ranked every report that ran, strongest first ({@code best} among them)
   */
  static TriageReport apply(
      TriageReport best,
      List<String> claims,
      Map<String, List<String>> answers,
      List<TriageReport> ranked) {
    int tier = EvidenceRank.tier(best);
    if (tier != 2 && tier < 4) {
      return best;
    }
    List<String> unconfirmed = new ArrayList<>();
    TriageReport ownAnswer = null;
    for (String claim : claims) {
      List<TriageReport> answering =
          ranked.stream()
              .filter(r -> answers.getOrDefault(r.runbook(), List.of()).contains(claim))
              .toList();
      if (!answering.isEmpty() && answering.stream().allMatch(r -> EvidenceRank.tier(r) == 2)) {
        unconfirmed.add(claim);
        if (ownAnswer == null) {
          ownAnswer = answering.get(0);
        }
      }
    }
    if (unconfirmed.isEmpty()) {
      return best;
    }
    String claim = "The alert's claim (" + String.join(", ", unconfirmed) + ") was not confirmed: ";
    Verdict v = best.verdict();
    String headline =
        tier == 2 || ownAnswer == best
            ? claim + v.headline()
            : claim + ownAnswer.verdict().headline() + " What is wrong: " + v.headline();
    return best.withVerdict(v.withHeadline(headline));
  }
}
