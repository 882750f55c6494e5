package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;

/**
 * Orders the reports of the runbooks that ran for one alert by the strength of their evidence,
 * strongest first: a fault verdict citing WARN or CRITICAL findings, then other fault verdicts, an
 * artefact of observation, a measured "nothing wrong", then answers that measured nothing (not
 * found, inconclusive, a probe that failed). Within a tier: the worst severity cited, then how many
 * WARN-or-worse findings are cited, then the confidence; then the order of fit.
 */
final class EvidenceRank {

  /** Healthy answers; {@code NO_BACKPRESSURE} only as stored verdicts hold it. */
  @SuppressWarnings("deprecation")
  private static final Set<Category> HEALTHY = Set.of(Category.NO_FAULT, Category.NO_BACKPRESSURE);

  private static final Set<Category> UNMEASURED = Set.of(Category.INCONCLUSIVE, Category.NOT_FOUND);

  private EvidenceRank() {}

  /** Strongest first; ties keep the order of the list sorted (the order of fit). */
  static Comparator<TriageReport> strongestFirst() {
    return Comparator.comparingInt(EvidenceRank::tier)
        .reversed()
        .thenComparing(Comparator.comparingInt(EvidenceRank::worst).reversed())
        .thenComparing(Comparator.comparingLong(EvidenceRank::serious).reversed())
        .thenComparing(
            Comparator.comparing((TriageReport r) -> r.verdict().confidence()).reversed());
  }

  /**
   * 5 fault with WARN+ evidence, 4 other fault, 3 artefact, 2 healthy, 1 unmeasured, 0 probe failed
   * or no runbook.
   */
  static int tier(TriageReport r) {
    Category c = r.verdict().category();
    if (c == Category.PROBE_FAILED || c == Category.NO_RUNBOOK) {
      return 0;
    }
    if (UNMEASURED.contains(c)) {
      return 1;
    }
    if (HEALTHY.contains(c)) {
      return 2;
    }
    if (c == Category.MONITORING_ARTEFACT) {
      return 3;
    }
    return worst(r) >= Severity.WARN.ordinal() ? 5 : 4;
  }

  /** Whether the report concludes a fault. */
  static boolean isFault(TriageReport r) {
    return tier(r) >= 4;
  }

  /** The ordinal of the worst severity among the findings the verdict cites, -1 for none. */
  private static int worst(TriageReport r) {
    Map<String, Finding> byId = r.findingsById();
    return r.verdict().evidence().stream()
        .map(byId::get)
        .filter(f -> f != null)
        .mapToInt(f -> f.severity().ordinal())
        .max()
        .orElse(-1);
  }

  private static long serious(TriageReport r) {
    Map<String, Finding> byId = r.findingsById();
    return r.verdict().evidence().stream()
        .map(byId::get)
        .filter(f -> f != null && f.severity().compareTo(Severity.WARN) >= 0)
        .count();
  }
}
