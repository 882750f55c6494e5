package dev.lakeops.agent.im;

import dev.lakeops.agent.InvalidInputException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@code application/x-www-form-urlencoded} body, as Slack sends slash commands and button
 * clicks.
 */
public final class FormBody {

  private FormBody() {}

  /**
   * The fields of {@code body}; the first of repeated names wins.
   *
   * @throws InvalidInputException a malformed percent escape
   */
  public static Map<String, String> parse(byte[] body) {
    Map<String, String> fields = new LinkedHashMap<>();
    String text = new String(body, StandardCharsets.UTF_8);
    if (text.isBlank()) {
      return fields;
    }
    for (String pair : text.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      try {
        fields.putIfAbsent(
            URLDecoder.decode(name, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException("body", "is not a valid form: " + e.getMessage());
      }
    }
    return fields;
  }
}
