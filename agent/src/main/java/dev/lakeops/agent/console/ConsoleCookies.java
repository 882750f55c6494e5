package dev.lakeops.agent.console;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;

/**
 * The {@code Set-Cookie} values of the console: every cookie is HttpOnly, SameSite=Strict and
 * scoped to {@code /console}, and Secure as {@code lakeops.console.secure-cookie} says.
 */
@ApplicationScoped
public class ConsoleCookies {

  private final ConsoleConfig.SecureCookie secure;

  @Inject
  public ConsoleCookies(ConsoleConfig config) {
    this(config.secureCookie());
  }

  ConsoleCookies(ConsoleConfig.SecureCookie secure) {
    this.secure = secure;
  }

  /** The session cookie holding {@code value}, for a request to {@code requestUri}. */
  public String session(String value, URI requestUri) {
    return ConsoleSessions.COOKIE
        + "="
        + value
        + "; Path=/console; Max-Age="
        + ConsoleSessions.TTL.toSeconds()
        + attributes(requestUri);
  }

  /** A cookie that removes the session cookie. */
  public String clearSession(URI requestUri) {
    return ConsoleSessions.COOKIE + "=; Path=/console; Max-Age=0" + attributes(requestUri);
  }

  /** The cookie that remembers the console language {@code tag} for a year. */
  public String language(String tag, URI requestUri) {
    return ConsoleResponseFilter.LANG_COOKIE
        + "="
        + tag
        + "; Path=/console; Max-Age=31536000"
        + attributes(requestUri);
  }

  /** The cookie that remembers the time zone {@code zoneId} (a valid zone id) for a year. */
  public String timeZone(String zoneId, URI requestUri) {
    return ConsoleResponseFilter.TZ_COOKIE
        + "="
        + zoneId
        + "; Path=/console; Max-Age=31536000"
        + attributes(requestUri);
  }

  /** Whether a cookie set in answer to {@code requestUri} carries {@code Secure}. */
  boolean secure(URI requestUri) {
    return switch (secure) {
      case ALWAYS -> true;
      case NEVER -> false;
      case AUTO -> "https".equalsIgnoreCase(requestUri.getScheme());
    };
  }

  private String attributes(URI requestUri) {
    return "; HttpOnly; SameSite=Strict" + (secure(requestUri) ? "; Secure" : "");
  }
}
