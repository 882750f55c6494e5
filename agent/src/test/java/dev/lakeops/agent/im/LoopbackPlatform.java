package dev.lakeops.agent.im;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The four platforms' APIs on one loopback port, answering as they do on success (Slack {@code ok},
 * Feishu {@code code 0} with a tenant token or the new message's id {@code om_loopback_<n>},
 * DingTalk and WeCom {@code errcode 0} and a WeCom access token) and recording every request for
 * the test to assert on.
 */
public final class LoopbackPlatform implements AutoCloseable {

  /** One request as received. */
  public record Captured(
      String method, String pathAndQuery, Map<String, List<String>> headers, String body) {
    public JsonNode json() {
      try {
        return Json.mapper().readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .findFirst()
          .map(e -> e.getValue().get(0))
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final LinkedBlockingQueue<Captured> requests = new LinkedBlockingQueue<>();
  private final java.util.concurrent.atomic.AtomicInteger messageIds =
      new java.util.concurrent.atomic.AtomicInteger();

  private LoopbackPlatform(HttpServer server) {
    this.server = server;
  }

  public static LoopbackPlatform start(int port) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
      LoopbackPlatform platform = new LoopbackPlatform(server);
      server.createContext("/", platform::handle);
      server.start();
      return platform;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot listen on 127.0.0.1:" + port, e);
    }
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String path = exchange.getRequestURI().getPath();
    String query = exchange.getRequestURI().getRawQuery();
    requests.add(
        new Captured(
            exchange.getRequestMethod(),
            path + (query == null ? "" : "?" + query),
            Map.copyOf(exchange.getRequestHeaders()),
            body));
    String answer;
    if (path.contains("/refuse")) {
      answer =
          "{\"ok\":false,\"error\":\"channel_not_found\",\"code\":99991663,\"msg\":\"refused\",\"errcode\":40014,\"errmsg\":\"invalid\"}";
    } else if (path.endsWith("/chat.postMessage") || path.endsWith("/chat.postEphemeral")) {
      answer = "{\"ok\":true,\"channel\":\"C1\",\"ts\":\"1712345678.000200\"}";
    } else if (path.endsWith("/tenant_access_token/internal")) {
      answer = "{\"code\":0,\"msg\":\"ok\",\"tenant_access_token\":\"t-loopback\",\"expire\":7200}";
    } else if (path.contains("/im/v1/messages")) {
      // Feishu answers a sent message or a reply with the new message's id.
      answer =
          "{\"code\":0,\"msg\":\"success\",\"data\":{\"message_id\":\"om_loopback_"
              + messageIds.incrementAndGet()
              + "\"}}";
    } else if (path.endsWith("/cgi-bin/gettoken")) {
      answer =
          "{\"errcode\":0,\"errmsg\":\"ok\",\"access_token\":\"wecom-loopback-token\",\"expires_in\":7200}";
    } else if (path.contains("/bot/v2/hook/")) {
      answer = "{\"code\":0,\"msg\":\"success\",\"data\":{}}";
    } else {
      answer = "{\"errcode\":0,\"errmsg\":\"ok\"}";
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  /**
   * The next request whose path contains {@code pathPart}, waiting up to {@code timeout}; requests
   * before it are dropped.
   */
  public Captured next(String pathPart, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Captured c = requests.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (c == null) {
        throw new AssertionError("No request to " + pathPart + " within " + timeout);
      }
      if (c.pathAndQuery().contains(pathPart)) {
        return c;
      }
    }
  }

  /** Every request received so far, removed from the queue. */
  public List<Captured> drain() {
    List<Captured> all = new ArrayList<>();
    requests.drainTo(all);
    return all;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
