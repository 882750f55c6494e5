package dev.lakeops.tools.cdc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.RestUrls;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads a Kafka Connect worker's REST API, read-only: {@code GET /}, {@code /connectors}, and per
 * connector {@code /status} (with the task traces), {@code /config} and {@code /offsets} (Kafka 3.6
 * and later). Speaks HTTP with {@code java.net.http}; the Connect client classes are not needed.
 *
 * <p>Secrets in a connector's config (keys naming a password, secret, credential, token or JAAS
 * config) are replaced by {@value #REDACTED} as they are read; Connect returns them in plain text.
 */
public final class ConnectProbe {

  static final String REDACTED = "[redacted]";
  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|secret|credential|token|jaas|api\\.key|private\\.key).*");
  private static final int MAX_BODY_CHARS = 8 * 1024 * 1024;

  private final URI base;
  private final Duration timeout;
  private final Clock clock;
  private @Nullable HttpClient http;

  /**
   * @param baseUrl {@code http(s)://host:port[/prefix]}
   * @throws IllegalArgumentException the URL is not one; the message names it
   */
  public ConnectProbe(String baseUrl, Duration timeout, Clock clock) {
    this.base = parseBase(baseUrl);
    this.timeout = timeout;
    this.clock = clock;
  }

  public String baseUrl() {
    return base.toString();
  }

  /**
   * Reads connector {@code connector}, or every connector when it is null.
   *
   * @throws ProbeException UNREACHABLE or TIMEOUT: the worker did not answer; NOT_FOUND: no such
   *     connector; BAD_RESPONSE: an answer that is not the API's (not JSON, an HTTP error); each
   *     names the URL
   */
  public ConnectSnapshot capture(@Nullable String connector) {
    List<String> sources = new ArrayList<>();
    JsonNode root = get("/", sources);
    String version = root.hasNonNull("version") ? root.get("version").asText() : null;
    List<String> names = new ArrayList<>();
    if (connector == null || connector.isBlank()) {
      JsonNode list = get("/connectors", sources);
      if (!list.isArray()) {
        throw bad("/connectors", "a JSON array of connector names", list);
      }
      list.forEach(n -> names.add(n.asText()));
    } else {
      names.add(connector.strip());
    }
    List<ConnectSnapshot.Connector> connectors = new ArrayList<>();
    for (String name : names) {
      connectors.add(connector(name, sources));
    }
    return new ConnectSnapshot(baseUrl(), version, connectors, sources, clock.instant());
  }

  /**
   * The connectors whose Debezium server name ({@code topic.prefix}, or {@code
   * database.server.name} before Debezium 2) is {@code server}, as {@code GET
   * /connectors?expand=info} lists them: alerts on Debezium's own metrics name the server, not the
   * connector.
   *
   * @throws ProbeException as {@link #capture}
   */
  public List<String> connectorsOfServer(String server) {
    List<String> sources = new ArrayList<>();
    JsonNode all = get("/connectors?expand=info", sources);
    List<String> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode config = e.getValue().path("info").path("config");
      String prefix =
          config.hasNonNull("topic.prefix")
              ? config.get("topic.prefix").asText()
              : config.path("database.server.name").asText(null);
      if (server.strip().equals(prefix)) {
        out.add(e.getKey());
      }
    }
    out.sort(null);
    return out;
  }

  private ConnectSnapshot.Connector connector(String name, List<String> sources) {
    String path =
        "/connectors/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    JsonNode status = get(path + "/status", sources);
    JsonNode state = status.path("connector");
    if (!state.path("state").isTextual()) {
      throw bad(path + "/status", "an object with connector.state", status);
    }
    List<ConnectSnapshot.Task> tasks = new ArrayList<>();
    for (JsonNode t : status.path("tasks")) {
      tasks.add(
          new ConnectSnapshot.Task(
              t.path("id").asInt(),
              t.path("state").asText("UNKNOWN"),
              text(t, "worker_id"),
              text(t, "trace")));
    }
    Map<String, String> config = redacted(get(path + "/config", sources));
    List<ConnectSnapshot.SourceOffset> offsets = new ArrayList<>();
    String offsetsError = null;
    try {
      for (JsonNode o : get(path + "/offsets", sources).path("offsets")) {
        offsets.add(
            new ConnectSnapshot.SourceOffset(flat(o.path("partition")), flat(o.path("offset"))));
      }
    } catch (ProbeException e) {
      if (e.code() == ProbeException.Code.UNREACHABLE || e.code() == ProbeException.Code.TIMEOUT) {
        throw e;
      }
      // Workers before Kafka 3.6 have no offsets endpoint (404/405); the rest is still judged.
      offsetsError = e.getMessage();
    }
    return new ConnectSnapshot.Connector(
        name,
        text(status, "type"),
        state.path("state").asText(),
        text(state, "worker_id"),
        text(state, "trace"),
        tasks,
        config,
        offsets,
        offsetsError);
  }

  private JsonNode get(String path, List<String> sources) {
    String url = base + path;
    String endpoint = "GET " + url;
    sources.add(endpoint);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(timeout)
            .header("Accept", "application/json")
            .GET()
            .build();
    HttpResponse<String> response =
        RestUrls.send(http(), request, endpoint, "Kafka Connect worker at " + base, timeout);
    return parse(endpoint, url, response.statusCode(), response.body());
  }

  static JsonNode parse(String endpoint, String url, int status, String body) {
    if (status == 401 || status == 403) {
      throw new ProbeException(
          ProbeException.Code.UNAUTHORIZED,
          endpoint,
          url + " refused access (HTTP " + status + ")");
    }
    if (status == 404) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          endpoint,
          url + " answered HTTP 404: " + errorMessage(body, "no such resource"));
    }
    if (status >= 300) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          url + " answered HTTP " + status + ": " + errorMessage(body, "no message"));
    }
    if (body.length() > MAX_BODY_CHARS) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          url + " answered more than " + MAX_BODY_CHARS + " characters");
    }
    String trimmed = body.stripLeading();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          url
              + " answered with something that is not JSON (not a Kafka Connect worker, or a"
              + " proxy page?): "
              + snippet(trimmed));
    }
    try {
      return Json.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          url
              + " answered with invalid JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr());
    }
  }

  private ProbeException bad(String path, String expected, JsonNode got) {
    String url = base + path;
    return new ProbeException(
        ProbeException.Code.BAD_RESPONSE,
        "GET " + url,
        url + " answered JSON that is not " + expected + ": " + snippet(got.toString()));
  }

  private static String errorMessage(String body, String fallback) {
    try {
      JsonNode node = Json.mapper().readTree(body);
      if (node != null && node.path("message").isTextual()) {
        return snippet(node.get("message").asText());
      }
    } catch (JsonProcessingException e) {
      // not JSON: quote the start of it
    }
    return body.isBlank() ? fallback : snippet(body.strip());
  }

  private static Map<String, String> redacted(JsonNode config) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = config.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(e.getKey(), SECRET.matcher(e.getKey()).matches() ? REDACTED : e.getValue().asText());
    }
    return out;
  }

  private static Map<String, String> flat(JsonNode object) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(
          e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
    }
    return out;
  }

  private static @Nullable String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static String snippet(String text) {
    String oneLine = text.replaceAll("\\s+", " ");
    return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 120) + "...";
  }

  private synchronized HttpClient http() {
    if (http == null) {
      http = RestUrls.client(timeout);
    }
    return http;
  }

  /** Accepts {@code http(s)://host:port[/prefix]}; a trailing slash is dropped. */
  static URI parseBase(String baseUrl) {
    return RestUrls.parseBase(baseUrl, "Kafka Connect");
  }
}
