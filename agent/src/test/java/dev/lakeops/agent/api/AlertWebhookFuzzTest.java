package dev.lakeops.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random damage to a valid notification never reaches a 5xx, and every 4xx says what is wrong in
 * JSON. The cases are sent with the JDK's client, one at a time and never re-sent: REST Assured's
 * per-request set-up cost more than the server's answer.
 */
@QuarkusTest
class AlertWebhookFuzzTest {

  @TestHTTPResource("/")
  URL base;

  /** {@code -Dlakeops-test.fuzz-seed=N} explores other inputs locally. */
  private static final long SEED = Long.getLong("lakeops-test.fuzz-seed", 20240501L);

  /** Cases per test; {@code -Dlakeops-test.fuzz-cases=N} runs more locally. */
  private static final int CASES = Integer.getInteger("lakeops-test.fuzz-cases", 300);

  /** Fragments that stress the parser: wrong types, escapes, lone surrogates, deep nesting. */
  private static final String[] FRAGMENTS = {
    "null",
    "true",
    "-1e999",
    "1e-999",
    "{}",
    "[]",
    "\"\"",
    "\"\\ud800\"",
    "\"\\udc00x\"",
    "\"\\u0000\"",
    "\"firing\"",
    "\"resolved\"",
    "\"4\"",
    "\"0001-01-01T00:00:00Z\"",
    "\"9999-12-31T23:59:59.999999999Z\"",
    "\"+1000000000-01-01T00:00:00Z\"",
    "[[[[[[[[[[[[[[[[[[[[",
    "]]]]",
    "{\"a\":",
    ",",
    ":",
    "\"\\",
    "\u00e9",
    "\ud83d\ude00",
    "0x10",
    "NaN",
    "\"labels\"",
    "\"alerts\""
  };

  @Test
  void neverAnswersAServerErrorToDamagedBytes() {
    JdkClientHttp http = new JdkClientHttp(base);
    Random random = new Random(SEED);
    byte[] valid = valid().getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < CASES; i++) {
      assertAnsweredWithoutServerError(http, i, mutate(valid, random));
    }
  }

  @Test
  void neverAnswersAServerErrorToWellFormedJsonOfTheWrongShape() throws IOException {
    JdkClientHttp http = new JdkClientHttp(base);
    Random random = new Random(SEED + 1);
    for (int i = 0; i < CASES; i++) {
      JsonNode payload = Json.mapper().readTree(valid());
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        reshape(payload, random);
      }
      // Escaped, so that unpaired surrogates reach the server as JSON escapes, the way a sender
      // could write them.
      assertAnsweredWithoutServerError(
          http,
          i,
          Json.mapper()
              .writer()
              .with(JsonWriteFeature.ESCAPE_NON_ASCII)
              .writeValueAsBytes(payload));
    }
  }

  private static String valid() {
    return AlertPayloads.group(
        AlertPayloads.flinkAlert("2024-05-01T12:00:00Z"),
        AlertPayloads.alert("DiskFull", "resolved", "2024-05-01T12:00:00Z"));
  }

  private static void assertAnsweredWithoutServerError(JdkClientHttp http, int i, byte[] body) {
    String description = "case " + i + ": " + new String(body, StandardCharsets.UTF_8);
    HttpResponse<String> response = http.send(description, http.post(body));

    assertThat(response.statusCode()).as(description).isLessThan(500);
    if (response.statusCode() >= 400) {
      assertThat(response.headers().firstValue("content-type"))
          .as(description)
          .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
      JsonNode answer;
      try {
        answer = Json.mapper().readTree(response.body());
      } catch (IOException e) {
        throw new AssertionError(description + ": answer is not JSON: " + response.body(), e);
      }
      assertThat(answer.path("error").asText()).as(description).isNotBlank();
    }
  }

  /** Replaces, removes or adds one member of a random object or array of the tree. */
  private static void reshape(JsonNode root, Random random) {
    List<JsonNode> containers = new ArrayList<>();
    collectContainers(root, containers);
    JsonNode target = containers.get(random.nextInt(containers.size()));
    if (target instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      String name =
          names.isEmpty() || random.nextInt(4) == 0
              ? randomText(random)
              : names.get(random.nextInt(names.size()));
      if (random.nextInt(3) == 0) {
        object.remove(name);
      } else {
        object.set(name, randomValue(random));
      }
    } else if (target instanceof ArrayNode array) {
      if (!array.isEmpty() && random.nextInt(3) == 0) {
        array.remove(random.nextInt(array.size()));
      } else if (!array.isEmpty() && random.nextBoolean()) {
        array.set(random.nextInt(array.size()), randomValue(random));
      } else {
        array.add(randomValue(random));
      }
    }
  }

  private static void collectContainers(JsonNode node, List<JsonNode> into) {
    if (node.isContainerNode()) {
      into.add(node);
      node.forEach(child -> collectContainers(child, into));
    }
  }

  private static JsonNode randomValue(Random random) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    return switch (random.nextInt(9)) {
      case 0 -> nodes.nullNode();
      case 1 -> nodes.booleanNode(random.nextBoolean());
      case 2 -> nodes.numberNode(random.nextLong());
      case 3 -> nodes.numberNode(new BigDecimal("1e" + random.nextInt(400)));
      case 4 -> nodes.objectNode().put(randomText(random), randomText(random));
      case 5 -> nodes.arrayNode().add(randomText(random));
      default -> nodes.textNode(randomText(random));
    };
  }

  private static String randomText(Random random) {
    return TEXTS[random.nextInt(TEXTS.length)];
  }

  /** Values that fields expect, values they do not, and text that cannot be stored as UTF-8. */
  private static final String[] TEXTS = {
    "",
    "4",
    "3",
    "firing",
    "resolved",
    "pending",
    "alertname",
    "labels",
    "alerts",
    "job_name",
    "2024-05-01T12:00:00Z",
    "0001-01-01T00:00:00Z",
    "+999999999-12-31T23:59:59Z",
    "1a30ba71cca2921f",
    "1A30BA71CCA2921F",
    "xyz",
    "\ud800",
    "a\udc00b",
    "\u0000",
    "line\nbreak",
    "<script>",
    "`code`",
    "\ud83d\ude00",
    "x".repeat(5000)
  };

  private static byte[] mutate(byte[] valid, Random random) {
    byte[] body = valid.clone();
    int edits = 1 + random.nextInt(4);
    for (int e = 0; e < edits; e++) {
      body =
          switch (random.nextInt(5)) {
            case 0 -> java.util.Arrays.copyOf(body, random.nextInt(body.length + 1));
            case 1 -> flipByte(body, random);
            case 2 ->
                insert(
                    body,
                    random.nextInt(body.length + 1),
                    FRAGMENTS[random.nextInt(FRAGMENTS.length)].getBytes(StandardCharsets.UTF_8));
            case 3 -> replaceValue(body, random);
            default -> delete(body, random);
          };
    }
    return body;
  }

  private static byte[] flipByte(byte[] body, Random random) {
    if (body.length == 0) {
      return body;
    }
    byte[] out = body.clone();
    out[random.nextInt(out.length)] = (byte) random.nextInt(256);
    return out;
  }

  /**
   * Replaces the value after a random colon with a fragment: keeps the JSON valid more often than
   * byte damage does.
   */
  private static byte[] replaceValue(byte[] body, Random random) {
    String text = new String(body, StandardCharsets.ISO_8859_1);
    int colon = text.indexOf(':', random.nextInt(Math.max(1, text.length())));
    if (colon < 0) {
      return body;
    }
    int end = colon + 1;
    while (end < text.length() && ",}]".indexOf(text.charAt(end)) < 0) {
      end++;
    }
    String fragment =
        new String(
            FRAGMENTS[random.nextInt(FRAGMENTS.length)].getBytes(StandardCharsets.UTF_8),
            StandardCharsets.ISO_8859_1);
    return (text.substring(0, colon + 1) + fragment + text.substring(end))
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] insert(byte[] body, int at, byte[] fragment) {
    byte[] out = new byte[body.length + fragment.length];
    System.arraycopy(body, 0, out, 0, at);
    System.arraycopy(fragment, 0, out, at, fragment.length);
    System.arraycopy(body, at, out, at + fragment.length, body.length - at);
    return out;
  }

  private static byte[] delete(byte[] body, Random random) {
    if (body.length == 0) {
      return body;
    }
    int from = random.nextInt(body.length);
    int to = Math.min(body.length, from + 1 + random.nextInt(20));
    byte[] out = new byte[body.length - (to - from)];
    System.arraycopy(body, 0, out, 0, from);
    System.arraycopy(body, to, out, from, body.length - to);
    return out;
  }
}
