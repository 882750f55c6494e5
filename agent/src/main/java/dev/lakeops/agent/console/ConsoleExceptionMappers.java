package dev.lakeops.agent.console;

import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A console parameter that is not allowed gets a 400 page in the page's language. */
public class ConsoleExceptionMappers {

  @Inject ConsolePages pages;

  @ServerExceptionMapper
  public Response badParameter(ConsoleParameterException e) {
    ConsolePage page = e.page();
    return pages.message(page, 400, page.m().t("error.badRequest"), e.getMessage());
  }
}
