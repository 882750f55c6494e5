package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.PictureEvidence.fields;
import static dev.lakeops.agent.console.picture.PictureEvidence.figure;
import static dev.lakeops.agent.console.picture.PictureEvidence.text;
import static dev.lakeops.agent.console.picture.PictureEvidence.whole;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A consumer group's lag: per partition as bars (the largest {@link #MAX_BARS}, the rest summed as
 * "others"), the total over the probe window as a line, and where a transaction is open the last
 * stable offset against the high watermark. Reads the {@code lagByPartition}, {@code lagOthers},
 * {@code totalLagTrend}, {@code sampleSeconds} and {@code partition[...]} evidence of the lag
 * analyzer's status finding.
 */
final class KafkaLagPicture implements PictureSource {

  /** Partitions drawn as their own bar. */
  static final int MAX_BARS = 60;

  /** Partitions with an open transaction drawn. */
  static final int MAX_TRANSACTIONS = 10;

  static final String LAG_FILL = "#1e88e5";
  static final String OTHERS_FILL = "#90a4ae";
  static final String HELD_FILL = "#fb8c00";

  record Bar(String name, long lag, int partitions) {}

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    Optional<Finding> f = PictureEvidence.withKey(report, "lagByPartition");
    if (f.isEmpty()) {
      return List.of();
    }
    Map<String, String> e = f.get().evidence();
    String group = e.getOrDefault("group", "?");
    List<Picture> pictures = new ArrayList<>();
    List<Bar> bars = bars(e.get("lagByPartition"), e.get("lagOthers"));
    if (!bars.isEmpty()) {
      pictures.add(perPartition(group, bars, texts));
    }
    trend(group, e, texts).ifPresent(pictures::add);
    transactions(group, e, texts).ifPresent(pictures::add);
    return pictures;
  }

  static List<Bar> bars(String byPartition, String others) {
    List<Bar> bars = new ArrayList<>();
    if (byPartition != null) {
      for (String entry : byPartition.split(" ")) {
        int eq = entry.lastIndexOf('=');
        long lag = eq < 0 ? -1 : whole(entry.substring(eq + 1), -1);
        if (lag >= 0) {
          bars.add(new Bar(decode(entry.substring(0, eq)), lag, 1));
        }
      }
    }
    bars.sort((a, b) -> Long.compare(b.lag(), a.lag()));
    long restLag = 0;
    int restCount = 0;
    if (bars.size() > MAX_BARS) {
      for (Bar b : bars.subList(MAX_BARS, bars.size())) {
        restLag += b.lag();
        restCount++;
      }
      bars = new ArrayList<>(bars.subList(0, MAX_BARS));
    }
    if (others != null) {
      Map<String, String> o = fields(others, null);
      restLag += Math.max(0, whole(o.get("lag"), 0));
      restCount += (int) Math.max(0, whole(o.get("partitions"), 0));
    }
    if (restCount > 0) {
      bars.add(new Bar(null, restLag, restCount));
    }
    return bars;
  }

  /** Undoes the analyzer's percent-encoding of {@code %}, space and {@code =}. */
  static String decode(String name) {
    return name.replace("%20", " ").replace("%3D", "=").replace("%25", "%");
  }

  static Picture perPartition(String group, List<Bar> bars, PictureTexts texts) {
    int left = 64;
    int top = 16;
    int plotH = 160;
    int n = bars.size();
    double barW = Math.max(6, Math.min(40, 720.0 / n - 2));
    int width = (int) Math.max(360, left + n * (barW + 2) + 24);
    int height = top + plotH + 40;
    long max = Math.max(1, bars.stream().mapToLong(Bar::lag).max().orElse(1));
    long total = bars.stream().mapToLong(Bar::lag).sum();
    int partitions = bars.stream().mapToInt(Bar::partitions).sum();
    Bar worst = bars.get(0);
    String alt =
        text(
            texts,
            "picture.kafka.lag.alt",
            group,
            partitions,
            total,
            worst.name() == null ? texts.t("picture.kafka.lag.others-short") : worst.name(),
            worst.lag());
    Svg svg = new Svg(width, height, alt);
    double bottom = top + plotH;
    svg.line(left, top, left, bottom, "#90a4ae", 1)
        .line(left, bottom, width - 8, bottom, "#90a4ae", 1)
        .text(left - 6, top + 10, Long.toString(max), "end", "#455a64", 10)
        .text(left - 6, bottom, "0", "end", "#455a64", 4);
    for (int i = 0; i < n; i++) {
      Bar b = bars.get(i);
      double x = left + 4 + i * (barW + 2);
      double h = Math.max(1, plotH * (double) b.lag() / max);
      String label =
          b.name() == null
              ? text(texts, "picture.kafka.lag.others", b.partitions(), b.lag())
              : text(texts, "picture.kafka.lag.bar", b.name(), b.lag());
      svg.rect(x, bottom - h, barW, h, b.name() == null ? OTHERS_FILL : LAG_FILL, null, 0, label);
      if (barW >= 24) {
        String shown =
            b.name() == null ? texts.t("picture.kafka.lag.others-short") : shortName(b.name());
        svg.text(x + barW / 2, bottom + 14, shown, "middle", "#455a64", (int) (barW / 6));
      }
    }
    svg.text(
        left,
        height - 6,
        text(texts, "picture.kafka.lag.axis", partitions),
        "start",
        "#455a64",
        90);
    return new Picture(
        "kafka-lag", text(texts, "picture.kafka.lag.title", group), alt, svg.toSvg());
  }

  /** The partition number of {@code topic-3}, which is what differs between bars. */
  private static String shortName(String name) {
    int dash = name.lastIndexOf('-');
    return dash < 0 ? name : "#" + name.substring(dash + 1);
  }

  static Optional<Picture> trend(String group, Map<String, String> e, PictureTexts texts) {
    String lags = e.get("totalLagTrend");
    String seconds = e.get("sampleSeconds");
    if (lags == null || seconds == null) {
      return Optional.empty();
    }
    String[] l = lags.split(">");
    String[] s = seconds.split(">");
    int n = Math.min(Math.min(l.length, s.length), 500);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double lag = PictureEvidence.number(l[i]);
      double t = PictureEvidence.number(s[i]);
      if (!Double.isNaN(lag) && !Double.isNaN(t)) {
        points.add(new double[] {t, lag});
      }
    }
    if (points.size() < 2) {
      return Optional.empty();
    }
    double span = Math.max(1e-9, points.get(points.size() - 1)[0] - points.get(0)[0]);
    double max = Math.max(1, points.stream().mapToDouble(p -> p[1]).max().orElse(1));
    int left = 64;
    int top = 16;
    int plotW = 520;
    int plotH = 120;
    int width = left + plotW + 24;
    int height = top + plotH + 40;
    double first = points.get(0)[1];
    double last = points.get(points.size() - 1)[1];
    String alt =
        text(
            texts,
            "picture.kafka.trend.alt",
            group,
            figure(first),
            figure(last),
            figure(span),
            points.size());
    Svg svg = new Svg(width, height, alt);
    double bottom = top + plotH;
    svg.line(left, top, left, bottom, "#90a4ae", 1)
        .line(left, bottom, left + plotW, bottom, "#90a4ae", 1)
        .text(left - 6, top + 10, figure(max), "end", "#455a64", 10)
        .text(left - 6, bottom, "0", "end", "#455a64", 4)
        .text(left, bottom + 16, "0 s", "start", "#455a64", 10)
        .text(left + plotW, bottom + 16, figure(span) + " s", "end", "#455a64", 12);
    double[] xy = new double[points.size() * 2];
    for (int i = 0; i < points.size(); i++) {
      xy[2 * i] = left + plotW * (points.get(i)[0] - points.get(0)[0]) / span;
      xy[2 * i + 1] = bottom - plotH * points.get(i)[1] / max;
    }
    svg.polyline(xy, LAG_FILL, 2, null);
    for (int i = 0; i < points.size(); i++) {
      svg.circle(
          xy[2 * i],
          xy[2 * i + 1],
          3.5,
          LAG_FILL,
          text(
              texts,
              "picture.kafka.trend.point",
              figure(points.get(i)[0] - points.get(0)[0]),
              figure(points.get(i)[1])));
    }
    svg.text(left, height - 4, texts.t("picture.kafka.trend.axis"), "start", "#455a64", 90);
    return Optional.of(
        new Picture(
            "kafka-lag-trend", text(texts, "picture.kafka.trend.title", group), alt, svg.toSvg()));
  }

  /** Partitions whose last stable offset is below the high watermark: an open transaction. */
  static Optional<Picture> transactions(String group, Map<String, String> e, PictureTexts texts) {
    List<String[]> rows = new ArrayList<>();
    for (Map.Entry<String, String> x : e.entrySet()) {
      String k = x.getKey();
      if (!k.startsWith("partition[") || !k.endsWith("]") || rows.size() == MAX_TRANSACTIONS) {
        continue;
      }
      Map<String, String> p = fields(x.getValue(), null);
      long lso = whole(p.get("lastStable"), -1);
      long hw = whole(p.get("highWatermark"), -1);
      long committed = whole(p.get("committed"), -1);
      if (lso >= 0 && hw > lso && committed >= 0) {
        rows.add(
            new String[] {
              k.substring(10, k.length() - 1),
              Long.toString(committed),
              Long.toString(lso),
              Long.toString(hw)
            });
      }
    }
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    int left = 150;
    int plotW = 440;
    int rowH = 34;
    int width = left + plotW + 24;
    int height = 24 + rows.size() * rowH + 28;
    String alt = text(texts, "picture.kafka.lso.alt", group, rows.size());
    StringBuilder numbers = new StringBuilder();
    for (String[] r : rows) {
      numbers.append(' ').append(text(texts, "picture.kafka.lso.row", r[0], r[1], r[2], r[3]));
    }
    alt += numbers;
    Svg svg = new Svg(width, height, alt);
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      long committed = Long.parseLong(r[1]);
      long lso = Long.parseLong(r[2]);
      long hw = Long.parseLong(r[3]);
      long from = Math.min(committed, lso);
      double span = Math.max(1, hw - from);
      double y = 24 + i * rowH;
      double xLso = left + plotW * (lso - from) / span;
      double xCommitted = left + plotW * (committed - from) / span;
      svg.text(left - 8, y + 14, r[0], "end", "#263238", 22);
      svg.rect(
          xCommitted,
          y,
          Math.max(0, xLso - xCommitted),
          18,
          LAG_FILL,
          null,
          0,
          text(texts, "picture.kafka.lso.readable", lso - committed));
      svg.rect(
          xLso,
          y,
          left + plotW - xLso,
          18,
          HELD_FILL,
          null,
          0,
          text(texts, "picture.kafka.lso.held", hw - lso, lso, hw));
      svg.line(xLso, y - 4, xLso, y + 22, "#263238", 2);
    }
    double legendY = height - 10;
    svg.rect(left, legendY - 10, 12, 12, LAG_FILL, null, 0, null)
        .text(
            left + 18,
            legendY,
            texts.t("picture.kafka.lso.legend-readable"),
            "start",
            "#263238",
            40)
        .rect(left + 230, legendY - 10, 12, 12, HELD_FILL, null, 0, null)
        .text(
            left + 248, legendY, texts.t("picture.kafka.lso.legend-held"), "start", "#263238", 40);
    return Optional.of(
        new Picture("kafka-lso", text(texts, "picture.kafka.lso.title", group), alt, svg.toSvg()));
  }
}
