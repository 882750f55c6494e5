package dev.lakeops.agent.api;

import dev.lakeops.agent.http.ApiError;
import dev.lakeops.tools.Json;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Answers a request whose {@code Content-Length} exceeds {@code quarkus.http.limits.max-body-size}
 * with a JSON 413 that says so, before Quarkus's own check (route order -2) answers an empty one. A
 * chunked body without a length that grows past the limit still gets Quarkus's empty 413. Bodies up
 * to {@link #MAX_DRAINED} are read and discarded so that the client gets to read the answer. Over
 * HTTP/1.1 the connection is closed after the answer; over HTTP/2 only the request's stream ends,
 * so other requests multiplexed on the connection are unaffected (no GOAWAY).
 */
@ApplicationScoped
public class BodyLimitRoute {

  /** Runs before Quarkus's body-size route. */
  static final int ORDER = -3;

  /**
   * Bodies up to this size are read and discarded before the connection closes; larger ones are cut
   * off.
   */
  static final long MAX_DRAINED = 64L * 1024 * 1024;

  /** HTTP/2 error code CANCEL: ends one stream whose body is not wanted, never the connection. */
  private static final long CANCEL = 0x8;

  void install(
      @Observes Router router,
      @ConfigProperty(name = "quarkus.http.limits.max-body-size") Optional<MemorySize> limit) {
    limit.ifPresent(
        max -> router.route().order(ORDER).handler(ctx -> check(ctx, max.asLongValue())));
  }

  private static void check(RoutingContext ctx, long limit) {
    String header = ctx.request().getHeader(HttpHeaderNames.CONTENT_LENGTH);
    long length;
    try {
      length = header == null ? -1 : Long.parseLong(header.strip());
    } catch (NumberFormatException e) {
      length = -1; // Vert.x rejects a malformed length itself
    }
    if (length <= limit) {
      ctx.next();
      return;
    }
    String body =
        Json.compact(
            new ApiError(
                "body: is "
                    + length
                    + " bytes; at most "
                    + limit
                    + " bytes are accepted (quarkus.http.limits.max-body-size)"));
    HttpServerRequest request = ctx.request();
    boolean http2 = request.version() == HttpVersion.HTTP_2;
    HttpServerResponse response =
        ctx.response()
            .setStatusCode(413)
            .putHeader(HttpHeaderNames.CONTENT_TYPE, "application/json;charset=UTF-8");
    if (!http2) {
      // HTTP/2 forbids connection-specific headers (RFC 9113, 8.2.2); there the stream ends, not
      // the connection.
      response.putHeader(HttpHeaderNames.CONNECTION, "close");
    }
    Future<Void> answered = response.end(body);
    Runnable stop = http2 ? () -> response.reset(CANCEL) : () -> request.connection().close();
    if (length > MAX_DRAINED || request.getHeader(HttpHeaderNames.EXPECT) != null) {
      answered.onComplete(done -> stop.run());
      return;
    }
    // Many clients write the whole body before they read the answer; closing now would give them a
    // broken pipe instead of the 413. So read the body, throw it away, then close (HTTP/1.1): an
    // HTTP/2 connection carries other requests' streams and stays open.
    request.handler(ignored -> {});
    request.exceptionHandler(failed -> stop.run());
    request.endHandler(
        done ->
            answered.onComplete(
                written -> {
                  if (!http2) {
                    request.connection().close();
                  }
                }));
    request.resume();
  }
}
