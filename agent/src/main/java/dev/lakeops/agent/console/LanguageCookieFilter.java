package dev.lakeops.agent.console;

import dev.lakeops.agent.chat.Language;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/** Remembers a console language chosen with {@code ?lang=} in a cookie, so later pages keep it. */
@Provider
public class LanguageCookieFilter implements ContainerResponseFilter {

  public static final String COOKIE = "lakeops_console_lang";

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    String path = request.getUriInfo().getPath();
    if (!path.startsWith("/console")) {
      return;
    }
    String lang = request.getUriInfo().getQueryParameters().getFirst("lang");
    Language.find(lang).ifPresent(l -> response.getHeaders().add(HttpHeaders.SET_COOKIE,
        COOKIE + "=" + l.tag() + "; Path=/console; Max-Age=31536000; SameSite=Strict"));
  }
}
