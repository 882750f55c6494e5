package dev.lakeops.agent.console;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;

/** What every console request carries: the session cookie and the language asked for. */
public class ConsoleParams {

  @CookieParam(ConsoleSessions.COOKIE)
  public String cookie;

  @CookieParam(ConsoleResponseFilter.LANG_COOKIE)
  public String langCookie;

  @QueryParam("lang")
  public String lang;

  @HeaderParam("Accept-Language")
  public String acceptLanguage;
}
