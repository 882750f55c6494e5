package dev.lakeops.agent.im;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * JSON over HTTP to the platforms' APIs with the JDK client. Errors name the endpoint without its
 * query string, which may carry an access token or a webhook key.
 */
public final class ImHttp {

  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final HttpClient client;

  public ImHttp() {
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /**
   * POSTs {@code body} as JSON and returns the answer's JSON (a missing node when it is empty or
   * not JSON).
   *
   * @throws DeliveryException no answer, or an HTTP status outside 2xx
   */
  public JsonNode postJson(URI uri, Map<String, String> headers, Object body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(TIMEOUT)
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(Json.compact(body), StandardCharsets.UTF_8));
    headers.forEach(request::header);
    return exchange(uri, request.build());
  }

  /** GETs {@code uri} and returns the answer's JSON. */
  public JsonNode getJson(URI uri) {
    return exchange(uri, HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build());
  }

  private JsonNode exchange(URI uri, HttpRequest request) {
    HttpResponse<String> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new DeliveryException(
          request.method()
              + " "
              + safe(uri)
              + " failed: "
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : " " + e.getMessage()),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeliveryException(request.method() + " " + safe(uri) + " interrupted", e);
    }
    if (response.statusCode() / 100 != 2) {
      String body = response.body() == null ? "" : response.body();
      throw new DeliveryException(
          request.method()
              + " "
              + safe(uri)
              + " answered HTTP "
              + response.statusCode()
              + ": "
              + (body.length() > 300 ? body.substring(0, 300) + "..." : body));
    }
    try {
      String body = response.body();
      return body == null || body.isBlank()
          ? MissingNode.getInstance()
          : Json.mapper().readTree(body);
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }

  /** The URI without query and user info, safe for logs and errors. */
  public static String safe(URI uri) {
    return uri.getScheme()
        + "://"
        + uri.getHost()
        + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
        + uri.getPath();
  }
}
