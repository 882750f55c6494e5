package dev.lakeops.table.io.s3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP relay in front of the real S3Proxy that answers the first {@code throttled}
 * requests with S3's own {@code 503 SlowDown} (status, XML error body, {@code Connection: close})
 * and passes every later connection through byte for byte (the client's signature stays valid: the
 * Host header is not touched). Requires: bodiless requests while throttling (GET, HEAD, LIST).
 */
final class ThrottlingRelay implements AutoCloseable {

  private static final String BODY =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          + "<Error><Code>SlowDown</Code><Message>Please reduce your request"
          + " rate.</Message></Error>";

  private static final byte[] SLOW_DOWN =
      ("HTTP/1.1 503 Slow Down\r\n"
              + "Content-Type: application/xml\r\n"
              + "Connection: close\r\n"
              + "Content-Length: "
              + BODY.length()
              + "\r\n\r\n"
              + BODY)
          .getBytes(StandardCharsets.UTF_8);

  private final ServerSocket server;
  private final int upstreamPort;
  private final int throttled;
  private final AtomicInteger requests = new AtomicInteger();
  private final Thread acceptor;

  ThrottlingRelay(int upstreamPort, int throttled) throws IOException {
    this.upstreamPort = upstreamPort;
    this.throttled = throttled;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress("127.0.0.1", 0));
    this.acceptor = new Thread(this::accept, "throttling-relay");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return server.getLocalPort();
  }

  /** Requests seen (throttled or passed through as the first of their connection). */
  int requests() {
    return requests.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Thread t = new Thread(() -> serve(client), "throttling-relay-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    try (client) {
      InputStream in = client.getInputStream();
      byte[] head = readHead(in);
      if (head.length == 0) {
        return;
      }
      if (requests.incrementAndGet() <= throttled) {
        OutputStream out = client.getOutputStream();
        out.write(SLOW_DOWN);
        out.flush();
        return;
      }
      try (Socket upstream = new Socket("127.0.0.1", upstreamPort)) {
        upstream.getOutputStream().write(head);
        Thread up = pipe(in, upstream.getOutputStream());
        pipe(upstream.getInputStream(), client.getOutputStream()).join();
        up.interrupt();
      }
    } catch (IOException | InterruptedException e) {
      // the client or the server closed the connection
    }
  }

  private static Thread pipe(InputStream from, OutputStream to) {
    Thread t =
        new Thread(
            () -> {
              try {
                from.transferTo(to);
                to.flush();
              } catch (IOException e) {
                // closed
              }
            },
            "throttling-relay-pipe");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    int b;
    while ((b = in.read()) >= 0) {
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == 4) {
        break;
      }
    }
    return head.toByteArray();
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
