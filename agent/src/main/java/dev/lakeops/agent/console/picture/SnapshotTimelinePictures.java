package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table's snapshots on a time axis, one lane per commit user, the shape and colour by commit kind
 * (APPEND, COMPACT, OVERWRITE), with the duplicated commits, the first commit of a new commit user
 * and the proposed rollback target marked. Drawn from the commit timeline's {@code
 * table.commit.timeline} finding, the duplicate-key findings and the verdicts' {@code
 * table.rollback*} proposals.
 *
 * <p>Above {@link #BIN_ABOVE} snapshots each lane is drawn as {@link #BINS} time bins (a bar per
 * bin, its height the number of snapshots in it) and only the marked snapshots one by one, so that
 * a timeline of thousands of snapshots stays a few hundred elements.
 */
public final class SnapshotTimelinePictures implements PictureSource {

  static final String ID = "table-timeline";

  /** Snapshots drawn one by one up to this many; binned by time above. */
  static final int BIN_ABOVE = 300;

  static final int BINS = 120;

  /** Lanes drawn; the commit users beyond share the last lane. */
  static final int MAX_LANES = 8;

  /** Timelines drawn per incident (one per table). */
  static final int MAX_TABLES = 3;

  private static final int WIDTH = 960;
  private static final int LEFT = 160;
  private static final int RIGHT = 24;
  private static final int TOP = 30;
  private static final int LANE = 30;

  private static final String APPEND = "#3182ce";
  private static final String COMPACT = "#a0aec0";
  private static final String OVERWRITE = "#805ad5";
  private static final String OTHER_KIND = "#cbd5e0";
  private static final String DUPLICATED = "#e53e3e";
  private static final String NEW_USER = "#dd6b20";
  private static final String ROLLBACK = "#2f855a";

  /** The value of a {@code snapshot N} entry of {@code table.commit.timeline}. */
  private static final Pattern ENTRY =
      Pattern.compile(
          "(\\S+) user=(.*) identifier=(\\S+) time=(\\S+) delta=(\\S+) total=(\\S+)"
              + " files=\\+(\\d+)/-(\\d+)",
          Pattern.DOTALL);

  /** One snapshot as the timeline finding holds it. */
  record Snap(long id, String kind, String user, String identifier, Instant time, String delta) {}

  /**
   * What the picture marks.
   *
   * @param duplicated each duplicated commit with the snapshot whose rows it committed again
   * @param newUser the first snapshots of new commit users
   * @param rollbackTo the proposed rollback target
   */
  record Marks(Map<Long, Long> duplicated, Set<Long> newUser, OptionalLong rollbackTo) {}

  /** A snapshot id in an {@code origin N} entry of a duplicate-key finding. */
  private static final Pattern ORIGIN = Pattern.compile("(?:from snapshots | and )(\\d+)\\b");

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    List<ToolReport> timelines = ReportData.reportsOf(report, TableTools.COMMIT_TIMELINE);
    List<ToolReport> duplicates = ReportData.reportsOf(report, TableTools.DUPLICATE_KEYS);
    List<ProposedAction> proposals = ReportData.proposals(report);
    List<Picture> pictures = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ToolReport t : timelines) {
      if (pictures.size() == MAX_TABLES || !seen.add(location(t))) {
        continue;
      }
      var finding = ReportData.first(t, "table.commit.timeline");
      if (finding.isEmpty()) {
        continue;
      }
      List<Snap> snaps = snapshots(finding.get());
      if (snaps.isEmpty()) {
        continue;
      }
      Marks marks = marks(t, duplicates, proposals, timelines.size() == 1);
      pictures.add(picture(ReportData.id(ID, pictures.size()), table(t), snaps, marks, texts));
    }
    return pictures;
  }

  /**
   * The snapshots of a {@code table.commit.timeline} finding, ascending; unreadable ones left out.
   */
  static List<Snap> snapshots(Finding timeline) {
    List<Snap> out = new ArrayList<>();
    for (Map.Entry<String, String> e : timeline.evidence().entrySet()) {
      if (!e.getKey().startsWith("snapshot ")) {
        continue;
      }
      OptionalLong id = ReportData.number(e.getKey().substring("snapshot ".length()));
      Matcher m = ENTRY.matcher(e.getValue());
      if (id.isEmpty() || !m.matches()) {
        continue;
      }
      try {
        out.add(
            new Snap(
                id.getAsLong(),
                m.group(1),
                m.group(2),
                m.group(3),
                Instant.parse(m.group(4)),
                m.group(5)));
      } catch (DateTimeParseException ex) {
        // a time that does not parse leaves the snapshot out of the picture, not the page
      }
    }
    out.sort(Comparator.comparingLong(Snap::id));
    return out;
  }

  /**
   * The duplicated commits (the two snapshots duplicated rows came from, and repeated identifiers),
   * new commit users' first snapshots, and the proposed rollback target of this table.
   */
  static Marks marks(
      ToolReport timeline,
      List<ToolReport> duplicates,
      List<ProposedAction> proposals,
      boolean onlyTable) {
    Map<Long, Long> duplicated = new TreeMap<>();
    for (ToolReport d : duplicates) {
      if (!sameTable(timeline, d)) {
        continue;
      }
      for (Finding f : d.findings()) {
        if (f.code().startsWith("table.duplicates.")
            && "two-commit-users".equals(f.evidence().get("correlation"))) {
          for (Map.Entry<String, String> e : f.evidence().entrySet()) {
            if (e.getKey().startsWith("origin ")) {
              origins(e.getValue(), duplicated);
            }
          }
          OptionalLong first = ReportData.number(f, "firstSnapshot");
          OptionalLong second = ReportData.number(f, "secondSnapshot");
          if (first.isPresent() && second.isPresent()) {
            duplicated.putIfAbsent(second.getAsLong(), first.getAsLong());
          }
        }
      }
    }
    for (Finding f : ReportData.all(timeline, "table.commit.identifier-regression")) {
      OptionalLong again = ReportData.number(f, "snapshot");
      OptionalLong before = ReportData.number(f, "previousSnapshot");
      if (again.isPresent() && before.isPresent()) {
        duplicated.putIfAbsent(again.getAsLong(), before.getAsLong());
      }
    }
    Set<Long> newUser = new TreeSet<>();
    for (Finding f : ReportData.all(timeline, "table.commit.new-user")) {
      ReportData.number(f, "firstSnapshot").ifPresent(newUser::add);
    }
    OptionalLong rollback = OptionalLong.empty();
    for (ProposedAction p : proposals) {
      if (p.action().startsWith("table.rollback")
          && (onlyTable || names(timeline, p.args().get("table")))) {
        rollback = ReportData.number(p.args().get("snapshot"));
        if (rollback.isPresent()) {
          break;
        }
      }
    }
    return new Marks(duplicated, newUser, rollback);
  }

  /**
   * The snapshots of one origin ({@code 2 keys from snapshots 1 (...) and 6 (...)}): each after the
   * first committed the first one's rows again.
   */
  private static void origins(String origin, Map<Long, Long> duplicated) {
    Matcher m = ORIGIN.matcher(origin);
    long first = -1;
    while (m.find()) {
      OptionalLong id = ReportData.number(m.group(1));
      if (id.isEmpty() || id.getAsLong() == 0) {
        continue; // 0: the adding snapshot has expired
      }
      if (first < 0) {
        first = id.getAsLong();
      } else if (id.getAsLong() != first) {
        duplicated.putIfAbsent(Math.max(first, id.getAsLong()), Math.min(first, id.getAsLong()));
      }
    }
  }

  private static Picture picture(
      String id, String table, List<Snap> snaps, Marks marks, PictureTexts texts) {
    List<String> lanes = lanes(snaps, marks);
    boolean binned = snaps.size() > BIN_ABOVE;
    int plotBottom = TOP + lanes.size() * LANE;
    int height = plotBottom + 52;
    String alt = alt(table, snaps, lanes, marks, binned, texts);
    Svg svg = new Svg(WIDTH, height, alt);
    Instant t0 = snaps.stream().map(Snap::time).min(Comparator.naturalOrder()).orElseThrow();
    Instant t1 = snaps.stream().map(Snap::time).max(Comparator.naturalOrder()).orElseThrow();
    Axis axis = new Axis(t0, t1);
    Map<String, Integer> laneOf = new LinkedHashMap<>();
    for (int i = 0; i < lanes.size(); i++) {
      laneOf.put(lanes.get(i), i);
    }
    int otherLane = lanes.size() - 1;
    boolean hasOthers = lanes.size() > 0 && lanes.get(otherLane) == null;
    Map<Integer, Integer> perLane = new TreeMap<>();
    for (Snap s : snaps) {
      perLane.merge(lane(s, laneOf, otherLane, hasOthers), 1, Integer::sum);
    }
    for (int i = 0; i < lanes.size(); i++) {
      int y = TOP + i * LANE;
      String name =
          lanes.get(i) == null
              ? ReportData.format(
                  texts, "picture.timeline.otherUsers", users(snaps).size() - (lanes.size() - 1))
              : lanes.get(i);
      svg.group(
          ReportData.format(texts, "picture.timeline.lane", name, perLane.getOrDefault(i, 0)));
      svg.rect(
          LEFT, y, WIDTH - LEFT - RIGHT, LANE, i % 2 == 0 ? "#f7fafc" : "#ffffff", null, 0, null);
      svg.text(LEFT - 8, y + LANE / 2.0 + 4, name, "end", "#2d3748", 22);
      svg.end();
    }
    axis(svg, axis, plotBottom);
    Set<Long> marked = new HashSet<>(marks.duplicated().keySet());
    marked.addAll(marks.newUser());
    marks.rollbackTo().ifPresent(marked::add);
    if (binned) {
      bins(svg, snaps, axis, laneOf, otherLane, hasOthers, texts);
    }
    for (Snap s : snaps) {
      if (!binned || marked.contains(s.id())) {
        double x = axis.x(s.time());
        double y = TOP + lane(s, laneOf, otherLane, hasOthers) * LANE + LANE / 2.0;
        marker(svg, s, x, y, marks, texts);
      }
    }
    rollbackLine(svg, snaps, marks, axis, laneOf, otherLane, hasOthers, plotBottom, texts);
    legend(svg, plotBottom + 42, texts);
    return new Picture(
        id, ReportData.format(texts, "picture.timeline.title", table), alt, svg.toSvg());
  }

  /**
   * The lanes, by first commit: every commit user when they fit, else the users of marked snapshots
   * and the busiest others, then {@code null} for the lane the rest share.
   */
  private static List<String> lanes(List<Snap> snaps, Marks marks) {
    Map<String, Integer> counts = users(snaps);
    if (counts.size() <= MAX_LANES) {
      return new ArrayList<>(counts.keySet());
    }
    Set<Long> marked = new HashSet<>(marks.duplicated().keySet());
    marked.addAll(marks.newUser());
    marks.rollbackTo().ifPresent(marked::add);
    Set<String> kept = new LinkedHashSet<>();
    snaps.stream()
        .filter(s -> marked.contains(s.id()))
        .map(Snap::user)
        .forEach(
            u -> {
              if (kept.size() < MAX_LANES - 1) {
                kept.add(u);
              }
            });
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .map(Map.Entry::getKey)
        .forEach(
            u -> {
              if (kept.size() < MAX_LANES - 1) {
                kept.add(u);
              }
            });
    List<String> lanes = new ArrayList<>();
    counts.keySet().stream().filter(kept::contains).forEach(lanes::add);
    lanes.add(null);
    return lanes;
  }

  /** Commit users by first commit, with their snapshot counts. */
  private static Map<String, Integer> users(List<Snap> snaps) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    snaps.forEach(s -> counts.merge(s.user(), 1, Integer::sum));
    return counts;
  }

  private static int lane(Snap s, Map<String, Integer> laneOf, int otherLane, boolean hasOthers) {
    Integer lane = laneOf.get(s.user());
    return lane != null ? lane : (hasOthers ? otherLane : 0);
  }

  private static void marker(Svg svg, Snap s, double x, double y, Marks marks, PictureTexts texts) {
    List<String> notes = new ArrayList<>();
    if (marks.duplicated().containsKey(s.id())) {
      notes.add(ReportData.format(texts, "picture.timeline.again", marks.duplicated().get(s.id())));
    }
    if (marks.newUser().contains(s.id())) {
      notes.add(texts.t("picture.mark.newUser"));
    }
    if (marks.rollbackTo().isPresent() && marks.rollbackTo().getAsLong() == s.id()) {
      notes.add(texts.t("picture.mark.rollback"));
    }
    String title =
        ReportData.format(
                texts,
                "picture.timeline.snapshot",
                s.id(),
                s.kind(),
                s.user(),
                s.identifier(),
                s.time(),
                s.delta())
            + (notes.isEmpty() ? "" : " — " + String.join(", ", notes));
    svg.group(title);
    if (marks.newUser().contains(s.id())) {
      svg.rect(x - 10, y - 10, 20, 20, "none", NEW_USER, 2, null);
    }
    if (marks.duplicated().containsKey(s.id())) {
      svg.rect(x - 7.5, y - 7.5, 15, 15, "#fed7d7", DUPLICATED, 2.5, null);
    }
    switch (s.kind()) {
      case "APPEND" -> svg.circle(x, y, 5, APPEND, null);
      case "COMPACT" -> svg.rect(x - 4, y - 4, 8, 8, COMPACT, null, 0, null);
      case "OVERWRITE" -> svg.rect(x - 3, y - 8, 6, 16, OVERWRITE, null, 0, null);
      default -> svg.circle(x, y, 3, OTHER_KIND, null);
    }
    svg.end();
  }

  /**
   * Per lane, one bar per time bin holding snapshots: its height the count, its colour the kind.
   */
  private static void bins(
      Svg svg,
      List<Snap> snaps,
      Axis axis,
      Map<String, Integer> laneOf,
      int otherLane,
      boolean hasOthers,
      PictureTexts texts) {
    Map<Integer, Bin[]> byLane = new TreeMap<>();
    for (Snap s : snaps) {
      int lane = lane(s, laneOf, otherLane, hasOthers);
      Bin[] bins = byLane.computeIfAbsent(lane, l -> new Bin[BINS]);
      int b = axis.bin(s.time(), BINS);
      if (bins[b] == null) {
        bins[b] = new Bin();
      }
      bins[b].add(s);
    }
    double binWidth = (double) (WIDTH - LEFT - RIGHT) / BINS;
    for (Map.Entry<Integer, Bin[]> e : byLane.entrySet()) {
      int most = 1;
      for (Bin b : e.getValue()) {
        most = Math.max(most, b == null ? 0 : b.count);
      }
      double laneTop = TOP + e.getKey() * LANE;
      for (int i = 0; i < BINS; i++) {
        Bin b = e.getValue()[i];
        if (b == null) {
          continue;
        }
        double h = Math.max(3, (LANE - 8) * (double) b.count / most);
        svg.rect(
            LEFT + i * binWidth,
            laneTop + (LANE - h) / 2,
            Math.max(1, binWidth - 1),
            h,
            colour(b.dominantKind()),
            null,
            0,
            ReportData.format(
                texts,
                "picture.timeline.bin",
                b.count,
                b.minId,
                b.maxId,
                b.kindsText(),
                b.from,
                b.to));
      }
    }
  }

  /** A green line through the proposed rollback target, labelled at the top. */
  private static void rollbackLine(
      Svg svg,
      List<Snap> snaps,
      Marks marks,
      Axis axis,
      Map<String, Integer> laneOf,
      int otherLane,
      boolean hasOthers,
      int plotBottom,
      PictureTexts texts) {
    if (marks.rollbackTo().isEmpty()) {
      return;
    }
    long target = marks.rollbackTo().getAsLong();
    Snap s = snaps.stream().filter(x -> x.id() == target).findFirst().orElse(null);
    String label = ReportData.format(texts, "picture.timeline.rollbackLabel", target);
    svg.group(label);
    if (s == null) {
      // Older than the snapshots shown: the target is before the left edge.
      svg.line(LEFT, TOP - 6, LEFT, plotBottom, ROLLBACK, 3);
      svg.text(LEFT + 4, TOP - 10, "← " + label, "start", ROLLBACK, 60);
    } else {
      double x = axis.x(s.time());
      svg.line(x, TOP - 6, x, plotBottom, ROLLBACK, 2);
      double y = TOP + lane(s, laneOf, otherLane, hasOthers) * LANE + LANE / 2.0;
      svg.rect(x - 9, y - 9, 18, 18, "none", ROLLBACK, 2.5, null);
      svg.text(x, TOP - 10, label, x < WIDTH / 2.0 ? "start" : "end", ROLLBACK, 60);
    }
    svg.end();
  }

  private static void axis(Svg svg, Axis axis, int y) {
    svg.line(LEFT, y, WIDTH - RIGHT, y, "#4a5568", 1);
    DateTimeFormatter format = axis.format();
    int ticks = 5;
    for (int i = 0; i <= ticks; i++) {
      double x = LEFT + (WIDTH - LEFT - RIGHT) * i / (double) ticks;
      Instant at = axis.at(i / (double) ticks);
      svg.line(x, y, x, y + 5, "#4a5568", 1);
      svg.text(
          x,
          y + 18,
          format.format(at) + (i == ticks ? " UTC" : ""),
          i == 0 ? "start" : i == ticks ? "end" : "middle",
          "#4a5568",
          40);
    }
  }

  private static void legend(Svg svg, int y, PictureTexts texts) {
    double x = LEFT;
    svg.circle(x, y - 4, 5, APPEND, null);
    svg.text(x + 9, y, "APPEND", "start", "#2d3748", 20);
    x += 80;
    svg.rect(x - 4, y - 8, 8, 8, COMPACT, null, 0, null);
    svg.text(x + 9, y, "COMPACT", "start", "#2d3748", 20);
    x += 90;
    svg.rect(x - 3, y - 12, 6, 16, OVERWRITE, null, 0, null);
    svg.text(x + 9, y, "OVERWRITE", "start", "#2d3748", 20);
    x += 105;
    svg.rect(x - 7, y - 11, 14, 14, "#fed7d7", DUPLICATED, 2.5, null);
    svg.text(x + 11, y, texts.t("picture.mark.duplicated"), "start", "#2d3748", 24);
    x += 135;
    svg.rect(x - 9, y - 13, 18, 18, "none", NEW_USER, 2, null);
    svg.text(x + 13, y, texts.t("picture.mark.newUser"), "start", "#2d3748", 24);
    x += 150;
    svg.line(x, y - 13, x, y + 3, ROLLBACK, 2);
    svg.text(x + 6, y, texts.t("picture.mark.rollback"), "start", "#2d3748", 24);
  }

  private static String alt(
      String table,
      List<Snap> snaps,
      List<String> lanes,
      Marks marks,
      boolean binned,
      PictureTexts texts) {
    Map<String, Integer> users = users(snaps);
    StringBuilder alt =
        new StringBuilder(
            ReportData.format(
                texts,
                "picture.timeline.alt",
                snaps.size(),
                snaps.get(0).id(),
                snaps.get(snaps.size() - 1).id(),
                table,
                users.size()));
    List<String> byUser = new ArrayList<>();
    users.entrySet().stream()
        .limit(MAX_LANES)
        .forEach(u -> byUser.add(u.getKey() + " (" + u.getValue() + ")"));
    if (users.size() > MAX_LANES) {
      byUser.add("…");
    }
    alt.append(' ')
        .append(ReportData.format(texts, "picture.timeline.users", String.join(", ", byUser)));
    if (!marks.duplicated().isEmpty()) {
      alt.append(' ')
          .append(
              ReportData.format(
                  texts, "picture.timeline.duplicated", ids(marks.duplicated().keySet())));
    }
    if (!marks.newUser().isEmpty()) {
      alt.append(' ')
          .append(ReportData.format(texts, "picture.timeline.newUser", ids(marks.newUser())));
    }
    marks
        .rollbackTo()
        .ifPresent(
            r -> alt.append(' ').append(ReportData.format(texts, "picture.timeline.rollback", r)));
    if (binned) {
      alt.append(' ').append(ReportData.format(texts, "picture.timeline.binned", BINS));
    }
    return alt.toString();
  }

  /** At most 20 ids, then how many more. */
  private static String ids(Set<Long> ids) {
    List<String> shown = new ArrayList<>(ids.stream().limit(20).map(String::valueOf).toList());
    if (ids.size() > 20) {
      shown.add("… (+" + (ids.size() - 20) + ")");
    }
    return String.join(", ", shown);
  }

  private static String colour(String kind) {
    return switch (kind) {
      case "APPEND" -> APPEND;
      case "COMPACT" -> COMPACT;
      case "OVERWRITE" -> OVERWRITE;
      default -> OTHER_KIND;
    };
  }

  private static String location(ToolReport t) {
    return t.params().getOrDefault("location", t.params().getOrDefault("table", ""));
  }

  private static String table(ToolReport t) {
    return t.params().getOrDefault("table", location(t));
  }

  private static boolean sameTable(ToolReport a, ToolReport b) {
    String la = a.params().get("location");
    String lb = b.params().get("location");
    return la == null || lb == null || la.equals(lb);
  }

  private static boolean names(ToolReport t, String table) {
    return table != null
        && (table.equals(t.params().get("location")) || table.equals(t.params().get("table")));
  }

  /** The time axis: linear from the first to the last commit, padded when they are equal. */
  private record Axis(Instant from, Instant to) {

    Axis {
      if (!to.isAfter(from)) {
        from = from.minusSeconds(1);
        to = to.plusSeconds(1);
      }
    }

    double span() {
      return Duration.between(from, to).toNanos();
    }

    double x(Instant t) {
      double f = Duration.between(from, t).toNanos() / span();
      return LEFT + 6 + (WIDTH - LEFT - RIGHT - 12) * Math.max(0, Math.min(1, f));
    }

    int bin(Instant t, int bins) {
      double f = Duration.between(from, t).toNanos() / span();
      return (int) Math.max(0, Math.min(bins - 1, Math.floor(f * bins)));
    }

    Instant at(double f) {
      return from.plusNanos((long) (span() * f));
    }

    DateTimeFormatter format() {
      Duration d = Duration.between(from, to);
      String pattern =
          d.compareTo(Duration.ofSeconds(10)) < 0
              ? "HH:mm:ss.SSS"
              : d.compareTo(Duration.ofDays(1)) < 0 ? "HH:mm:ss" : "MM-dd HH:mm";
      return DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC);
    }
  }

  /** Snapshots of one lane in one time bin. */
  private static final class Bin {
    int count;
    long minId = Long.MAX_VALUE;
    long maxId = Long.MIN_VALUE;
    Instant from;
    Instant to;
    final Map<String, Integer> kinds = new TreeMap<>();

    void add(Snap s) {
      count++;
      minId = Math.min(minId, s.id());
      maxId = Math.max(maxId, s.id());
      from = from == null || s.time().isBefore(from) ? s.time() : from;
      to = to == null || s.time().isAfter(to) ? s.time() : to;
      kinds.merge(s.kind(), 1, Integer::sum);
    }

    String dominantKind() {
      return kinds.entrySet().stream()
          .max(Map.Entry.comparingByValue())
          .map(Map.Entry::getKey)
          .orElse("");
    }

    String kindsText() {
      return String.join(
          ", ", kinds.entrySet().stream().map(k -> k.getKey() + " " + k.getValue()).toList());
    }
  }
}
