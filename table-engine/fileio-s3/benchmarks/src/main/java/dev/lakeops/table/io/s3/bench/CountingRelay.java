package dev.lakeops.table.io.s3.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback HTTP/1.1 relay in front of S3Proxy that counts the requests passing through by S3's
 * billing kinds (LIST, GET, HEAD, PUT, other), whatever client sends them: so lakeops' and Paimon's
 * S3 clients are counted the same way, at the wire. Bytes pass unchanged (signatures stay valid).
 * Written here because no library relays and counts keep-alive HTTP this simply.
 *
 * <p>Requires: requests without a body or with a {@code Content-Length} one, and no {@code Expect:
 * 100-continue} (the benchmarks send reads only through it); responses with {@code Content-Length}
 * or chunked bodies, as S3Proxy's are.
 */
final class CountingRelay implements AutoCloseable {

  private final ServerSocket server;
  private final int upstreamPort;
  private final Thread acceptor;
  final AtomicLong lists = new AtomicLong();
  final AtomicLong gets = new AtomicLong();
  final AtomicLong heads = new AtomicLong();
  final AtomicLong puts = new AtomicLong();
  final AtomicLong others = new AtomicLong();

  CountingRelay(int upstreamPort) throws IOException {
    this.upstreamPort = upstreamPort;
    this.server = new ServerSocket();
    server.bind(new InetSocketAddress("127.0.0.1", 0));
    this.acceptor = new Thread(this::accept, "counting-relay");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return server.getLocalPort();
  }

  /** Every request so far. */
  long requests() {
    return lists.get() + gets.get() + heads.get() + puts.get() + others.get();
  }

  /** The counts as {@code LIST a, GET b, HEAD c, PUT d, other e}. */
  String counts() {
    return "LIST "
        + lists
        + ", GET "
        + gets
        + ", HEAD "
        + heads
        + ", PUT "
        + puts
        + ", other "
        + others;
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Thread t = new Thread(() -> relay(client), "counting-relay-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void relay(Socket client) {
    try (client;
        Socket upstream = new Socket("127.0.0.1", upstreamPort)) {
      InputStream fromClient = new BufferedInputStream(client.getInputStream());
      OutputStream toClient = client.getOutputStream();
      InputStream fromUpstream = new BufferedInputStream(upstream.getInputStream());
      OutputStream toUpstream = upstream.getOutputStream();
      while (true) {
        byte[] head = readHead(fromClient);
        if (head == null) {
          return;
        }
        String text = new String(head, StandardCharsets.ISO_8859_1);
        String method = text.substring(0, text.indexOf(' '));
        count(
            method,
            text.substring(text.indexOf(' ') + 1, text.indexOf(' ', text.indexOf(' ') + 1)));
        toUpstream.write(head);
        copyFixed(fromClient, toUpstream, contentLength(text));
        toUpstream.flush();
        byte[] response = readHead(fromUpstream);
        if (response == null) {
          return;
        }
        String status = new String(response, StandardCharsets.ISO_8859_1);
        toClient.write(response);
        int code = Integer.parseInt(status.substring(9, 12));
        if (!method.equals("HEAD") && code != 204 && code != 304) {
          if (header(status, "transfer-encoding").toLowerCase(Locale.ROOT).contains("chunked")) {
            copyChunked(fromUpstream, toClient);
          } else {
            copyFixed(fromUpstream, toClient, contentLength(status));
          }
        }
        toClient.flush();
      }
    } catch (IOException e) {
      // the client or the server closed the connection
    }
  }

  private void count(String method, String target) {
    switch (method) {
      case "GET" -> {
        boolean objectKey =
            target.indexOf('/', 1) > 0 && target.indexOf('/', 1) < target.length() - 1;
        if (target.contains("list-type=") || target.contains("prefix=") || !objectKey) {
          lists.incrementAndGet();
        } else {
          gets.incrementAndGet();
        }
      }
      case "HEAD" -> heads.incrementAndGet();
      case "PUT" -> puts.incrementAndGet();
      default -> others.incrementAndGet();
    }
  }

  private static long contentLength(String head) {
    String v = header(head, "content-length");
    return v.isEmpty() ? 0 : Long.parseLong(v.strip());
  }

  private static String header(String head, String name) {
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).strip().equalsIgnoreCase(name)) {
        return line.substring(colon + 1).strip();
      }
    }
    return "";
  }

  /** The request or status line and headers up to the blank line; null at end of stream. */
  private static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      state =
          (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
              ? state + 1
              : (b == '\r' ? 1 : 0);
    }
    return head.toByteArray();
  }

  private static void copyFixed(InputStream in, OutputStream out, long n) throws IOException {
    byte[] buf = new byte[64 * 1024];
    while (n > 0) {
      int r = in.read(buf, 0, (int) Math.min(buf.length, n));
      if (r < 0) {
        throw new IOException("stream ended " + n + " bytes early");
      }
      out.write(buf, 0, r);
      n -= r;
    }
  }

  private static void copyChunked(InputStream in, OutputStream out) throws IOException {
    while (true) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != '\n') {
        if (b < 0) {
          throw new IOException("chunked body ended early");
        }
        line.write(b);
      }
      line.write('\n');
      out.write(line.toByteArray());
      String size = line.toString(StandardCharsets.ISO_8859_1).strip();
      int semicolon = size.indexOf(';');
      long n = Long.parseLong(semicolon < 0 ? size : size.substring(0, semicolon), 16);
      if (n == 0) {
        byte[] trailer = readHead(prepend("\r\n".getBytes(StandardCharsets.ISO_8859_1), in));
        // readHead on "\r\n" + rest: reads the trailer section up to its blank line
        if (trailer != null) {
          out.write(trailer, 2, trailer.length - 2);
        }
        return;
      }
      copyFixed(in, out, n + 2);
    }
  }

  private static InputStream prepend(byte[] first, InputStream rest) {
    return new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(first), rest);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
