package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Uses the agent's web console as a browser would: logs in with a user's token, opens a proposal's
 * page, and presses Approve with the page's CSRF field. The demo uses it where no browser runs.
 */
public final class ConsoleClient {

  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]*)\"");
  private static final Pattern NOTICE =
      Pattern.compile(
          "<p class=\"(notice|refusal)\" id=\"(?:notice|refusal)\">(.*?)</p>", Pattern.DOTALL);

  private final String baseUrl;
  private final String sessionCookie;
  private final HttpClient http;

  private ConsoleClient(String baseUrl, String sessionCookie, HttpClient http) {
    this.baseUrl = baseUrl;
    this.sessionCookie = sessionCookie;
    this.http = http;
  }

  /**
   * Logs in at {@code /console/login} with {@code token}.
   *
   * @throws IllegalStateException the console refused the token or set no session cookie
   */
  public static ConsoleClient login(String baseUrl, String token) {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    HttpResponse<String> response =
        send(
            http,
            HttpRequest.newBuilder(URI.create(baseUrl + "/console/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8)))
                .build());
    Optional<String> cookie =
        response.headers().allValues("Set-Cookie").stream()
            .map(c -> c.split(";", 2)[0])
            .filter(c -> c.contains("=") && !c.endsWith("="))
            .findFirst();
    if (response.statusCode() != 303 || cookie.isEmpty()) {
      throw new IllegalStateException(
          "The console refused the login: HTTP " + response.statusCode());
    }
    return new ConsoleClient(baseUrl, cookie.get(), http);
  }

  /**
   * Opens {@code /console/proposals/{id}} and presses Approve; returns the notice (or the refusal)
   * the page shows afterwards, as plain text.
   *
   * @throws IllegalStateException the page has no Approve form or the console answered an error
   */
  public String approve(String proposalId) {
    String path = "/console/proposals/" + URLEncoder.encode(proposalId, StandardCharsets.UTF_8);
    HttpResponse<String> page =
        send(
            http,
            HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Cookie", sessionCookie)
                .GET()
                .build());
    Matcher csrf = CSRF.matcher(page.body());
    if (page.statusCode() != 200 || !csrf.find()) {
      throw new IllegalStateException(
          "GET " + path + " answered HTTP " + page.statusCode() + " without an Approve form");
    }
    HttpResponse<String> decided =
        send(
            http,
            HttpRequest.newBuilder(URI.create(baseUrl + path + "/approve"))
                .header("Cookie", sessionCookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "csrf="
                            + URLEncoder.encode(unescape(csrf.group(1)), StandardCharsets.UTF_8)))
                .build());
    Matcher notice = NOTICE.matcher(decided.body());
    if (!notice.find()) {
      throw new IllegalStateException(
          "POST " + path + "/approve answered HTTP " + decided.statusCode() + " without a notice");
    }
    String text = unescape(notice.group(2).replaceAll("<[^>]+>", "")).strip();
    return notice.group(1).equals("refusal") ? "refused: " + text : text;
  }

  /** The five entities the console's templates escape. */
  private static String unescape(String html) {
    return html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
  }

  private static HttpResponse<String> send(HttpClient http, HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException(
          "The console at " + request.uri() + " is unreachable: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while calling the console", e);
    }
  }
}
