package dev.lakeops.agent.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;

/**
 * Requests to the webhook with the JDK's HTTP client at its defaults (it asks for h2c on plain
 * HTTP).
 */
final class JdkClientHttp {

  /** Twice the test limit of quarkus.http.limits.max-body-size=1M. */
  static final byte[] OVERSIZED = filled(2 * 1024 * 1024);

  private final HttpClient client = HttpClient.newHttpClient();
  private final URI webhook;

  JdkClientHttp(URL base) {
    this.webhook =
        URI.create(base.toString().replaceAll("/$", "") + AlertWebhookResourceTest.WEBHOOK);
  }

  HttpRequest post(byte[] body) {
    return HttpRequest.newBuilder(webhook)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /**
   * Sends {@code request}; a connection-level failure (GOAWAY, reset) fails the test with the
   * request's description.
   */
  HttpResponse<String> send(String what, HttpRequest request) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new AssertionError(what + ": no HTTP answer (" + e + ")", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted", e));
    }
  }

  HttpClient client() {
    return client;
  }

  private static byte[] filled(int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) 'a');
    return bytes;
  }
}
