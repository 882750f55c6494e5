package dev.lakeops.agent.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Slack's {@code chat.postMessage} on a loopback port: records every body and answers {@code {"ok":
 * true, "ts": ...}} with a new ts each time, or the error set with {@link #failWith}.
 */
final class SlackLoopback implements AutoCloseable {

  private final HttpServer server;
  private final List<JsonNode> posts = new CopyOnWriteArrayList<>();
  private final AtomicInteger count = new AtomicInteger();
  private volatile String error;

  SlackLoopback(int port) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot listen on 127.0.0.1:" + port, e);
    }
    server.createContext("/api/chat.postMessage", this::handle);
    server.start();
  }

  String apiBaseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/api";
  }

  List<JsonNode> posts() {
    return List.copyOf(posts);
  }

  /** Top-level posts: those without {@code thread_ts}. */
  List<JsonNode> topLevel() {
    return posts.stream().filter(p -> !p.has("thread_ts")).toList();
  }

  void failWith(String slackError) {
    this.error = slackError;
  }

  void reset() {
    posts.clear();
    error = null;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      posts.add(Json.mapper().readTree(exchange.getRequestBody().readAllBytes()));
      String answer =
          error == null
              ? "{\"ok\":true,\"channel\":\"C0123\",\"ts\":\"1700000000.00010"
                  + count.incrementAndGet()
                  + "\"}"
              : "{\"ok\":false,\"error\":\"" + error + "\"}";
      byte[] body = answer.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
