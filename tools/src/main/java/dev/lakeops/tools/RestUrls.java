package dev.lakeops.tools;

import static dev.lakeops.tools.Checks.checkArgument;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/** The base URLs of the REST APIs the probes read (Flink, Kafka Connect), and their client. */
public final class RestUrls {

  private RestUrls() {}

  /**
   * Accepts {@code http(s)://host:port[/prefix]}; a trailing slash is dropped.
   *
   * @param what what the URL is of, for the message, e.g. {@code "Flink REST"}
   * @throws IllegalArgumentException the URL is empty, not http(s), has no host or carries
   *     credentials; the message names it
   */
  public static URI parseBase(String baseUrl, String what) {
    checkArgument(baseUrl != null && !baseUrl.isBlank(), "%s URL is empty", what);
    URI uri;
    try {
      uri = URI.create(baseUrl.strip().replaceAll("/+$", ""));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid " + what + " URL: " + baseUrl + " (" + e.getMessage() + ")");
    }
    checkArgument(
        "http".equals(uri.getScheme()) || "https".equals(uri.getScheme()),
        "Invalid %s URL: %s (expected http:// or https://)",
        what,
        baseUrl);
    checkArgument(uri.getHost() != null, "Invalid %s URL: %s (no host)", what, baseUrl);
    checkArgument(
        uri.getUserInfo() == null, "Invalid %s URL: credentials in the URL are not accepted", what);
    return uri;
  }

  /**
   * Sends {@code request}, turning what the transport throws into a {@link ProbeException}: TIMEOUT
   * when no answer came within {@code timeout} (or the wait was interrupted), UNREACHABLE when the
   * connection was refused or broke; each names {@code endpoint} and says it of {@code server},
   * e.g. {@code "Flink REST at http://jm:8081"}.
   */
  public static HttpResponse<String> send(
      HttpClient http, HttpRequest request, String endpoint, String server, Duration timeout) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      throw new ProbeException(
          ProbeException.Code.TIMEOUT,
          endpoint,
          server + " did not answer within " + timeout.toMillis() + " ms",
          e);
    } catch (ConnectException e) {
      throw new ProbeException(
          ProbeException.Code.UNREACHABLE, endpoint, server + " refused the connection", e);
    } catch (IOException e) {
      throw new ProbeException(
          ProbeException.Code.UNREACHABLE,
          endpoint,
          server + " is unreachable: " + e.getClass().getSimpleName(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProbeException(
          ProbeException.Code.TIMEOUT, endpoint, "interrupted while waiting for " + server, e);
    }
  }

  /** A client that connects within {@code timeout} and never follows a redirect. */
  public static HttpClient client(Duration timeout) {
    return HttpClient.newBuilder()
        .connectTimeout(timeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }
}
