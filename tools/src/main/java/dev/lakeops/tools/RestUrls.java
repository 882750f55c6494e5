package dev.lakeops.tools;

import static dev.lakeops.tools.Checks.checkArgument;

import java.net.URI;
import java.net.http.HttpClient;
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

  /** A client that connects within {@code timeout} and never follows a redirect. */
  public static HttpClient client(Duration timeout) {
    return HttpClient.newBuilder()
        .connectTimeout(timeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }
}
