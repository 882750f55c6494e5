package dev.lakeops.agent.im;

import dev.lakeops.agent.http.ApiError;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A request that does not verify gets 401 with what failed, and a line in the log. */
public class ImExceptionMappers {

  private static final Logger LOG = LoggerFactory.getLogger(ImExceptionMappers.class);

  @ServerExceptionMapper
  public Response unverified(VerificationException e, UriInfo uri) {
    LOG.warn("Refused {}: {}", uri.getPath(), e.getMessage());
    return Response.status(Response.Status.UNAUTHORIZED)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new ApiError(e.getMessage()))
        .build();
  }
}
