package dev.lakeops.runbooks.alert.promql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rule expressions an alert's {@code generatorURL} carries. Prometheus and Thanos link to
 * {@code /graph?g0.expr=<url-encoded PromQL>&g0.tab=1} (more panels as {@code g1.expr} ...); other
 * tools use {@code expr=} or {@code query=}, or a Grafana Explore link whose {@code left} or {@code
 * panes} parameter is JSON with {@code "expr"} fields. Grafana-managed rules link to the rule's
 * page and carry no expression. Percent-decoding is lenient (a malformed {@code %} sequence stays
 * as written); nothing here throws.
 */
public final class GeneratorUrl {

  /** URLs longer than this are not read. */
  public static final int MAX_CHARS = 128 * 1024;

  private static final Pattern EXPR_KEY = Pattern.compile("(g\\d+\\.)?(expr|query|expression)");
  private static final ObjectMapper JSON = new ObjectMapper();

  private GeneratorUrl() {}

  /**
   * The expressions of {@code url}, in order; empty when it carries none or is longer than {@link
   * #MAX_CHARS}.
   */
  public static List<String> expressions(String url) {
    List<String> out = new ArrayList<>();
    if (url == null || url.length() > MAX_CHARS) {
      return out;
    }
    int q = url.indexOf('?');
    if (q < 0) {
      return out;
    }
    int hash = url.indexOf('#', q);
    String query = url.substring(q + 1, hash < 0 ? url.length() : hash);
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String key = decode(pair.substring(0, eq));
      String value = decode(pair.substring(eq + 1));
      if (EXPR_KEY.matcher(key).matches()) {
        if (!value.isBlank()) {
          out.add(value);
        }
      } else if (value.startsWith("{") || value.startsWith("[")) {
        exprFields(value, out);
      }
    }
    return out;
  }

  /**
   * Decodes {@code application/x-www-form-urlencoded} text: {@code +} is a space, {@code %XX} a
   * byte, bytes are UTF-8 (a bad sequence becomes U+FFFD); a {@code %} not followed by two hex
   * digits stays as it is.
   */
  public static String decode(String s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '+') {
        bytes.write(' ');
      } else if (c == '%'
          && i + 2 < s.length()
          && hex(s.charAt(i + 1)) >= 0
          && hex(s.charAt(i + 2)) >= 0) {
        bytes.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c)
            && i + 1 < s.length()
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.write(b, 0, b.length);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static int hex(char c) {
    return Character.digit(c, 16) >= 0 && c < 128 ? Character.digit(c, 16) : -1;
  }

  /**
   * Every {@code "expr"} text field in a JSON value (Grafana Explore state); nothing when it is not
   * JSON.
   */
  private static void exprFields(String json, List<String> out) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (Exception e) {
      return;
    }
    List<JsonNode> todo = new ArrayList<>();
    todo.add(root);
    int seen = 0;
    while (!todo.isEmpty() && seen++ < 10_000) {
      JsonNode n = todo.remove(todo.size() - 1);
      if (n.isObject()) {
        n.fields()
            .forEachRemaining(
                e -> {
                  if (e.getKey().equals("expr")
                      && e.getValue().isTextual()
                      && !e.getValue().asText().isBlank()) {
                    out.add(e.getValue().asText());
                  } else {
                    todo.add(e.getValue());
                  }
                });
      } else if (n.isArray()) {
        n.forEach(todo::add);
      }
    }
  }
}
