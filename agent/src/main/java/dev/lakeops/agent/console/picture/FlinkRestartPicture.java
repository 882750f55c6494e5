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
 * A Flink job's failures on a time axis over the restart analyzer's window, now at the right: one
 * mark per failover. Drawn for a restart loop or a recent restart, from the {@code failuresAgoMs}
 * and {@code windowMs} evidence.
 */
final class FlinkRestartPicture implements PictureSource {

  static final String MARK_FILL = "#c62828";

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    Optional<Finding> f =
        PictureEvidence.findings(report).stream()
            .filter(
                x ->
                    x.code().equals("flink.restart.loop")
                        || x.code().equals("flink.restart.recent"))
            .filter(x -> x.evidence().containsKey("failuresAgoMs"))
            .findFirst();
    if (f.isEmpty()) {
      return List.of();
    }
    long window = whole(f.get().evidence().get("windowMs"), -1);
    List<Long> ago = new ArrayList<>();
    for (String s : f.get().evidence().get("failuresAgoMs").split(",")) {
      long ms = whole(s, -1);
      if (ms >= 0) {
        ago.add(ms);
      }
    }
    if (ago.isEmpty() || window <= 0) {
      return List.of();
    }
    return List.of(draw(f.get(), ago, window, texts));
  }

  static Picture draw(Finding f, List<Long> ago, long windowMs, PictureTexts texts) {
    String job = f.evidence().getOrDefault("job", "?");
    boolean loop = f.code().equals("flink.restart.loop");
    int width = 640;
    int height = 92;
    int left = 24;
    int right = width - 24;
    int axis = 44;
    String alt =
        text(
            texts,
            loop ? "picture.flink.restarts.alt-loop" : "picture.flink.restarts.alt",
            job,
            ago.size(),
            duration(windowMs),
            f.evidence().getOrDefault("numRestarts", "?"));
    Svg svg = new Svg(width, height, alt);
    svg.line(left, axis, right, axis, "#90a4ae", 2);
    for (int i = 0; i <= 4; i++) {
      double x = left + (right - left) * i / 4.0;
      long msAgo = windowMs * (4 - i) / 4;
      svg.line(x, axis - 4, x, axis + 4, "#90a4ae", 1)
          .text(
              x,
              axis + 20,
              msAgo == 0
                  ? texts.t("picture.flink.restarts.now")
                  : text(texts, "picture.flink.restarts.ago", duration(msAgo)),
              i == 0 ? "start" : i == 4 ? "end" : "middle",
              "#455a64",
              16);
    }
    for (long ms : ago) {
      double x = right - (right - left) * Math.min(1, (double) ms / windowMs);
      svg.line(x, axis - 16, x, axis, MARK_FILL, 2)
          .circle(
              x,
              axis - 18,
              5,
              MARK_FILL,
              text(texts, "picture.flink.restarts.failure", duration(ms)));
    }
    svg.text(
        left,
        14,
        text(texts, "picture.flink.restarts.count", ago.size(), duration(windowMs)),
        "start",
        "#263238",
        80);
    return new Picture(
        "flink-restarts", text(texts, "picture.flink.restarts.title", job), alt, svg.toSvg());
  }
}
