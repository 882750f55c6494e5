package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two pictures of a table's buckets, from the compaction backlog's {@code table.compaction.buckets}
 * finding: the bucket sizes as bars, largest first, the rest as one bar of their mean (skew shows
 * as one bar far above the mean line); and the sorted runs per bucket, level-0 files in them,
 * against {@code num-sorted-run.compaction-trigger} and {@code num-sorted-run.stop-trigger} (where
 * writers stall), for primary-key tables.
 */
public final class BucketPictures implements PictureSource {

  static final String SIZES_ID = "table-buckets";
  static final String RUNS_ID = "table-level0";

  /** Tables drawn per incident. */
  static final int MAX_TABLES = 3;

  private static final int WIDTH = 960;
  private static final int LEFT = 70;
  private static final int RIGHT = 24;

  private static final String BAR = "#3182ce";
  private static final String SKEWED = "#e53e3e";
  private static final String OTHERS = "#a0aec0";
  private static final String LEVEL0 = "#dd6b20";
  private static final String TRIGGER = "#d69e2e";
  private static final String STOP = "#e53e3e";

  /** A bucket's figures as the analyzer writes them. */
  private static final Pattern FIGURES =
      Pattern.compile(
          "files=(\\d+) level0=(\\d+) sortedRuns=(\\d+) small=(\\d+) bytes=(\\d+) maxLevel=(\\d+)");

  record Size(String bucket, long bytes) {}

  record Runs(String bucket, int level0, int sortedRuns, int files) {}

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    List<Picture> pictures = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int n = 0;
    for (ToolReport t : ReportData.reportsOf(report, TableTools.COMPACTION_BACKLOG)) {
      String table = t.params().getOrDefault("table", "");
      if (n == MAX_TABLES || !seen.add(t.params().getOrDefault("location", table))) {
        continue;
      }
      var buckets = ReportData.first(t, "table.compaction.buckets");
      if (buckets.isEmpty()) {
        continue;
      }
      Finding f = buckets.get();
      sizes(ReportData.id(SIZES_ID, n), table, f, texts).ifPresent(pictures::add);
      runs(ReportData.id(RUNS_ID, n), table, t, f, texts).ifPresent(pictures::add);
      n++;
    }
    return pictures;
  }

  /** The {@code size <bucket>} entries of the buckets finding, largest first. */
  static List<Size> sizes(Finding f) {
    List<Size> out = new ArrayList<>();
    for (Map.Entry<String, String> e : f.evidence().entrySet()) {
      if (e.getKey().startsWith("size ")) {
        ReportData.number(e.getValue())
            .ifPresent(b -> out.add(new Size(e.getKey().substring("size ".length()), b)));
      }
    }
    out.sort((a, b) -> Long.compare(b.bytes(), a.bytes()));
    return out;
  }

  /** The buckets listed with their figures, most sorted runs first. */
  static List<Runs> runs(Finding f) {
    List<Runs> out = new ArrayList<>();
    for (Map.Entry<String, String> e : f.evidence().entrySet()) {
      Matcher m = FIGURES.matcher(e.getValue());
      if (m.matches()) {
        try {
          out.add(
              new Runs(
                  e.getKey(),
                  Integer.parseInt(m.group(2)),
                  Integer.parseInt(m.group(3)),
                  Integer.parseInt(m.group(1))));
        } catch (NumberFormatException ex) {
          // a figure beyond int is left out of the picture
        }
      }
    }
    return out;
  }

  private static java.util.Optional<Picture> sizes(
      String id, String table, Finding f, PictureTexts texts) {
    List<Size> sizes = sizes(f);
    if (sizes.isEmpty()) {
      return java.util.Optional.empty();
    }
    long others = ReportData.number(f, "sizeOtherBuckets").orElse(0);
    long otherBytes = ReportData.number(f, "sizeOtherBytes").orElse(0);
    long buckets = sizes.size() + others;
    long total =
        ReportData.number(f, "sizeTotalBytes")
            .orElse(sizes.stream().mapToLong(Size::bytes).sum() + otherBytes);
    double mean = buckets == 0 ? 0 : (double) total / buckets;
    int bars = sizes.size() + (others > 0 ? 1 : 0);
    int top = 16;
    int plot = 180;
    int height = top + plot + 40;
    long max = Math.max(1, sizes.get(0).bytes());
    Size largest = sizes.get(0);
    String alt =
        ReportData.format(
            texts,
            "picture.buckets.alt",
            buckets,
            table,
            largest.bucket(),
            bytes(largest.bytes()),
            bytes(Math.round(mean)),
            mean == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f", largest.bytes() / mean));
    Svg svg = new Svg(WIDTH, height, alt);
    double slot = (double) (WIDTH - LEFT - RIGHT) / Math.max(bars, 8);
    double bottom = top + plot;
    svg.line(LEFT, bottom, WIDTH - RIGHT, bottom, "#4a5568", 1);
    svg.line(LEFT, top, LEFT, bottom, "#4a5568", 1);
    svg.text(LEFT - 6, top + 10, bytes(max), "end", "#4a5568", 12);
    svg.text(LEFT - 6, bottom, "0", "end", "#4a5568", 4);
    for (int i = 0; i < sizes.size(); i++) {
      Size s = sizes.get(i);
      double h = plot * (double) s.bytes() / max;
      boolean skewed = mean > 0 && s.bytes() > 2 * mean;
      svg.rect(
          LEFT + i * slot + 1,
          bottom - h,
          Math.max(1, slot - 2),
          h,
          skewed ? SKEWED : BAR,
          null,
          0,
          ReportData.format(texts, "picture.buckets.bar", s.bucket(), bytes(s.bytes()), s.bytes()));
      if (slot >= 40) {
        svg.text(
            LEFT + i * slot + slot / 2,
            bottom + 14,
            shortName(s.bucket()),
            "middle",
            "#2d3748",
            (int) (slot / 7));
      }
    }
    if (others > 0) {
      double each = (double) otherBytes / others;
      double h = plot * each / max;
      String label = ReportData.format(texts, "picture.buckets.others", others);
      svg.rect(
          LEFT + sizes.size() * slot + 1,
          bottom - h,
          Math.max(1, slot - 2),
          h,
          OTHERS,
          null,
          0,
          label + ": " + bytes(Math.round(each)) + " (" + bytes(otherBytes) + ")");
    }
    double meanY = bottom - plot * mean / max;
    svg.group(ReportData.format(texts, "picture.buckets.mean", bytes(Math.round(mean))));
    svg.line(LEFT, meanY, WIDTH - RIGHT, meanY, "#2d3748", 1);
    svg.text(
        WIDTH - RIGHT,
        meanY - 4,
        ReportData.format(texts, "picture.buckets.mean", bytes(Math.round(mean))),
        "end",
        "#2d3748",
        40);
    svg.end();
    svg.text(
        LEFT,
        height - 6,
        ReportData.format(texts, "picture.buckets.axis", buckets),
        "start",
        "#4a5568",
        90);
    return java.util.Optional.of(
        new Picture(
            id, ReportData.format(texts, "picture.buckets.title", table), alt, svg.toSvg()));
  }

  private static java.util.Optional<Picture> runs(
      String id, String table, ToolReport report, Finding f, PictureTexts texts) {
    if ("append".equals(f.evidence().get("tableType"))) {
      return java.util.Optional.empty();
    }
    OptionalLong stop = option(report, f, "num-sorted-run.stop-trigger");
    OptionalLong trigger = option(report, f, "num-sorted-run.compaction-trigger");
    List<Runs> runs = runs(f);
    if (stop.isEmpty() || runs.isEmpty()) {
      return java.util.Optional.empty();
    }
    int rowHeight = 22;
    int top = 24;
    int left = 220;
    int height = top + runs.size() * rowHeight + 44;
    int maxRuns = runs.stream().mapToInt(Runs::sortedRuns).max().orElse(0);
    double scaleMax = Math.max(maxRuns, stop.getAsLong() + 1);
    double plotWidth = WIDTH - left - RIGHT;
    long stalled = runs.stream().filter(r -> r.sortedRuns() >= stop.getAsLong()).count();
    String alt =
        ReportData.format(
            texts,
            "picture.level0.alt",
            table,
            runs.get(0).bucket(),
            runs.get(0).sortedRuns(),
            runs.get(0).level0(),
            trigger.isPresent() ? trigger.getAsLong() : "-",
            stop.getAsLong(),
            stalled);
    Svg svg = new Svg(WIDTH, height, alt);
    for (int i = 0; i < runs.size(); i++) {
      Runs r = runs.get(i);
      double y = top + i * rowHeight;
      double w = plotWidth * r.sortedRuns() / scaleMax;
      double w0 = plotWidth * Math.min(r.level0(), r.sortedRuns()) / scaleMax;
      boolean atStop = r.sortedRuns() >= stop.getAsLong();
      boolean atTrigger = trigger.isPresent() && r.sortedRuns() >= trigger.getAsLong();
      svg.group(
          ReportData.format(
              texts, "picture.level0.bar", r.bucket(), r.sortedRuns(), r.level0(), r.files()));
      svg.text(left - 8, y + 15, r.bucket(), "end", "#2d3748", 32);
      svg.rect(
          left,
          y + 3,
          w,
          rowHeight - 6,
          atStop ? "#feb2b2" : atTrigger ? "#fefcbf" : "#bee3f8",
          null,
          0,
          null);
      svg.rect(left, y + 3, w0, rowHeight - 6, LEVEL0, null, 0, null);
      svg.end();
    }
    double bottom = top + runs.size() * rowHeight;
    if (trigger.isPresent()) {
      double x = left + plotWidth * trigger.getAsLong() / scaleMax;
      String label = ReportData.format(texts, "picture.level0.trigger", trigger.getAsLong());
      svg.group(label);
      svg.line(x, top - 4, x, bottom, TRIGGER, 2);
      svg.text(x - 4, bottom + 16, label, "end", TRIGGER, 40);
      svg.end();
    }
    double x = left + plotWidth * stop.getAsLong() / scaleMax;
    String label = ReportData.format(texts, "picture.level0.stop", stop.getAsLong());
    svg.group(label);
    svg.line(x, top - 8, x, bottom, STOP, 2.5);
    svg.text(
        x + 4, top - 10 < 10 ? 12 : top - 10, label, x > WIDTH * 0.6 ? "end" : "start", STOP, 50);
    svg.end();
    svg.rect(left, height - 18, 12, 10, LEVEL0, null, 0, null);
    svg.text(left + 16, height - 8, texts.t("picture.level0.legend"), "start", "#2d3748", 80);
    return java.util.Optional.of(
        new Picture(id, ReportData.format(texts, "picture.level0.title", table), alt, svg.toSvg()));
  }

  /** An option from the buckets finding, else from any finding of the same report that has it. */
  private static OptionalLong option(ToolReport report, Finding f, String key) {
    OptionalLong v = ReportData.number(f, key);
    if (v.isPresent()) {
      return v;
    }
    for (Finding other : report.findings()) {
      v = ReportData.number(other, key);
      if (v.isPresent()) {
        return v;
      }
    }
    return OptionalLong.empty();
  }

  /**
   * {@code 2024-01-01/b3} of {@code dt=2024-01-01/bucket-3}: partition values and bucket, the axis
   * label; the whole name on hover.
   */
  static String shortName(String bucket) {
    String[] parts = bucket.split("/");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i];
      if (i == parts.length - 1) {
        b.append(p.startsWith("bucket-") ? "b" + p.substring("bucket-".length()) : p);
      } else {
        int eq = p.indexOf('=');
        b.append(eq < 0 ? p : p.substring(eq + 1)).append('/');
      }
    }
    return b.toString();
  }

  /** Bytes for people: {@code 12.3 MiB}. */
  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
