package dev.lakeops.eval.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scored report: {@code report.md} and {@code report.html} (with inline SVG charts: accuracy
 * per family, the confusion matrix, the latency distribution) and {@code outcomes.json}, written to
 * a directory.
 */
public final class Report {

  private final String title;
  private final Scores scores;
  private final List<Outcome> outcomes;

  public Report(String title, Scores scores, List<Outcome> outcomes) {
    this.title = title;
    this.scores = scores;
    this.outcomes = List.copyOf(outcomes);
  }

  /** Writes the three files into {@code dir}, creating it. */
  public void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("report.md"), markdown(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("report.html"), html(), StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("outcomes.json"),
        dev.lakeops.tools.Json.mapper()
            .writerWithDefaultPrettyPrinter()
            .writeValueAsString(outcomes),
        StandardCharsets.UTF_8);
  }

  /** The headline figures, one per line, as README shows them. */
  public String summary() {
    Scores s = scores;
    return String.format(
        Locale.ROOT,
        "runs %d; category accuracy %s (%d/%d); entity precision %.3f, recall %.3f, F1 %.3f;"
            + " evidence validity %s; tool calls %.1f per triage; safety violations %d;"
            + " no-fault false positives %s (%d/%d); injected runs right %d/%d;"
            + " triage p50 %.1f ms, p95 %.1f ms",
        s.runs(),
        pct(s.accuracy()),
        s.correct(),
        s.runs(),
        s.entityPrecision(),
        s.entityRecall(),
        s.entityF1(),
        pct(s.evidenceValidity()),
        s.meanToolCalls(),
        s.violations(),
        pct(s.falsePositiveRate()),
        s.falsePositives(),
        s.noFaultRuns(),
        s.injectedCorrect(),
        s.injectedRuns(),
        s.latency(0.5),
        s.latency(0.95));
  }

  public String markdown() {
    Scores s = scores;
    StringBuilder b = new StringBuilder();
    b.append("# ").append(title).append("\n\n");
    b.append("| figure | value |\n|---|---|\n");
    row(b, "runs", Integer.toString(s.runs()));
    row(b, "category accuracy", pct(s.accuracy()) + " (" + s.correct() + "/" + s.runs() + ")");
    row(
        b,
        "entity precision / recall / F1",
        f3(s.entityPrecision()) + " / " + f3(s.entityRecall()) + " / " + f3(s.entityF1()));
    row(
        b,
        "evidence validity",
        pct(s.evidenceValidity())
            + " ("
            + s.invalidCitations()
            + " of "
            + s.citations()
            + " cited ids returned by no tool)");
    row(b, "tool calls per triage", String.format(Locale.ROOT, "%.1f", s.meanToolCalls()));
    row(b, "expected tools not called", Integer.toString(s.missingTools()));
    row(b, "safety violations", Integer.toString(s.violations()));
    row(
        b,
        "no-fault false positives",
        pct(s.falsePositiveRate()) + " (" + s.falsePositives() + "/" + s.noFaultRuns() + ")");
    row(b, "prompt-injected runs right", s.injectedCorrect() + "/" + s.injectedRuns());
    row(
        b,
        "triage latency p50 / p95 / max",
        String.format(
            Locale.ROOT, "%.1f / %.1f / %.1f ms", s.latency(0.5), s.latency(0.95), s.latency(1.0)));
    b.append(
        "\n## Accuracy per family\n\n| family | right | runs | accuracy |\n|---|---|---|---|\n");
    s.byFamily()
        .forEach(
            (f, c) ->
                b.append("| ")
                    .append(f)
                    .append(" | ")
                    .append(c[0])
                    .append(" | ")
                    .append(c[1])
                    .append(" | ")
                    .append(pct((double) c[0] / c[1]))
                    .append(" |\n"));
    b.append("\n## Confusion matrix (rows: expected, columns: answered)\n\n");
    List<String> cats = s.categories();
    b.append("| expected \\ answered |");
    cats.forEach(c -> b.append(' ').append(c).append(" |"));
    b.append("\n|---|");
    cats.forEach(c -> b.append("---|"));
    b.append('\n');
    for (String e : s.confusion().keySet()) {
      b.append("| ").append(e).append(" |");
      for (String a : cats) {
        Integer n = s.confusion().get(e).get(a);
        b.append(' ').append(n == null ? "" : n.toString()).append(" |");
      }
      b.append('\n');
    }
    List<Outcome> wrong =
        outcomes.stream()
            .filter(
                o ->
                    !o.correct()
                        || !o.violations().isEmpty()
                        || !o.invalidEvidence().isEmpty()
                        || o.entitiesMissed() > 0)
            .toList();
    b.append("\n## Runs that missed (").append(wrong.size()).append(")\n\n");
    if (wrong.isEmpty()) {
      b.append("None.\n");
    } else {
      b.append(
          "| run | expected | answered | entities missed | invalid evidence | violations | headline"
              + " |\n"
              + "|---|---|---|---|---|---|---|\n");
      for (Outcome o : wrong) {
        b.append("| ")
            .append(o.run())
            .append(" | ")
            .append(o.expected())
            .append(" | ")
            .append(o.actual())
            .append(" | ")
            .append(o.entitiesMissed())
            .append(" | ")
            .append(String.join(", ", o.invalidEvidence()))
            .append(" | ")
            .append(String.join("; ", o.violations()))
            .append(" | ")
            .append(cell(o.named() + " " + o.headline()))
            .append(" |\n");
      }
    }
    return b.toString();
  }

  public String html() {
    Scores s = scores;
    StringBuilder b = new StringBuilder();
    b.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        .append(esc(title))
        .append(
            "</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;"
                + "text-align:left}svg text{font-size:11px}</style></head><body>\n");
    b.append("<h1>").append(esc(title)).append("</h1>\n<table>");
    for (String line : summary().split("; ")) {
      int space = line.lastIndexOf(' ');
      b.append("<tr><td>").append(esc(line)).append("</td></tr>");
    }
    b.append("</table>\n<h2>Accuracy per family</h2>\n").append(familyChart());
    b.append("\n<h2>Confusion matrix</h2>\n").append(confusionChart());
    b.append("\n<h2>Triage latency</h2>\n").append(latencyChart());
    b.append(
        "\n<h2>Runs</h2>\n<table><tr><th>run</th><th>expected</th><th>answered</th>"
            + "<th>entities right/missed</th><th>tools</th><th>violations</th></tr>\n");
    for (Outcome o : outcomes) {
      b.append("<tr")
          .append(o.correct() ? "" : " style=\"background:#fde\"")
          .append("><td>")
          .append(esc(o.run()))
          .append("</td><td>")
          .append(o.expected())
          .append("</td><td>")
          .append(o.actual())
          .append("</td><td>")
          .append(o.entitiesRight())
          .append('/')
          .append(o.entitiesMissed())
          .append("</td><td>")
          .append(esc(String.join(" → ", o.tools())))
          .append("</td><td>")
          .append(esc(String.join("; ", o.violations())))
          .append("</td></tr>\n");
    }
    b.append("</table>\n</body></html>\n");
    return b.toString();
  }

  /** Horizontal bars, one per family, length = accuracy. */
  String familyChart() {
    Map<String, int[]> f = scores.byFamily();
    int rowH = 20;
    int w = 640;
    int label = 200;
    StringBuilder b = new StringBuilder();
    b.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"accuracy per"
                + " family\" width=\"")
        .append(w)
        .append("\" height=\"")
        .append(rowH * f.size() + 10)
        .append("\">");
    int y = 0;
    for (Map.Entry<String, int[]> e : f.entrySet()) {
      double acc = (double) e.getValue()[0] / e.getValue()[1];
      int len = (int) Math.round((w - label - 130) * acc);
      b.append("<text x=\"0\" y=\"")
          .append(y + 14)
          .append("\">")
          .append(esc(e.getKey()))
          .append("</text>");
      b.append("<rect class=\"bar\" x=\"")
          .append(label)
          .append("\" y=\"")
          .append(y + 3)
          .append("\" width=\"")
          .append(len)
          .append("\" height=\"")
          .append(rowH - 6)
          .append("\" fill=\"")
          .append(acc >= 0.95 ? "#2a7" : acc >= 0.8 ? "#db3" : "#c33")
          .append("\"/>");
      b.append("<text x=\"")
          .append(label + len + 4)
          .append("\" y=\"")
          .append(y + 14)
          .append("\">")
          .append(pct(acc))
          .append(" (")
          .append(e.getValue()[0])
          .append('/')
          .append(e.getValue()[1])
          .append(")</text>");
      y += rowH;
    }
    return b.append("</svg>").toString();
  }

  /** A grid: expected categories down, answered across, cells shaded by count. */
  String confusionChart() {
    List<String> cats = scores.categories();
    int cell = 26;
    int label = 170;
    int top = 150;
    int size = cats.size();
    StringBuilder b = new StringBuilder();
    b.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"confusion matrix\""
                + " width=\"")
        .append(label + cell * size + 110)
        .append("\" height=\"")
        .append(top + cell * size + 10)
        .append("\">");
    int max = 1;
    for (Map<String, Integer> m : scores.confusion().values()) {
      for (int n : m.values()) {
        max = Math.max(max, n);
      }
    }
    for (int j = 0; j < size; j++) {
      int x = label + j * cell + cell / 2;
      b.append("<text transform=\"translate(")
          .append(x)
          .append(',')
          .append(top - 4)
          .append(") rotate(-60)\">")
          .append(esc(cats.get(j)))
          .append("</text>");
    }
    for (int i = 0; i < size; i++) {
      String e = cats.get(i);
      int y = top + i * cell;
      b.append("<text x=\"0\" y=\"").append(y + 17).append("\">").append(esc(e)).append("</text>");
      for (int j = 0; j < size; j++) {
        Integer n = scores.confusion().getOrDefault(e, Map.of()).get(cats.get(j));
        int v = n == null ? 0 : n;
        double shade = (double) v / max;
        String fill =
            v == 0
                ? "#f6f6f6"
                : i == j ? rgb(0x22, 0x99, 0x66, shade) : rgb(0xcc, 0x33, 0x33, shade);
        b.append("<rect class=\"cell\" x=\"")
            .append(label + j * cell)
            .append("\" y=\"")
            .append(y)
            .append("\" width=\"")
            .append(cell - 2)
            .append("\" height=\"")
            .append(cell - 2)
            .append("\" fill=\"")
            .append(fill)
            .append("\"><title>")
            .append(esc(e))
            .append(" → ")
            .append(esc(cats.get(j)))
            .append(": ")
            .append(v)
            .append("</title></rect>");
        if (v > 0) {
          b.append("<text x=\"")
              .append(label + j * cell + 5)
              .append("\" y=\"")
              .append(y + 17)
              .append("\">")
              .append(v)
              .append("</text>");
        }
      }
    }
    return b.append("</svg>").toString();
  }

  /** A histogram of triage latencies on a log scale of milliseconds. */
  String latencyChart() {
    List<Double> l = scores.latencies();
    double[] edges = {0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, Double.MAX_VALUE};
    int[] counts = new int[edges.length - 1];
    for (double v : l) {
      for (int i = 0; i < counts.length; i++) {
        if (v >= edges[i] && v < edges[i + 1]) {
          counts[i]++;
          break;
        }
      }
    }
    int max = 1;
    for (int c : counts) {
      max = Math.max(max, c);
    }
    int barW = 60;
    int h = 160;
    StringBuilder b = new StringBuilder();
    b.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"latency"
                + " distribution\" width=\"")
        .append(barW * counts.length + 20)
        .append("\" height=\"")
        .append(h + 40)
        .append("\">");
    for (int i = 0; i < counts.length; i++) {
      int bh = (int) Math.round((double) counts[i] / max * h);
      int x = 10 + i * barW;
      b.append("<rect class=\"bin\" x=\"")
          .append(x)
          .append("\" y=\"")
          .append(h - bh + 10)
          .append("\" width=\"")
          .append(barW - 4)
          .append("\" height=\"")
          .append(bh)
          .append("\" fill=\"#37a\"><title>")
          .append(bin(edges, i))
          .append(": ")
          .append(counts[i])
          .append("</title></rect>");
      b.append("<text x=\"")
          .append(x)
          .append("\" y=\"")
          .append(h + 24)
          .append("\">")
          .append(bin(edges, i))
          .append("</text>");
      if (counts[i] > 0) {
        b.append("<text x=\"")
            .append(x + 4)
            .append("\" y=\"")
            .append(h - bh + 6)
            .append("\">")
            .append(counts[i])
            .append("</text>");
      }
    }
    return b.append("</svg>").toString();
  }

  private static String bin(double[] edges, int i) {
    return edges[i + 1] == Double.MAX_VALUE
        ? "≥" + (int) edges[i] + "ms"
        : "<" + (int) edges[i + 1] + "ms";
  }

  private static String rgb(int r, int g, int b, double shade) {
    double a = 0.25 + 0.75 * shade;
    return String.format(
        Locale.ROOT,
        "#%02x%02x%02x",
        (int) (255 - (255 - r) * a),
        (int) (255 - (255 - g) * a),
        (int) (255 - (255 - b) * a));
  }

  private static void row(StringBuilder b, String k, String v) {
    b.append("| ").append(k).append(" | ").append(v).append(" |\n");
  }

  /** {@code v} as a percentage with one decimal: {@code 95.8 %}. */
  public static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * v);
  }

  private static String f3(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String cell(String s) {
    String one = s.replace('\n', ' ').replace("|", "\\|");
    return one.length() > 140 ? one.substring(0, 137) + "..." : one;
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
