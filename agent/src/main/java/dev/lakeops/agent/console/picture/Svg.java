package dev.lakeops.agent.console.picture;

import java.util.Locale;

/**
 * A small writer of inline SVG for the console's pictures. Every text and attribute value is
 * escaped here, so a vertex, topic, table or commit-user name with markup in it stays text.
 *
 * <p>Written here rather than taken from a library: the pictures need a dozen elements with escaped
 * text, and the SVG libraries for Java (Batik, JFreeSVG) are Graphics2D renderers that bring AWT
 * and megabytes to a server that only concatenates elements.
 */
public final class Svg {

  private final StringBuilder out = new StringBuilder(1024);
  private final int width;
  private final int height;
  private int open;

  /**
   * The smallest scale a picture is drawn at: its 12-unit text stays at least 8 px high. On a
   * narrower screen (a phone is 390 px) the picture keeps this size and its frame scrolls sideways.
   */
  static final double MIN_SCALE = 0.7;

  /**
   * A picture {@code width} × {@code height} user units, scaled to the page's width (it keeps its
   * aspect ratio) but never below {@link #MIN_SCALE}, labelled for screen readers by {@code label}.
   */
  public Svg(int width, int height, String label) {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("picture size must be positive: " + width + "x" + height);
    }
    this.width = width;
    this.height = height;
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" width=\"100%\" style=\"min-width:")
        .append((int) Math.ceil(width * MIN_SCALE))
        .append("px\" preserveAspectRatio=\"xMinYMin meet\" role=\"img\"")
        .append(" aria-label=\"")
        .append(escape(label))
        .append("\" font-family=\"sans-serif\" font-size=\"12\">");
  }

  public int width() {
    return width;
  }

  public int height() {
    return height;
  }

  /** A rectangle; {@code title} (may be null) is shown on hover. */
  public Svg rect(
      double x,
      double y,
      double w,
      double h,
      String fill,
      String stroke,
      double strokeWidth,
      String title) {
    out.append("<rect x=\"")
        .append(num(x))
        .append("\" y=\"")
        .append(num(y))
        .append("\" width=\"")
        .append(num(Math.max(0, w)))
        .append("\" height=\"")
        .append(num(Math.max(0, h)))
        .append("\" fill=\"")
        .append(escape(fill))
        .append('"');
    if (stroke != null) {
      out.append(" stroke=\"")
          .append(escape(stroke))
          .append("\" stroke-width=\"")
          .append(num(strokeWidth))
          .append('"');
    }
    return closeWithTitle("rect", title);
  }

  /** A straight line. */
  public Svg line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth) {
    out.append("<line x1=\"")
        .append(num(x1))
        .append("\" y1=\"")
        .append(num(y1))
        .append("\" x2=\"")
        .append(num(x2))
        .append("\" y2=\"")
        .append(num(y2))
        .append("\" stroke=\"")
        .append(escape(stroke))
        .append("\" stroke-width=\"")
        .append(num(strokeWidth))
        .append("\"/>");
    return this;
  }

  /** A line through {@code points} (x0, y0, x1, y1, ...). */
  public Svg polyline(double[] points, String stroke, double strokeWidth, String title) {
    if (points.length % 2 != 0) {
      throw new IllegalArgumentException("polyline needs x,y pairs, got " + points.length);
    }
    out.append("<polyline fill=\"none\" stroke=\"")
        .append(escape(stroke))
        .append("\" stroke-width=\"")
        .append(num(strokeWidth))
        .append("\" points=\"");
    for (int i = 0; i < points.length; i += 2) {
      if (i > 0) {
        out.append(' ');
      }
      out.append(num(points[i])).append(',').append(num(points[i + 1]));
    }
    out.append('"');
    return closeWithTitle("polyline", title);
  }

  /** A circle; {@code title} (may be null) is shown on hover. */
  public Svg circle(double cx, double cy, double r, String fill, String title) {
    out.append("<circle cx=\"")
        .append(num(cx))
        .append("\" cy=\"")
        .append(num(cy))
        .append("\" r=\"")
        .append(num(r))
        .append("\" fill=\"")
        .append(escape(fill))
        .append('"');
    return closeWithTitle("circle", title);
  }

  /** An arrow from (x1, y1) to (x2, y2), its head at the end. */
  public Svg arrow(double x1, double y1, double x2, double y2, String stroke) {
    line(x1, y1, x2, y2, stroke, 1.5);
    double angle = Math.atan2(y2 - y1, x2 - x1);
    double size = 7;
    double ax = x2 - size * Math.cos(angle - Math.PI / 7);
    double ay = y2 - size * Math.sin(angle - Math.PI / 7);
    double bx = x2 - size * Math.cos(angle + Math.PI / 7);
    double by = y2 - size * Math.sin(angle + Math.PI / 7);
    out.append("<polygon fill=\"")
        .append(escape(stroke))
        .append("\" points=\"")
        .append(num(x2))
        .append(',')
        .append(num(y2))
        .append(' ')
        .append(num(ax))
        .append(',')
        .append(num(ay))
        .append(' ')
        .append(num(bx))
        .append(',')
        .append(num(by))
        .append("\"/>");
    return this;
  }

  /**
   * Text at (x, y); {@code anchor} is {@code start}, {@code middle} or {@code end}. Text longer
   * than {@code maxChars} is cut with an ellipsis, the whole text on hover.
   */
  public Svg text(double x, double y, String text, String anchor, String fill, int maxChars) {
    String shown =
        text.length() > maxChars ? text.substring(0, Math.max(1, maxChars - 1)) + "…" : text;
    out.append("<text x=\"")
        .append(num(x))
        .append("\" y=\"")
        .append(num(y))
        .append("\" text-anchor=\"")
        .append(escape(anchor))
        .append("\" fill=\"")
        .append(escape(fill))
        .append("\">");
    if (!shown.equals(text)) {
      out.append("<title>").append(escape(text)).append("</title>");
    }
    out.append(escape(shown)).append("</text>");
    return this;
  }

  /** Opens a group, with a hover title for all it holds when {@code title} is not null. */
  public Svg group(String title) {
    out.append("<g>");
    if (title != null) {
      out.append("<title>").append(escape(title)).append("</title>");
    }
    open++;
    return this;
  }

  /** Closes the innermost open group. */
  public Svg end() {
    if (open == 0) {
      throw new IllegalStateException("no open group");
    }
    out.append("</g>");
    open--;
    return this;
  }

  /** The finished picture. */
  public String toSvg() {
    if (open != 0) {
      throw new IllegalStateException(open + " group(s) left open");
    }
    return out + "</svg>";
  }

  private Svg closeWithTitle(String element, String title) {
    if (title == null) {
      out.append("/>");
    } else {
      out.append("><title>").append(escape(title)).append("</title></").append(element).append('>');
    }
    return this;
  }

  /** A number as SVG writes it: at most two decimals, no exponent. */
  static String num(double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("not a finite coordinate: " + v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Escapes text for an XML element or a double-quoted attribute. */
  public static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          // XML 1.0 forbids most control characters even escaped; show them as a replacement.
          if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            b.append('\uFFFD');
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
