package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what the Flink and Kafka pictures draw from a triage report's findings: the evidence keys
 * their analyzers add for pictures ({@code graph.*}, {@code checkpointHistory}, {@code
 * failuresAgoMs}, {@code lagByPartition} ...). Lenient: a value it cannot read is left out, never
 * thrown on.
 */
final class PictureEvidence {

  private PictureEvidence() {}

  /** Every finding of {@code report}'s tools, then of the other runbooks' reports, in order. */
  static List<Finding> findings(TriageReport report) {
    List<Finding> all = new ArrayList<>();
    collect(report, all, 0);
    return all;
  }

  private static void collect(TriageReport report, List<Finding> into, int depth) {
    for (ToolReport tool : report.tools()) {
      into.addAll(tool.findings());
    }
    if (depth < 3) {
      for (TriageReport other : report.others()) {
        collect(other, into, depth + 1);
      }
    }
  }

  /** The first finding whose evidence holds {@code key}. */
  static Optional<Finding> withKey(TriageReport report, String key) {
    return findings(report).stream().filter(f -> f.evidence().containsKey(key)).findFirst();
  }

  /** The first finding with this code. */
  static Optional<Finding> withCode(TriageReport report, String code) {
    return findings(report).stream().filter(f -> f.code().equals(code)).findFirst();
  }

  /**
   * The {@code key=value} fields of {@code line}, separated by spaces; {@code last} (may be null),
   * once reached, takes the rest of the line whatever it holds.
   */
  static Map<String, String> fields(String line, String last) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = 0;
    while (i < line.length()) {
      int eq = line.indexOf('=', i);
      if (eq < 0) {
        break;
      }
      String key = line.substring(i, eq).strip();
      if (key.equals(last)) {
        out.put(key, line.substring(eq + 1));
        break;
      }
      int space = line.indexOf(' ', eq + 1);
      int end = space < 0 ? line.length() : space;
      out.put(key, line.substring(eq + 1, end));
      i = end + 1;
    }
    return out;
  }

  /** {@code text} as a number; NaN when absent, {@code n/a} or not a number. */
  static double number(String text) {
    if (text == null) {
      return Double.NaN;
    }
    try {
      double v = Double.parseDouble(text.strip());
      return Double.isFinite(v) ? v : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** {@code text} as a whole number, or {@code fallback}. */
  static long whole(String text, long fallback) {
    double v = number(text);
    return Double.isNaN(v) ? fallback : (long) v;
  }

  /** A figure as a person reads it: no fraction when whole, one decimal otherwise. */
  static String figure(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    double rounded = Math.round(v * 10) / 10.0;
    return rounded == Math.rint(rounded)
        ? Long.toString((long) rounded)
        : String.format(Locale.ROOT, "%.1f", rounded);
  }

  /** A duration in millis, short: {@code 850 ms}, {@code 12 s}, {@code 4 min}, {@code 2 h}. */
  static String duration(long millis) {
    if (millis < 1_000) {
      return millis + " ms";
    }
    if (millis < 120_000) {
      return figure(millis / 1000.0) + " s";
    }
    if (millis < 2 * 3_600_000L) {
      return (millis / 60_000) + " min";
    }
    return (millis / 3_600_000L) + " h";
  }

  /** The text of {@code key} with {@code args} in place of {@code {0}}, {@code {1}} ... */
  static String text(PictureTexts texts, String key, Object... args) {
    String s = texts.t(key);
    for (int i = 0; i < args.length; i++) {
      s = s.replace("{" + i + "}", String.valueOf(args[i]));
    }
    return s;
  }
}
