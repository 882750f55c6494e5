package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogFindings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A damaged binlog file as a horizontal strip from offset 4 (after the magic number) to its size:
 * the damaged spans in red, the end of the last complete transaction before the damage (the safe
 * restart position) in green, where valid events resume and where the next complete transaction
 * starts in blue, offsets on hover. Drawn from the verifier's first-bad-event finding ({@code
 * damagedSpans}), {@code binlog.restart-position} and {@code binlog.resync}; a clean file draws
 * nothing.
 */
public final class BinlogStripPictures implements PictureSource {

  static final String ID = "binlog-strip";

  /** Files drawn per incident. */
  static final int MAX_FILES = 3;

  /** The codes of a first bad event. */
  static final Set<String> DAMAGE =
      Set.of(
          BinlogFindings.BAD_MAGIC,
          BinlogFindings.TRUNCATED,
          BinlogFindings.HEADER_INVALID,
          BinlogFindings.CRC_MISMATCH,
          BinlogFindings.BODY_INVALID);

  private static final int WIDTH = 960;
  private static final int LEFT = 24;
  private static final int RIGHT = 24;
  private static final int STRIP_TOP = 46;
  private static final int STRIP = 34;
  private static final int HEIGHT = 150;

  private static final String VALID = "#c6f6d5";
  private static final String DAMAGED = "#e53e3e";
  private static final String RESTART = "#2f855a";
  private static final String RESUME = "#2b6cb0";

  record Span(long offset, long end) {}

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    List<Picture> pictures = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ToolReport t : ReportData.reportsOf(report, BinlogTools.VERIFY)) {
      if (pictures.size() == MAX_FILES) {
        break;
      }
      Optional<Finding> bad =
          t.findings().stream()
              .filter(f -> DAMAGE.contains(f.code()) && f.evidence().containsKey("offset"))
              .findFirst();
      if (bad.isEmpty() || !seen.add(bad.get().subject())) {
        continue;
      }
      picture(ReportData.id(ID, pictures.size()), t, bad.get(), texts).ifPresent(pictures::add);
    }
    return pictures;
  }

  /** The damaged spans: from {@code damagedSpans}, else the first one from offset to resync. */
  static List<Span> spans(Finding bad, OptionalLong resync, long size) {
    List<Span> spans = new ArrayList<>();
    String listed = bad.evidence().get("damagedSpans");
    if (listed != null && !listed.isBlank()) {
      for (String pair : listed.split(",")) {
        int dash = pair.indexOf('-');
        if (dash > 0) {
          OptionalLong from = ReportData.number(pair.substring(0, dash));
          OptionalLong to = ReportData.number(pair.substring(dash + 1));
          if (from.isPresent() && to.isPresent() && to.getAsLong() >= from.getAsLong()) {
            spans.add(new Span(from.getAsLong(), Math.min(size, to.getAsLong())));
          }
        }
      }
    }
    if (spans.isEmpty()) {
      long offset = ReportData.number(bad, "offset").orElse(0);
      spans.add(new Span(offset, Math.min(size, resync.orElse(size))));
    }
    return spans;
  }

  private static Optional<Picture> picture(
      String id, ToolReport report, Finding bad, PictureTexts texts) {
    OptionalLong size = ReportData.number(bad, "bytes");
    OptionalLong offset = ReportData.number(bad, "offset");
    if (size.isEmpty() || offset.isEmpty() || size.getAsLong() <= 0) {
      return Optional.empty();
    }
    Optional<Finding> restart = ReportData.first(report, BinlogFindings.RESTART_POSITION);
    Optional<Finding> resync = ReportData.first(report, BinlogFindings.RESYNC);
    OptionalLong restartAt =
        restart.map(f -> ReportData.number(f, "restartPosition")).orElse(OptionalLong.empty());
    OptionalLong resyncAt =
        resync.map(f -> ReportData.number(f, "resyncOffset")).orElse(OptionalLong.empty());
    OptionalLong resumeAt =
        resync.map(f -> ReportData.number(f, "resumeOffset")).orElse(OptionalLong.empty());
    String gtid = restart.map(f -> f.evidence().get("lastCommittedGtid")).orElse(null);
    String resumeGtid = resync.map(f -> f.evidence().get("resumeGtid")).orElse(null);
    long length = size.getAsLong();
    List<Span> spans = spans(bad, resyncAt, length);
    String file = report.params().getOrDefault("path", bad.subject().replaceFirst("^binlog ", ""));
    String name = file.substring(file.lastIndexOf('/') + 1);
    long start = Math.min(4, spans.get(0).offset());
    Scale scale = new Scale(start, Math.max(start + 1, length));

    StringBuilder alt =
        new StringBuilder(
            ReportData.format(
                texts,
                "picture.binlog.alt",
                file,
                length,
                spanText(spans),
                bad.evidence().getOrDefault("type", "?"),
                bad.code()));
    restartAt.ifPresent(
        r ->
            alt.append(' ')
                .append(
                    ReportData.format(
                        texts, "picture.binlog.restartAlt", r, gtid == null ? "-" : gtid)));
    resyncAt.ifPresent(
        r -> alt.append(' ').append(ReportData.format(texts, "picture.binlog.resumeAlt", r)));
    resumeAt.ifPresent(
        r ->
            alt.append(' ')
                .append(
                    ReportData.format(
                        texts,
                        "picture.binlog.nextAlt",
                        r,
                        resumeGtid == null ? "-" : resumeGtid)));

    Svg svg = new Svg(WIDTH, HEIGHT, alt.toString());
    double bottom = STRIP_TOP + STRIP;
    svg.rect(
        scale.x(start),
        STRIP_TOP,
        scale.x(length) - scale.x(start),
        STRIP,
        VALID,
        "#4a5568",
        1,
        ReportData.format(texts, "picture.binlog.file", file, start, length));
    for (Span s : spans) {
      double x = scale.x(s.offset());
      double w = Math.max(3, scale.x(s.end()) - x);
      svg.rect(
          x,
          STRIP_TOP,
          w,
          STRIP,
          DAMAGED,
          null,
          0,
          ReportData.format(
              texts, "picture.binlog.damaged", s.offset(), s.end(), s.end() - s.offset()));
    }
    // Offsets at both ends.
    svg.text(scale.x(start), bottom + 16, Long.toString(start), "start", "#4a5568", 20);
    svg.text(scale.x(length), bottom + 16, Long.toString(length), "end", "#4a5568", 20);
    String damagedLabel =
        ReportData.format(texts, "picture.binlog.damagedLabel", spans.get(0).offset());
    svg.text(
        scale.x(spans.get(0).offset()),
        STRIP_TOP - 24,
        damagedLabel,
        anchor(scale.x(spans.get(0).offset())),
        DAMAGED,
        60);
    restartAt.ifPresent(
        r ->
            mark(
                svg,
                scale.x(r),
                STRIP_TOP - 8,
                bottom + 4,
                RESTART,
                ReportData.format(texts, "picture.binlog.restart", r),
                STRIP_TOP - 10,
                ReportData.format(
                    texts, "picture.binlog.restartTitle", r, gtid == null ? "-" : gtid)));
    resyncAt.ifPresent(
        r ->
            mark(
                svg,
                scale.x(r),
                STRIP_TOP,
                bottom + 26,
                RESUME,
                ReportData.format(texts, "picture.binlog.resume", r),
                bottom + 38,
                ReportData.format(texts, "picture.binlog.resume", r)));
    resumeAt.stream()
        .filter(r -> resyncAt.isEmpty() || r != resyncAt.getAsLong())
        .forEach(
            r ->
                mark(
                    svg,
                    scale.x(r),
                    STRIP_TOP,
                    bottom + 46,
                    RESUME,
                    ReportData.format(texts, "picture.binlog.next", r),
                    bottom + 58,
                    ReportData.format(
                        texts,
                        "picture.binlog.nextTitle",
                        r,
                        resumeGtid == null ? "-" : resumeGtid)));
    return Optional.of(
        new Picture(
            id,
            ReportData.format(texts, "picture.binlog.title", name),
            alt.toString(),
            svg.toSvg()));
  }

  private static void mark(
      Svg svg,
      double x,
      double y1,
      double y2,
      String colour,
      String label,
      double labelY,
      String title) {
    svg.group(title);
    svg.line(x, y1, x, y2, colour, 2.5);
    svg.text(x, labelY, label, anchor(x), colour, 60);
    svg.end();
  }

  /** Labels near the edges grow inwards. */
  private static String anchor(double x) {
    return x < WIDTH * 0.2 ? "start" : x > WIDTH * 0.8 ? "end" : "middle";
  }

  private static String spanText(List<Span> spans) {
    return String.join(", ", spans.stream().map(s -> s.offset() + "–" + s.end()).toList());
  }

  /** Offsets to x: linear from the first offset drawn to the file's size. */
  private record Scale(long from, long to) {
    double x(long offset) {
      double f = (double) (Math.max(from, Math.min(to, offset)) - from) / (to - from);
      return LEFT + (WIDTH - LEFT - RIGHT) * f;
    }
  }
}
