package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.PictureEvidence.duration;
import static dev.lakeops.agent.console.picture.PictureEvidence.text;
import static dev.lakeops.agent.console.picture.PictureEvidence.whole;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Flink job's recent checkpoints as bars: one per checkpoint, oldest left, its height the
 * end-to-end duration, failed ones red and crossed, the timeout as a line. Reads the {@code
 * checkpointHistory} evidence ({@code id:status:durationMs:triggeredMsAgo,...}) of the checkpoint
 * analyzer.
 */
final class FlinkCheckpointPicture implements PictureSource {

  /** Checkpoints drawn, the newest. */
  static final int MAX_CHECKPOINTS = 30;

  static final String FAILED_FILL = "#c62828";
  static final String COMPLETED_FILL = "#43a047";

  record Checkpoint(long id, String status, long durationMs, long agoMs) {
    boolean failed() {
      return "FAILED".equals(status);
    }
  }

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    Optional<Finding> f = PictureEvidence.withKey(report, "checkpointHistory");
    if (f.isEmpty()) {
      return List.of();
    }
    List<Checkpoint> history = read(f.get().evidence().get("checkpointHistory"));
    if (history.isEmpty()) {
      return List.of();
    }
    long timeout = whole(f.get().evidence().get("timeoutMs"), -1);
    return List.of(draw(f.get().evidence().getOrDefault("job", "?"), history, timeout, texts));
  }

  static List<Checkpoint> read(String value) {
    List<Checkpoint> out = new ArrayList<>();
    for (String entry : value.split(",")) {
      String[] p = entry.split(":");
      if (p.length == 4) {
        long id = whole(p[0], -1);
        long duration = whole(p[2], -1);
        if (id >= 0 && duration >= 0) {
          out.add(new Checkpoint(id, p[1], duration, whole(p[3], -1)));
        }
      }
    }
    return out.size() > MAX_CHECKPOINTS
        ? out.subList(out.size() - MAX_CHECKPOINTS, out.size())
        : out;
  }

  static Picture draw(String job, List<Checkpoint> history, long timeoutMs, PictureTexts texts) {
    int left = 64;
    int top = 16;
    int plotH = 160;
    int barW = 22;
    int width = Math.max(360, left + history.size() * (barW + 6) + 90);
    int height = top + plotH + 46;
    long max = Math.max(1, history.stream().mapToLong(Checkpoint::durationMs).max().orElse(1));
    long scale = Math.max(max, timeoutMs > 0 ? timeoutMs : 0);
    long failed = history.stream().filter(Checkpoint::failed).count();
    String alt =
        text(
            texts,
            "picture.flink.checkpoints.alt",
            job,
            history.size(),
            failed,
            duration(max),
            timeoutMs > 0 ? duration(timeoutMs) : "n/a");
    Svg svg = new Svg(width, height, alt);
    double bottom = top + plotH;
    svg.line(left, top, left, bottom, "#90a4ae", 1)
        .line(left, bottom, width - 8, bottom, "#90a4ae", 1);
    svg.text(left - 6, top + 10, duration(scale), "end", "#455a64", 12);
    svg.text(left - 6, bottom, "0", "end", "#455a64", 4);
    for (int i = 0; i < history.size(); i++) {
      Checkpoint c = history.get(i);
      double x = left + 8 + i * (barW + 6);
      double h = Math.max(2, plotH * (double) c.durationMs() / scale);
      String fill =
          c.failed() ? FAILED_FILL : "COMPLETED".equals(c.status()) ? COMPLETED_FILL : "#9e9e9e";
      String title =
          text(
              texts,
              "picture.flink.checkpoints.bar",
              c.id(),
              c.status(),
              duration(c.durationMs()),
              c.agoMs() >= 0 ? duration(c.agoMs()) : "?");
      svg.group(title).rect(x, bottom - h, barW, h, fill, null, 0, null);
      if (c.failed()) {
        svg.line(x + 4, bottom - h + 4, x + barW - 4, bottom - h + 14, "#ffffff", 2)
            .line(x + barW - 4, bottom - h + 4, x + 4, bottom - h + 14, "#ffffff", 2);
      }
      svg.end();
      if (history.size() <= 16 || i % 4 == 0) {
        svg.text(x + barW / 2.0, bottom + 14, Long.toString(c.id()), "middle", "#455a64", 8);
      }
    }
    if (timeoutMs > 0) {
      double y = bottom - plotH * (double) timeoutMs / scale;
      svg.line(left, y, width - 8, y, FAILED_FILL, 1.5)
          .text(
              width - 8,
              y - 4,
              text(texts, "picture.flink.checkpoints.timeout", duration(timeoutMs)),
              "end",
              FAILED_FILL,
              30);
    }
    svg.text(
        left,
        height - 8,
        text(texts, "picture.flink.checkpoints.axis", history.size()),
        "start",
        "#455a64",
        80);
    return new Picture(
        "flink-checkpoints", text(texts, "picture.flink.checkpoints.title", job), alt, svg.toSvg());
  }
}
