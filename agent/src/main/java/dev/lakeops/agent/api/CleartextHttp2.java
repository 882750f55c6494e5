package dev.lakeops.agent.api;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Applies {@code lakeops.http.h2c} to the plain-text server. With h2c on, the JDK's HTTP client
 * (which asks for h2c by default) and Vert.x agree on HTTP/2, and closing the connection after one
 * request (an oversized body) ends every stream on it with a GOAWAY; with it off, such clients stay
 * on HTTP/1.1.
 */
@ApplicationScoped
public class CleartextHttp2 implements HttpServerOptionsCustomizer {

  private final HttpConfig config;

  @Inject
  public CleartextHttp2(HttpConfig config) {
    this.config = config;
  }

  @Override
  public void customizeHttpServer(HttpServerOptions options) {
    options.setHttp2ClearTextEnabled(config.h2c());
  }
}
