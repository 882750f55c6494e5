package dev.lakeops.agent.console;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Chat text (lakeops' replies and people's messages) rendered as CommonMark for the console, the
 * way chat platforms show it: headings, emphasis, lists, code, line breaks kept.
 *
 * <p>Nothing in the text becomes active: raw HTML is escaped and shown as text; a link is a link
 * only when it goes to {@code http} or {@code https} (any other link shows its text alone); an
 * image is never loaded (the console's content-security policy forbids it too) but becomes a link
 * to it, or its description when its address is not {@code http}/{@code https}.
 */
final class ChatMarkdown {

  private static final Parser PARSER = Parser.builder().build();

  private static final HtmlRenderer RENDERER =
      HtmlRenderer.builder()
          .escapeHtml(true)
          .sanitizeUrls(true)
          .softbreak("<br>\n")
          .nodeRendererFactory(SafeLinks::new)
          .build();

  private ChatMarkdown() {}

  /** {@code text} as HTML that is safe to put in a page as it is. */
  static String html(String text) {
    return RENDERER.render(PARSER.parse(text == null ? "" : text));
  }

  /** Whether {@code destination} is an absolute http or https address. */
  static boolean webAddress(String destination) {
    String d = destination.strip().toLowerCase(Locale.ROOT);
    return (d.startsWith("http://") || d.startsWith("https://"))
        && d.length() > "https://".length();
  }

  /** Links and images, restricted as the class says. */
  private static final class SafeLinks implements NodeRenderer {

    private final HtmlNodeRendererContext context;

    SafeLinks(HtmlNodeRendererContext context) {
      this.context = context;
    }

    @Override
    public Set<Class<? extends Node>> getNodeTypes() {
      return Set.of(Link.class, Image.class);
    }

    @Override
    public void render(Node node) {
      String destination =
          node instanceof Link l ? l.getDestination() : ((Image) node).getDestination();
      String title = node instanceof Link l ? l.getTitle() : ((Image) node).getTitle();
      if (!webAddress(destination) || (node instanceof Image && insideLink(node))) {
        children(node);
        return;
      }
      Map<String, String> attrs = new java.util.LinkedHashMap<>();
      attrs.put("href", context.encodeUrl(destination));
      if (title != null) {
        attrs.put("title", title);
      }
      attrs.put("rel", "nofollow noopener noreferrer");
      var html = context.getWriter();
      html.tag("a", context.extendAttributes(node, "a", attrs));
      if (node.getFirstChild() == null) {
        html.text(destination);
      } else {
        children(node);
      }
      html.tag("/a");
    }

    private static boolean insideLink(Node node) {
      for (Node p = node.getParent(); p != null; p = p.getParent()) {
        if (p instanceof Link) {
          return true;
        }
      }
      return false;
    }

    private void children(Node node) {
      Node child = node.getFirstChild();
      while (child != null) {
        Node next = child.getNext();
        context.render(child);
        child = next;
      }
    }
  }
}
