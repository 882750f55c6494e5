package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Uses the agent's web console as a browser would: logs in with a user's token, opens a proposal's
 * page or an incident's page, and presses Approve with the page's CSRF field. The demo uses it
 * where no browser runs.
 */
public final class ConsoleClient {

  private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]*)\"");
  private static final Pattern PICTURE =
      Pattern.compile(
          "<figure id=\"picture-([A-Za-z0-9_-]+)\" class=\"picture\">(?:<div class=\"frame\">)?<svg"
              + " ");
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

  /**
   * The ids of the pictures (inline SVG) the incident's page {@code /console/incidents/{id}} shows,
   * in page order, e.g. {@code flink-graph}.
   *
   * @throws IllegalStateException the console answered an error
   */
  public List<String> pictures(String incidentId) {
    List<String> ids = new ArrayList<>();
    Matcher m = PICTURE.matcher(incidentPage(incidentId));
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }

  /**
   * The markup of one picture of the incident's page, from its {@code <figure>} to its {@code
   * </figure>}: the inline SVG with its hover titles and the caption.
   *
   * @throws IllegalStateException the console answered an error or the page has no such picture
   */
  public String picture(String incidentId, String pictureId) {
    String page = incidentPage(incidentId);
    int start = page.indexOf("<figure id=\"picture-" + pictureId + "\"");
    int end = start < 0 ? -1 : page.indexOf("</figure>", start);
    if (end < 0) {
      throw new IllegalStateException(
          "The page of incident " + incidentId + " has no picture '" + pictureId + "'");
    }
    return page.substring(start, end + "</figure>".length());
  }

  private String incidentPage(String incidentId) {
    String path = "/console/incidents/" + URLEncoder.encode(incidentId, StandardCharsets.UTF_8);
    HttpResponse<String> page = get(path);
    if (page.statusCode() != 200) {
      throw new IllegalStateException("GET " + path + " answered HTTP " + page.statusCode());
    }
    return page.body();
  }

  /**
   * Opens the incident's page {@code /console/incidents/{incidentId}}, presses Approve in the row
   * of proposal {@code proposalId}, follows the redirect back to the incident and returns what the
   * row says then: {@code executed: <state> (<what the audit log says>)}, or the refusal.
   *
   * @throws IllegalStateException the row has no Approve form or the console answered an error
   */
  public String approveOnIncident(String incidentId, String proposalId) {
    String path = "/console/incidents/" + URLEncoder.encode(incidentId, StandardCharsets.UTF_8);
    String form = path + "/proposals/" + URLEncoder.encode(proposalId, StandardCharsets.UTF_8);
    HttpResponse<String> page = get(path);
    Matcher csrf = CSRF.matcher(page.body());
    if (page.statusCode() != 200 || !page.body().contains(form + "/approve") || !csrf.find()) {
      throw new IllegalStateException(
          "GET "
              + path
              + " answered HTTP "
              + page.statusCode()
              + " without an Approve form for proposal "
              + proposalId);
    }
    HttpResponse<String> decided =
        send(
            http,
            HttpRequest.newBuilder(URI.create(baseUrl + form + "/approve"))
                .header("Cookie", sessionCookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "csrf="
                            + URLEncoder.encode(unescape(csrf.group(1)), StandardCharsets.UTF_8)))
                .build());
    if (decided.statusCode() != 303) {
      Matcher refusal = NOTICE.matcher(decided.body());
      return "refused (HTTP "
          + decided.statusCode()
          + ")"
          + (refusal.find()
              ? ": " + unescape(refusal.group(2).replaceAll("<[^>]+>", "")).strip()
              : "");
    }
    String after = get(path).body();
    Matcher row =
        Pattern.compile(
                "id=\"proposal-"
                    + Pattern.quote(proposalId)
                    + "\".*?<span class=\"proposal-state\">([^<]*)</span>"
                    + "(?:<br><span class=\"proposal-result\">(.*?)</span>)?",
                Pattern.DOTALL)
            .matcher(after);
    if (!row.find()) {
      throw new IllegalStateException(
          "GET " + path + " after approving shows no row for proposal " + proposalId);
    }
    String result = row.group(2) == null ? "" : unescape(row.group(2)).strip();
    return "executed: " + row.group(1) + (result.isEmpty() ? "" : " (" + result + ")");
  }

  private HttpResponse<String> get(String path) {
    return send(
        http,
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .header("Cookie", sessionCookie)
            .GET()
            .build());
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
