package dev.lakeops.agent.llm;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A model server on the loopback interface (ports 62200-62249, or 50 from {@code
 * -Dlakeops-test.llm-first-port}) that replays recorded responses in order and records each
 * request's path, headers and body. A request past the recording gets 500.
 */
final class LoopbackLlmServer implements AutoCloseable {

  static final int FIRST_PORT = Integer.getInteger("lakeops-test.llm-first-port", 62200);
  static final int LAST_PORT = FIRST_PORT + 49;

  /** One request as received. */
  record Received(String method, String path, Map<String, List<String>> headers, String body) {
    String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final Deque<String> responses = new ArrayDeque<>();
  private final List<Received> received = new ArrayList<>();

  LoopbackLlmServer(List<String> responses) throws IOException {
    this.responses.addAll(responses);
    this.server = bind();
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String answer;
          synchronized (this) {
            received.add(
                new Received(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()),
                    body));
            answer = this.responses.poll();
          }
          byte[] bytes =
              (answer == null ? "{\"error\":{\"message\":\"recording exhausted\"}}" : answer)
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(answer == null ? 500 : 200, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  private static HttpServer bind() throws IOException {
    for (int port = FIRST_PORT; port <= LAST_PORT; port++) {
      try {
        return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
      } catch (BindException taken) {
        // Another test holds it; try the next.
      }
    }
    throw new IOException("No free port in " + FIRST_PORT + "-" + LAST_PORT);
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  synchronized List<Received> received() {
    return List.copyOf(received);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
