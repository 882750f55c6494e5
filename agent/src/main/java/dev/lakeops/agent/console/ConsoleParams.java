package dev.lakeops.agent.console;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;

/**
 * What every console request carries: the session cookie, the language asked for and the time zone
 * chosen ({@code ?tz=}, remembered in a cookie).
 */
public class ConsoleParams {

  @CookieParam(ConsoleSessions.COOKIE)
  public String cookie;

  @CookieParam(ConsoleResponseFilter.LANG_COOKIE)
  public String langCookie;

  @QueryParam("lang")
  public String lang;

  @HeaderParam("Accept-Language")
  public String acceptLanguage;

  @QueryParam("tz")
  public String tz;

  @CookieParam(ConsoleResponseFilter.TZ_COOKIE)
  public String tzCookie;
}
