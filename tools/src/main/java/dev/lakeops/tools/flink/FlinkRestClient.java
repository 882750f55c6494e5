package dev.lakeops.tools.flink;

import static dev.lakeops.tools.Checks.checkArgument;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.RestUrls;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@link FlinkRest} over HTTP with {@code java.net.http}: the REST API is stable across Flink 1.18
 * to 2.x, the client jar is not, so lakeops speaks the API itself.
 *
 * <p>The HTTP client is built on the first request: building one sets up TLS (the JDK's trust
 * store, its cipher suites) even for {@code http://}, a tenth of a second or more that the agent
 * would otherwise spend at every start, where it builds a client per configured cluster.
 */
public final class FlinkRestClient implements FlinkRest {

  private static final int MAX_BODY_CHARS = 16 * 1024 * 1024;

  private final URI base;
  private final Duration timeout;
  private @Nullable HttpClient http;

  public FlinkRestClient(String baseUrl, Duration timeout) {
    this.base = parseBase(baseUrl);
    this.timeout = timeout;
  }

  private synchronized HttpClient http() {
    if (http == null) {
      http = RestUrls.client(timeout);
    }
    return http;
  }

  /** Accepts {@code http(s)://host:port[/prefix]}; a trailing slash is dropped. */
  static URI parseBase(String baseUrl) {
    return RestUrls.parseBase(baseUrl, "Flink REST");
  }

  @Override
  public String baseUrl() {
    return base.toString();
  }

  @Override
  public JsonNode get(String path) {
    checkArgument(path.startsWith("/"), "Flink REST path must start with '/': %s", path);
    return send("GET " + path, request(path).GET().build());
  }

  /**
   * Sends {@code body} as JSON with POST, for the job-control calls of approved actions (e.g.
   * {@code /v1/jobs/<id>/stop}). Errors as for {@link #get}.
   */
  public JsonNode post(String path, JsonNode body) {
    return withBody("POST", path, body);
  }

  /**
   * Sends {@code body} as JSON with PUT (e.g. {@code /v1/jobs/<id>/resource-requirements}); an
   * empty answer is an empty object. Errors as for {@link #get}.
   */
  public JsonNode put(String path, JsonNode body) {
    return withBody("PUT", path, body);
  }

  private JsonNode withBody(String method, String path, JsonNode body) {
    checkArgument(path.startsWith("/"), "Flink REST path must start with '/': %s", path);
    return send(
        method + " " + path,
        request(path)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body.toString()))
            .build());
  }

  /**
   * PATCH without a body (e.g. {@code /v1/jobs/<id>?mode=cancel}); an empty answer is an empty
   * object.
   */
  public JsonNode patch(String path) {
    checkArgument(path.startsWith("/"), "Flink REST path must start with '/': %s", path);
    return send(
        "PATCH " + path,
        request(path).method("PATCH", HttpRequest.BodyPublishers.noBody()).build());
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(base + path))
        .timeout(timeout)
        .header("Accept", "application/json");
  }

  private JsonNode send(String endpoint, HttpRequest request) {
    HttpResponse<String> response =
        RestUrls.send(http(), request, endpoint, "Flink REST at " + base, timeout);
    if (!"GET".equals(request.method())
        && response.statusCode() >= 200
        && response.statusCode() < 300
        && response.body().isBlank()) {
      return Json.mapper().createObjectNode();
    }
    return parse(endpoint, response.statusCode(), response.body());
  }

  static JsonNode parse(String endpoint, int status, String body) {
    if (status == 401 || status == 403) {
      throw new ProbeException(
          ProbeException.Code.UNAUTHORIZED,
          endpoint,
          "Flink REST refused access (HTTP " + status + ")");
    }
    if (status == 404) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, endpoint, "Flink REST has no such resource (HTTP 404)");
    }
    if (status >= 300 && status < 400) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST redirected (HTTP "
              + status
              + "): usually an expired proxy or login page; use a direct URL");
    }
    if (status >= 400) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST answered HTTP " + status + ": " + firstErrorOf(body));
    }
    if (body.length() > MAX_BODY_CHARS) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST answer is larger than " + MAX_BODY_CHARS + " characters");
    }
    String trimmed = body.stripLeading();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST answered with something that is not JSON (a proxy or login page?): "
              + snippet(trimmed));
    }
    try {
      return Json.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      throw new ProbeException(
          ProbeException.Code.BAD_RESPONSE,
          endpoint,
          "Flink REST answered with invalid JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr());
    }
  }

  private static String firstErrorOf(String body) {
    try {
      JsonNode errors = Json.mapper().readTree(body).path("errors");
      if (errors.isArray() && !errors.isEmpty()) {
        return snippet(errors.get(0).asText());
      }
    } catch (JsonProcessingException | RuntimeException ignored) {
      // Not JSON: fall through to the raw snippet.
    }
    return snippet(body);
  }

  private static String snippet(String text) {
    String line = text.strip().replaceAll("\\s+", " ");
    return line.length() <= 120 ? line : line.substring(0, 120) + "...";
  }
}
