package dev.lakeops.agent.console;

import dev.lakeops.agent.chat.Language;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Headers of every console response: no framing (so the Approve button cannot be clickjacked), no
 * scripts at all, no caching of pages that show a session's CSRF token; and a language chosen with
 * {@code ?lang=} and a time zone chosen with {@code ?tz=} remembered in cookies, so later pages
 * keep them.
 */
@Provider
public class ConsoleResponseFilter implements ContainerResponseFilter {

  public static final String LANG_COOKIE = "lakeops_console_lang";

  public static final String TZ_COOKIE = "lakeops_console_tz";

  static final String CSP =
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none';"
          + " base-uri 'none'";

  @Inject ConsoleCookies cookies;

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String path = request.getUriInfo().getPath();
    if (!path.equals("/console") && !path.startsWith("/console/")) {
      return;
    }
    var headers = response.getHeaders();
    headers.putSingle("Content-Security-Policy", CSP);
    headers.putSingle("X-Frame-Options", "DENY");
    headers.putSingle("X-Content-Type-Options", "nosniff");
    headers.putSingle("Referrer-Policy", "no-referrer");
    headers.putSingle(HttpHeaders.CACHE_CONTROL, "no-store");
    String lang = request.getUriInfo().getQueryParameters().getFirst("lang");
    Language.find(lang)
        .ifPresent(
            l ->
                headers.add(
                    HttpHeaders.SET_COOKIE,
                    cookies.language(l.tag(), request.getUriInfo().getRequestUri())));
    String tz = request.getUriInfo().getQueryParameters().getFirst("tz");
    ConsoleTimes.zone(tz)
        .ifPresent(
            z ->
                headers.add(
                    HttpHeaders.SET_COOKIE,
                    cookies.timeZone(z.getId(), request.getUriInfo().getRequestUri())));
  }
}
