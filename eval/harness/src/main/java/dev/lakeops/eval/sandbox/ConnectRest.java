package dev.lakeops.eval.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The few Kafka Connect REST calls the sandbox makes to set up and steer connectors. Reads for
 * diagnosis are the product's ({@code dev.lakeops.tools.cdc.ConnectProbe}); this client writes.
 */
final class ConnectRest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final String baseUrl;
  private final HttpClient http;

  ConnectRest(String baseUrl) {
    this.baseUrl = baseUrl;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  /** Whether {@code GET /} answers 200; exceptions (nothing listening yet) propagate. */
  boolean answersRoot() throws IOException, InterruptedException {
    return send("GET", "/", null).statusCode() == 200;
  }

  /** {@code GET path}; null on 404. */
  JsonNode get(String path) {
    HttpResponse<String> response = call("GET", path, null);
    if (response.statusCode() == 404) {
      return null;
    }
    return parse(path, expectOk("GET", path, response));
  }

  /** {@code method path} with a JSON body (or none); returns the parsed answer, if any. */
  JsonNode write(String method, String path, Object body) {
    HttpResponse<String> response = call(method, path, body);
    String text = expectOk(method, path, response);
    return text.isBlank() ? JSON.nullNode() : parse(path, text);
  }

  private HttpResponse<String> call(String method, String path, Object body) {
    try {
      return send(method, path, body);
    } catch (IOException e) {
      throw new SandboxException(
          "Kafka Connect at " + baseUrl + " did not answer " + method + " " + path + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted calling " + method + " " + baseUrl + path, e);
    }
  }

  private HttpResponse<String> send(String method, String path, Object body)
      throws IOException, InterruptedException {
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(TIMEOUT)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .method(method, publisher)
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private String expectOk(String method, String path, HttpResponse<String> response) {
    int status = response.statusCode();
    if (status < 200 || status >= 300) {
      throw new SandboxException(
          "Kafka Connect at "
              + baseUrl
              + " answered "
              + method
              + " "
              + path
              + " with HTTP "
              + status
              + ": "
              + response.body());
    }
    return response.body();
  }

  private JsonNode parse(String path, String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new SandboxException(
          "Kafka Connect at " + baseUrl + path + " answered with something other than JSON", e);
    }
  }
}
