package dev.lakeops.agent.api;

import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.http.ApiError;
import dev.lakeops.agent.store.StoreException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns every exception that leaves a resource into a JSON {@link ApiError}. Bad input is a 4xx
 * naming what is wrong; anything else is a bug, logged in full and answered with a short 500 that
 * says where the details are.
 */
public class ApiExceptionMappers {

  private static final Logger LOG = LoggerFactory.getLogger(ApiExceptionMappers.class);

  @ServerExceptionMapper
  public Response invalidInput(InvalidInputException e) {
    return error(Response.Status.BAD_REQUEST.getStatusCode(), e.getMessage());
  }

  @ServerExceptionMapper
  public Response webApplication(
      WebApplicationException e, HttpHeaders headers, UriInfo uri, Request request) {
    int status = e.getResponse().getStatus();
    if (status >= 500) {
      return unexpected(e);
    }
    String message =
        switch (status) {
          case 404 -> "no resource at " + uri.getPath();
          case 405 -> "method " + request.getMethod() + " is not allowed on " + uri.getPath();
          case 406 ->
              "cannot answer in any type the Accept header asks for ("
                  + headers.getHeaderString(HttpHeaders.ACCEPT)
                  + "); "
                  + uri.getPath()
                  + " answers application/json or text/markdown";
          case 413 ->
              "request body is larger than the server accepts (quarkus.http.limits.max-body-size)";
          case 415 -> unsupportedType(headers.getHeaderString(HttpHeaders.CONTENT_TYPE));
          default -> "HTTP " + status + " " + e.getResponse().getStatusInfo().getReasonPhrase();
        };
    return error(status, message);
  }

  /**
   * The database is down or refused a write: nothing was acknowledged, so the sender should retry.
   */
  @ServerExceptionMapper
  public Response storeUnavailable(StoreException e) {
    LOG.error("Database unavailable while answering a request: {}", e.getMessage());
    return Response.fromResponse(
            error(
                Response.Status.SERVICE_UNAVAILABLE.getStatusCode(),
                "the lakeops database is unavailable; nothing was stored, retry later"))
        .header("Retry-After", "5")
        .build();
  }

  @ServerExceptionMapper
  public Response unexpected(Throwable e) {
    LOG.error("Unexpected error while answering a request", e);
    return error(
        Response.Status.INTERNAL_SERVER_ERROR.getStatusCode(),
        "internal error (" + e.getClass().getSimpleName() + "); details are in the lakeops log");
  }

  private static String unsupportedType(String contentType) {
    return contentType == null || contentType.isBlank()
        ? "Content-Type: is missing; send the body as application/json"
        : "Content-Type: " + contentType + " is not supported; send the body as application/json";
  }

  static Response error(int status, String message) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ApiError(message))
        .build();
  }
}
