package dev.lakeops.agent.console;

import dev.lakeops.agent.approval.ProposalService;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Optional;

/**
 * Login with a user's token ({@code lakeops.approvers.<user>.token}) and logout. The session is an
 * HttpOnly, SameSite=Strict cookie (Secure per {@code lakeops.console.secure-cookie}); the token
 * itself is never stored in it.
 */
@Path("/console")
@Produces(MediaType.TEXT_HTML)
public class LoginPages {

  @Inject ProposalService proposals;

  @Inject ConsoleSessions sessions;

  @Inject ConsolePages pages;

  @Inject ConsoleCookies cookies;

  @Inject
  @Location("console/login")
  Template login;

  @GET
  @Path("login")
  public Response form(@BeanParam ConsoleParams params) {
    return ConsolePages.html(200, login.data("page", pages.page(params)).data("error", ""));
  }

  @POST
  @Path("login")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response login(
      @FormParam("token") String token, @BeanParam ConsoleParams params, @Context UriInfo uri) {
    ConsolePage page = pages.page(params);
    Optional<String> user =
        token == null || token.isBlank()
            ? Optional.empty()
            : proposals.users().byToken(token.strip());
    if (user.isEmpty()) {
      return ConsolePages.html(
          401, login.data("page", page).data("error", page.m().t("login.failed")));
    }
    String cookie = cookies.session(sessions.issue(user.get()), uri.getRequestUri());
    return Response.seeOther(URI.create("/console/proposals"))
        .header(HttpHeaders.SET_COOKIE, cookie)
        .build();
  }

  @POST
  @Path("logout")
  public Response logout(@Context UriInfo uri) {
    String cookie = cookies.clearSession(uri.getRequestUri());
    return Response.seeOther(URI.create("/console/login"))
        .header(HttpHeaders.SET_COOKIE, cookie)
        .build();
  }
}
