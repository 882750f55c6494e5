package dev.lakeops.eval.models;

import dev.lakeops.eval.suite.Report;
import dev.lakeops.eval.suite.Scores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-model table: for each model, pass@1 (the share of trials whose kept verdict is right),
 * pass^k (the share of runs right in every one of their k repeats), the model's own accuracy, the
 * deterministic baseline on the same runs, entity F1, false positives, safety violations, tokens,
 * tool calls, time and how often the deterministic verdict was kept instead.
 */
public record ModelTable(List<Row> rows) {

  /** One model's figures. */
  public record Row(
      String model,
      int runs,
      int repeats,
      double passAt1,
      double passHatK,
      double modelAccuracy,
      double deterministicAccuracy,
      double entityF1,
      double falsePositiveRate,
      int violations,
      double tokensPerTriage,
      double toolCallsPerTriage,
      double p50Millis,
      double p95Millis,
      int keptDeterministic,
      int investigations,
      String fallbacks) {}

  public static ModelTable of(List<ModelTrial> trials) {
    Map<String, List<ModelTrial>> byModel = new LinkedHashMap<>();
    trials.forEach(t -> byModel.computeIfAbsent(t.model(), k -> new ArrayList<>()).add(t));
    List<Row> rows = new ArrayList<>();
    byModel.forEach((model, ts) -> rows.add(row(model, ts)));
    return new ModelTable(rows);
  }

  private static Row row(String model, List<ModelTrial> ts) {
    Map<String, List<ModelTrial>> byRun = new LinkedHashMap<>();
    ts.forEach(t -> byRun.computeIfAbsent(t.outcome().run(), k -> new ArrayList<>()).add(t));
    int repeats = byRun.values().stream().mapToInt(List::size).max().orElse(0);
    long allRight =
        byRun.values().stream().filter(l -> l.stream().allMatch(ModelTrial::correct)).count();
    long right = ts.stream().filter(ModelTrial::correct).count();
    long modelRight = ts.stream().filter(ModelTrial::modelCorrect).count();
    long deterministicRight =
        byRun.values().stream().filter(l -> l.get(0).deterministicCorrect()).count();
    Scores s = Scores.of(ts.stream().map(ModelTrial::outcome).toList());
    List<Double> times = new ArrayList<>(ts.stream().map(ModelTrial::millis).toList());
    times.sort(null);
    return new Row(
        model,
        byRun.size(),
        repeats,
        ratio(right, ts.size()),
        ratio(allRight, byRun.size()),
        ratio(modelRight, ts.size()),
        ratio(deterministicRight, byRun.size()),
        s.entityF1(),
        s.falsePositiveRate(),
        s.violations(),
        ts.stream().mapToLong(ModelTrial::tokens).average().orElse(0),
        ts.stream().mapToInt(ModelTrial::toolCalls).average().orElse(0),
        Scores.quantile(times, 0.5),
        Scores.quantile(times, 0.95),
        (int) ts.stream().filter(t -> !t.kept().equals("llm")).count(),
        (int) ts.stream().filter(t -> t.mode().equals("investigation")).count(),
        fallbacks(ts));
  }

  /**
   * Why the deterministic verdict was kept, by the fallback's kind ("provider error: ..." etc.).
   */
  private static String fallbacks(List<ModelTrial> ts) {
    Map<String, Integer> kinds = new java.util.TreeMap<>();
    for (ModelTrial t : ts) {
      if (t.fallback() != null) {
        int colon = t.fallback().indexOf(':');
        kinds.merge(colon < 0 ? t.fallback() : t.fallback().substring(0, colon), 1, Integer::sum);
      }
    }
    if (kinds.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    kinds.forEach((k, n) -> parts.add(k + " ×" + n));
    return String.join(", ", parts);
  }

  public String markdown() {
    StringBuilder b = new StringBuilder();
    b.append(
            "| model | runs × k | pass@1 | pass^k | model's own category | deterministic baseline"
                + " |")
        .append(" entity F1 | no-fault FP | violations | tokens / triage | tool calls / triage |")
        .append(" p50 / p95 | deterministic kept | investigations | fallbacks |\n");
    b.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %d × %d | %s | %s | %s | %s | %.3f | %s | %d | %.0f | %.1f | %.0f / %.0f ms |"
                  + " %d | %d | %s |%n",
              r.model(),
              r.runs(),
              r.repeats(),
              Report.pct(r.passAt1()),
              Report.pct(r.passHatK()),
              Report.pct(r.modelAccuracy()),
              Report.pct(r.deterministicAccuracy()),
              r.entityF1(),
              Report.pct(r.falsePositiveRate()),
              r.violations(),
              r.tokensPerTriage(),
              r.toolCallsPerTriage(),
              r.p50Millis(),
              r.p95Millis(),
              r.keptDeterministic(),
              r.investigations(),
              r.fallbacks()));
    }
    return b.toString();
  }

  /** The table as HTML with a bar chart of pass@1 against the deterministic baseline. */
  public String html() {
    StringBuilder b =
        new StringBuilder("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
            .append(
                "<title>lakeops eval: models</title><style>body{font-family:system-ui,sans-serif;")
            .append("margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;")
            .append(
                "padding:.25rem .5rem}</style></head><body>\n"
                    + "<h1>Models on the scenario suite</h1>\n");
    int w = 520;
    b.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"pass@1 per model\""
                + " width=\"")
        .append(w)
        .append("\" height=\"")
        .append(rows.size() * 44 + 10)
        .append("\">");
    int y = 0;
    for (Row r : rows) {
      int model = (int) Math.round((w - 260) * r.passAt1());
      int base = (int) Math.round((w - 260) * r.deterministicAccuracy());
      b.append("<text x=\"0\" y=\"")
          .append(y + 14)
          .append("\" font-size=\"11\">")
          .append(esc(r.model()))
          .append("</text>");
      b.append("<rect x=\"200\" y=\"")
          .append(y + 3)
          .append("\" width=\"")
          .append(model)
          .append("\" height=\"16\" fill=\"#37a\"/><text x=\"")
          .append(204 + model)
          .append("\" y=\"")
          .append(y + 15)
          .append("\" font-size=\"11\">pass@1 ")
          .append(Report.pct(r.passAt1()))
          .append("</text>");
      b.append("<rect x=\"200\" y=\"")
          .append(y + 22)
          .append("\" width=\"")
          .append(base)
          .append("\" height=\"16\" fill=\"#aaa\"/><text x=\"")
          .append(204 + base)
          .append("\" y=\"")
          .append(y + 34)
          .append("\" font-size=\"11\">deterministic ")
          .append(Report.pct(r.deterministicAccuracy()))
          .append("</text>");
      y += 44;
    }
    b.append("</svg>\n<pre>").append(esc(markdown())).append("</pre>\n</body></html>\n");
    return b.toString();
  }

  private static double ratio(long a, long b) {
    return b == 0 ? 0 : (double) a / b;
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
