package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the table and binlog pictures read from a triage report: the tool reports of every runbook
 * that ran, their findings by code, the proposals, and numbers in evidence. Lenient by design: a
 * value that is absent or does not parse is empty, never an exception, so a picture draws what it
 * can.
 */
final class ReportData {

  private ReportData() {}

  /** The successful reports of {@code tool}: this runbook's first, then the other runbooks'. */
  static List<ToolReport> reportsOf(TriageReport report, String tool) {
    List<ToolReport> out = new ArrayList<>();
    for (TriageReport r : all(report)) {
      for (ToolReport t : r.tools()) {
        if (t.tool().equals(tool) && t.status() == ToolReport.Status.OK) {
          out.add(t);
        }
      }
    }
    return out;
  }

  /** The proposals of every runbook that ran, this one's first. */
  static List<ProposedAction> proposals(TriageReport report) {
    List<ProposedAction> out = new ArrayList<>();
    all(report).forEach(r -> out.addAll(r.verdict().proposals()));
    return out;
  }

  /** The first finding of {@code code} in {@code report}. */
  static Optional<Finding> first(ToolReport report, String code) {
    return report.findings().stream().filter(f -> f.code().equals(code)).findFirst();
  }

  /** Every finding of {@code code} in {@code report}. */
  static List<Finding> all(ToolReport report, String code) {
    return report.findings().stream().filter(f -> f.code().equals(code)).toList();
  }

  /** The evidence {@code key} of {@code f} as a number, empty when absent or not a number. */
  static OptionalLong number(Finding f, String key) {
    return number(f.evidence().get(key));
  }

  /** {@code text} as a number, empty when null or not a number. */
  static OptionalLong number(String text) {
    if (text == null) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(text.strip()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /** The text of {@code key} with {@code args} in place of {@code {0}}, {@code {1}}, ... */
  static String format(PictureTexts texts, String key, Object... args) {
    String s = texts.t(key);
    for (int i = 0; i < args.length; i++) {
      s = s.replace("{" + i + "}", String.valueOf(args[i]));
    }
    return s;
  }

  /** A picture id unique on the page: {@code base}, then {@code base-2}, {@code base-3}, ... */
  static String id(String base, int index) {
    return index == 0 ? base : base + "-" + (index + 1);
  }

  private static List<TriageReport> all(TriageReport report) {
    List<TriageReport> all = new ArrayList<>();
    all.add(report);
    all.addAll(report.others());
    return all;
  }
}
