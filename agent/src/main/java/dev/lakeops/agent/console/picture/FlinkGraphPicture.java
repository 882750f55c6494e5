package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.PictureEvidence.figure;
import static dev.lakeops.agent.console.picture.PictureEvidence.text;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The job graph of a backpressured Flink job, as the Flink UI draws it: vertices in columns by
 * topological depth, each coloured by where its subtasks spend the second (busy red, backpressured
 * grey to black, idle blue), the bottleneck outlined and its subtasks as bars with the hot ones
 * marked. Reads the {@code graph.*} evidence of {@code flink.backpressure.*} findings; a job of
 * more than {@link #MAX_VERTICES} vertices shows the first ones by depth and one "+K more" box.
 */
final class FlinkGraphPicture implements PictureSource {

  /** Vertices drawn; the rest are counted in one box. */
  static final int MAX_VERTICES = 40;

  /** Vertices stacked in one column before the next column of the same depth starts. */
  static final int ROWS_PER_COLUMN = 10;

  /** Subtask bars drawn inside the bottleneck; more subtasks are grouped (maximum per group). */
  static final int MAX_SUBTASK_BARS = 32;

  static final String BOTTLENECK_STROKE = "#e65100";
  static final String HOT_FILL = "#b71c1c";

  private static final int W = 168;
  private static final int H = 64;
  private static final int GAP_X = 44;
  private static final int GAP_Y = 18;
  private static final int MARGIN = 16;
  private static final int LEGEND = 40;

  @Override
  public List<Picture> draw(TriageReport report, PictureTexts texts) {
    Optional<Finding> graphFinding = PictureEvidence.withKey(report, "graph.vertices");
    if (graphFinding.isEmpty()) {
      return List.of();
    }
    FlinkGraph graph = FlinkGraph.read(graphFinding.get(), MAX_VERTICES);
    if (graph.vertices().isEmpty()) {
      return List.of();
    }
    List<Double> subtasks = FlinkGraph.subtaskBusy(graphFinding.get());
    List<Integer> hot = hotSubtasks(report, graph);
    return List.of(draw(graph, subtasks, hot, texts));
  }

  private static List<Integer> hotSubtasks(TriageReport report, FlinkGraph graph) {
    Optional<Finding> skew = PictureEvidence.withCode(report, "flink.backpressure.key-skew");
    if (skew.isEmpty() || graph.bottleneck() == null) {
      return List.of();
    }
    String name = skew.get().evidence().getOrDefault("vertex", "");
    if (!name.equals(graph.bottleneck().name())) {
      return List.of();
    }
    List<Integer> hot = new ArrayList<>();
    for (String id : skew.get().evidence().getOrDefault("hotSubtasks", "").split(",")) {
      long n = PictureEvidence.whole(id, -1);
      if (n >= 0) {
        hot.add((int) n);
      }
    }
    return hot;
  }

  static Picture draw(
      FlinkGraph graph, List<Double> subtaskBusy, List<Integer> hot, PictureTexts texts) {
    // Columns by depth; a deep column wraps into several of at most ROWS_PER_COLUMN.
    Map<Integer, List<FlinkGraph.Vertex>> byDepth = new java.util.TreeMap<>();
    int[] depths = graph.depths();
    for (FlinkGraph.Vertex v : graph.vertices()) {
      byDepth.computeIfAbsent(depths[v.index()], d -> new ArrayList<>()).add(v);
    }
    Map<Integer, double[]> at = new LinkedHashMap<>();
    int column = 0;
    int rows = 1;
    for (List<FlinkGraph.Vertex> sameDepth : byDepth.values()) {
      for (int i = 0; i < sameDepth.size(); i++) {
        if (i > 0 && i % ROWS_PER_COLUMN == 0) {
          column++;
        }
        int row = i % ROWS_PER_COLUMN;
        rows = Math.max(rows, row + 1);
        at.put(
            sameDepth.get(i).index(),
            new double[] {MARGIN + column * (W + GAP_X), MARGIN + 14 + row * (H + GAP_Y)});
      }
      column++;
    }
    int hidden = graph.total() - graph.vertices().size();
    int columns = column + (hidden > 0 ? 1 : 0);
    int width = MARGIN * 2 + columns * (W + GAP_X) - GAP_X;
    int height = MARGIN * 2 + 14 + rows * (H + GAP_Y) - GAP_Y + LEGEND;
    String alt = alt(graph, hot, texts);
    Svg svg = new Svg(Math.max(width, 680), height, alt);

    for (FlinkGraph.Vertex v : graph.vertices()) {
      double[] to = at.get(v.index());
      for (int input : v.inputs()) {
        double[] from = at.get(input);
        if (from != null && to != null) {
          svg.arrow(from[0] + W, from[1] + H / 2.0, to[0] - 2, to[1] + H / 2.0, "#607d8b");
        }
      }
    }
    for (FlinkGraph.Vertex v : graph.vertices()) {
      double[] p = at.get(v.index());
      boolean bottleneck = graph.bottleneck() == v;
      vertex(svg, v, p[0], p[1], bottleneck, bottleneck ? subtaskBusy : List.of(), hot, texts);
    }
    if (hidden > 0) {
      double x = MARGIN + column * (W + GAP_X);
      String more = text(texts, "picture.flink.graph.more", hidden);
      FlinkGraph.Vertex b = graph.bottleneck();
      String title =
          b == null || graph.vertices().contains(b)
              ? more
              : more + " — " + text(texts, "picture.flink.graph.bottleneck-hidden", b.name());
      svg.group(title)
          .rect(x, MARGIN + 14, W, H, "#eceff1", "#90a4ae", 1, null)
          .text(x + W / 2.0, MARGIN + 14 + H / 2.0 + 4, more, "middle", "#37474f", 24)
          .end();
    }
    legend(svg, height - LEGEND + 14, texts);
    return new Picture(
        "flink-graph", text(texts, "picture.flink.graph.title", graph.job()), alt, svg.toSvg());
  }

  private static void vertex(
      Svg svg,
      FlinkGraph.Vertex v,
      double x,
      double y,
      boolean bottleneck,
      List<Double> subtaskBusy,
      List<Integer> hot,
      PictureTexts texts) {
    State state = State.of(v);
    String title =
        text(
            texts,
            "picture.flink.graph.vertex",
            v.name(),
            v.parallelism(),
            figure(v.busy()),
            figure(v.backPressured()),
            figure(v.idle()));
    svg.group(title);
    if (bottleneck) {
      svg.text(
          x, y - 4, text(texts, "picture.flink.graph.bottleneck"), "start", BOTTLENECK_STROKE, 30);
    }
    svg.rect(
        x,
        y,
        W,
        H,
        state.fill(v),
        bottleneck ? BOTTLENECK_STROKE : "#455a64",
        bottleneck ? 4 : 1,
        null);
    String ink = state.ink(v);
    svg.text(x + 8, y + 17, v.name(), "start", ink, 22);
    svg.text(x + 8, y + 33, state.label(v, texts), "start", ink, 24);
    if (!subtaskBusy.isEmpty()) {
      subtaskBars(svg, x + 8, y + 38, W - 16, H - 42, subtaskBusy, hot, texts);
    }
    svg.end();
  }

  /** One bar per subtask (grouped above {@link #MAX_SUBTASK_BARS}), height by busy ms/s. */
  private static void subtaskBars(
      Svg svg,
      double x,
      double y,
      double w,
      double h,
      List<Double> busy,
      List<Integer> hot,
      PictureTexts texts) {
    int n = busy.size();
    int bars = Math.min(n, MAX_SUBTASK_BARS);
    double step = w / bars;
    svg.rect(x, y, w, h, "#eceff1", null, 0, null);
    for (int b = 0; b < bars; b++) {
      int from = b * n / bars;
      int to = Math.max(from + 1, (b + 1) * n / bars);
      double max = 0;
      boolean anyHot = false;
      for (int s = from; s < to; s++) {
        max = Math.max(max, busy.get(s) == null ? 0 : busy.get(s));
        anyHot |= hot.contains(s);
      }
      double bh = Math.max(3, h * Math.min(1, max / 1000));
      String which = to - from == 1 ? Integer.toString(from) : from + "–" + (to - 1);
      String title =
          text(
              texts,
              anyHot ? "picture.flink.graph.subtask-hot" : "picture.flink.graph.subtask",
              which,
              figure(max));
      svg.rect(
          x + b * step + 0.5,
          y + h - bh,
          Math.max(1, step - 1),
          bh,
          anyHot ? HOT_FILL : "#78909c",
          null,
          0,
          title);
    }
  }

  private static void legend(Svg svg, double y, PictureTexts texts) {
    double x = MARGIN;
    String[][] items = {
      {"#d32f2f", "picture.flink.legend.busy"},
      {"#424242", "picture.flink.legend.backpressured"},
      {"#64b5f6", "picture.flink.legend.idle"},
    };
    for (String[] item : items) {
      svg.rect(x, y - 10, 14, 14, item[0], null, 0, null);
      svg.text(x + 20, y + 2, texts.t(item[1]), "start", "#263238", 30);
      x += 130;
    }
    svg.rect(x, y - 10, 14, 14, "#ffffff", BOTTLENECK_STROKE, 3, null);
    svg.text(x + 20, y + 2, texts.t("picture.flink.graph.bottleneck"), "start", "#263238", 30);
    x += 130;
    svg.rect(x, y - 10, 14, 14, HOT_FILL, null, 0, null);
    svg.text(x + 20, y + 2, texts.t("picture.flink.legend.hot"), "start", "#263238", 30);
  }

  private static String alt(FlinkGraph graph, List<Integer> hot, PictureTexts texts) {
    StringBuilder alt =
        new StringBuilder(
            text(texts, "picture.flink.graph.alt", graph.job(), graph.total(), graph.edges()));
    FlinkGraph.Vertex b = graph.bottleneck();
    if (b != null) {
      alt.append(' ')
          .append(
              text(
                  texts,
                  "picture.flink.graph.alt-bottleneck",
                  b.name(),
                  figure(b.busy()),
                  figure(b.backPressured())));
    }
    List<String> blocked =
        graph.vertices().stream()
            .filter(v -> State.of(v) == State.BACKPRESSURED)
            .map(FlinkGraph.Vertex::name)
            .limit(5)
            .toList();
    if (!blocked.isEmpty()) {
      alt.append(' ')
          .append(text(texts, "picture.flink.graph.alt-backpressured", String.join(", ", blocked)));
    }
    if (!hot.isEmpty()) {
      alt.append(' ')
          .append(
              text(
                  texts,
                  "picture.flink.graph.alt-hot",
                  String.join(",", hot.stream().map(String::valueOf).toList())));
    }
    return alt.toString();
  }

  /** Where a vertex spends its second, as the Flink UI colours it. */
  enum State {
    BUSY,
    BACKPRESSURED,
    IDLE,
    UNKNOWN;

    /** Backpressure wins over busy when it is the larger share (the vertex waits downstream). */
    static State of(FlinkGraph.Vertex v) {
      double busy = Double.isNaN(v.busy()) ? -1 : v.busy();
      double bp = Double.isNaN(v.backPressured()) ? -1 : v.backPressured();
      if (busy < 0 && bp < 0 && Double.isNaN(v.idle())) {
        return UNKNOWN;
      }
      if (bp >= 100 && bp >= busy) {
        return BACKPRESSURED;
      }
      if (busy >= 100) {
        return BUSY;
      }
      return IDLE;
    }

    String fill(FlinkGraph.Vertex v) {
      return switch (this) {
        case BUSY -> shade(new int[] {255, 205, 210}, new int[] {198, 40, 40}, v.busy());
        case BACKPRESSURED ->
            shade(new int[] {189, 189, 189}, new int[] {33, 33, 33}, v.backPressured());
        case IDLE ->
            shade(
                new int[] {227, 242, 253},
                new int[] {100, 181, 246},
                Double.isNaN(v.idle()) ? 0 : v.idle());
        case UNKNOWN -> "#fafafa";
      };
    }

    String ink(FlinkGraph.Vertex v) {
      return switch (this) {
        case BUSY -> v.busy() >= 600 ? "#ffffff" : "#212121";
        case BACKPRESSURED -> v.backPressured() >= 500 ? "#ffffff" : "#212121";
        default -> "#212121";
      };
    }

    String label(FlinkGraph.Vertex v, PictureTexts texts) {
      return switch (this) {
        case BUSY -> text(texts, "picture.flink.graph.busy", figure(v.busy()), v.parallelism());
        case BACKPRESSURED ->
            text(
                texts,
                "picture.flink.graph.backpressured",
                figure(v.backPressured()),
                v.parallelism());
        case IDLE -> text(texts, "picture.flink.graph.idle", figure(v.idle()), v.parallelism());
        case UNKNOWN -> text(texts, "picture.flink.graph.unknown", v.parallelism());
      };
    }

    /** {@code low} at 0 ms/s to {@code high} at 1000 ms/s, as {@code #rrggbb}. */
    private static String shade(int[] low, int[] high, double msPerSecond) {
      double t = Math.max(0, Math.min(1, msPerSecond / 1000));
      StringBuilder hex = new StringBuilder("#");
      for (int i = 0; i < 3; i++) {
        hex.append(String.format("%02x", (int) Math.round(low[i] + (high[i] - low[i]) * t)));
      }
      return hex.toString();
    }
  }
}
