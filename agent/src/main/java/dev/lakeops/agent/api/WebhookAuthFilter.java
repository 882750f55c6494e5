package dev.lakeops.agent.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Checks the credentials of alert senders on {@code /api/alerts/*} (Alertmanager's {@code
 * http_config.authorization} / {@code basic_auth}, Grafana's contact-point auth). A request without
 * the configured bearer token or basic-auth pair gets {@code 401} and nothing is stored.
 */
public class WebhookAuthFilter {

  private static final String PROTECTED = "/api/alerts/";

  private final WebhookCredentials credentials;

  public WebhookAuthFilter(WebhookCredentials credentials) {
    this.credentials = credentials;
  }

  @ServerRequestFilter
  public Optional<Response> check(ContainerRequestContext request) {
    if (!request.getUriInfo().getPath().startsWith(PROTECTED) || !credentials.required()) {
      return Optional.empty();
    }
    String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
    if (header != null && credentials.accepts(header)) {
      return Optional.empty();
    }
    String why =
        header == null
            ? "Authorization header is missing"
            : "Authorization header does not match the configured credentials";
    return Optional.of(
        Response.fromResponse(ApiExceptionMappers.error(401, why + " (lakeops.webhook.*)"))
            .header(
                HttpHeaders.WWW_AUTHENTICATE,
                credentials.basic() ? "Basic realm=\"lakeops\"" : "Bearer realm=\"lakeops\"")
            .build());
  }
}
