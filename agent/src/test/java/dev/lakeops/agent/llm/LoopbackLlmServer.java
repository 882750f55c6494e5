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
 * -Dlakeops-test.llm-first-port}) that plays a conversation: each request gets the next {@link
 * Turn}, which may check the request (the tool results it carries, the tools it declares) before it
 * answers, and every request's path, headers and body are recorded. A turn whose check fails
 * answers 500 and keeps the failure for {@link #assertPlayed}; a request past the script gets 500.
 * Recorded responses replayed in order are the simplest script.
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

  /** One step of a script: the answer to one request. */
  interface Turn {
    /**
     * The response body to {@code request}.
     *
     * @throws AssertionError the request is not the one the script expects
     */
    String answer(Received request) throws Exception;
  }

  private final HttpServer server;
  private final Deque<Turn> turns = new ArrayDeque<>();
  private final List<Received> received = new ArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();

  /** Replays {@code responses} in order, whatever the requests. */
  LoopbackLlmServer(List<String> responses) throws IOException {
    this(new ArrayDeque<>(responses.stream().map(r -> (Turn) request -> r).toList()));
  }

  /** Plays {@code turns} in order. */
  static LoopbackLlmServer conversation(List<Turn> turns) throws IOException {
    return new LoopbackLlmServer(new ArrayDeque<>(turns));
  }

  private LoopbackLlmServer(Deque<Turn> script) throws IOException {
    this.turns.addAll(script);
    this.server = bind();
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          Received request =
              new Received(
                  exchange.getRequestMethod(),
                  exchange.getRequestURI().getPath(),
                  Map.copyOf(exchange.getRequestHeaders()),
                  body);
          Turn turn;
          synchronized (this) {
            received.add(request);
            turn = turns.poll();
          }
          String answer = null;
          String error = "recording exhausted";
          if (turn != null) {
            try {
              answer = turn.answer(request);
            } catch (Exception | AssertionError e) {
              synchronized (this) {
                failures.add(e);
              }
              error = "script check failed at request " + received().size();
            }
          }
          byte[] bytes =
              (answer == null ? "{\"error\":{\"message\":\"" + error + "\"}}" : answer)
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

  /** Turns of the script not played yet. */
  synchronized int unplayed() {
    return turns.size();
  }

  /**
   * Fails with the first check a turn failed, or when {@code unplayed} turns are not exactly those
   * left.
   */
  synchronized void assertPlayed(int unplayed) {
    if (!failures.isEmpty()) {
      AssertionError first = new AssertionError("a turn's check failed", failures.get(0));
      failures.stream().skip(1).forEach(first::addSuppressed);
      throw first;
    }
    if (turns.size() != unplayed) {
      throw new AssertionError(
          turns.size()
              + " turns left unplayed, expected "
              + unplayed
              + " after "
              + received.size()
              + " requests");
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
