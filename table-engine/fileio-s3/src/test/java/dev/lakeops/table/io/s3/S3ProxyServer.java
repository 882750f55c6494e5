package dev.lakeops.table.io.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real S3Proxy (the {@code jar-with-dependencies} that the build copies into {@code
 * target/s3proxy/}) for all the tests of this module, in its own JVM, on a free loopback port, with
 * the in-memory {@code transient-nio2} back end (which honours {@code If-None-Match: *}
 * atomically). Started by the first test class that uses the extension and stopped by PID when the
 * test JVM's tests are done; its PID file in {@code target/s3proxy/} lets {@code scripts/test.sh}
 * stop one left over by a killed JVM.
 */
public final class S3ProxyServer implements BeforeAllCallback {

  public static final String IDENTITY = "lakeops-test";

  private static final String ENDPOINT_PROPERTY = "lakeops-test.s3proxy.endpoint";
  private static final String CREDENTIAL_PROPERTY = "lakeops-test.s3proxy.credential";

  private static S3ProxyServer running;

  private final Process process;
  private final Path pidFile;
  private final URI endpoint;
  private final String credential;

  private S3ProxyServer(Process process, Path pidFile, URI endpoint, String credential) {
    this.process = process;
    this.pidFile = pidFile;
    this.endpoint = endpoint;
    this.credential = credential;
  }

  /** The extension's instance, used only to register the callback. */
  public S3ProxyServer() {
    this.process = null;
    this.pidFile = null;
    this.endpoint = null;
    this.credential = null;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    get();
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .computeIfAbsent(S3ProxyServer.class.getName(), k -> new Stopper(), Stopper.class);
  }

  /** Stops the server when the root context closes: after the last test of the JVM. */
  private static final class Stopper implements AutoCloseable {
    @Override
    public void close() {
      stop();
    }
  }

  /**
   * The running server; starts it on first use. A second copy of this class (another class loader
   * of the same JVM) finds the server the first one started through system properties and uses it.
   */
  public static synchronized S3ProxyServer get() {
    if (running == null) {
      String endpoint = System.getProperty(ENDPOINT_PROPERTY);
      if (endpoint != null) {
        running =
            new S3ProxyServer(
                null, null, URI.create(endpoint), System.getProperty(CREDENTIAL_PROPERTY));
      } else {
        running = start();
        System.setProperty(ENDPOINT_PROPERTY, running.endpoint.toString());
        System.setProperty(CREDENTIAL_PROPERTY, running.credential);
      }
    }
    return running;
  }

  static synchronized void stop() {
    if (running == null) {
      return;
    }
    S3ProxyServer s = running;
    running = null;
    if (s.process == null) {
      return; // started, and stopped, by the copy of this class that started it
    }
    System.clearProperty(ENDPOINT_PROPERTY);
    System.clearProperty(CREDENTIAL_PROPERTY);
    s.process.destroy();
    try {
      if (!s.process.waitFor(10, TimeUnit.SECONDS)) {
        s.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      Files.deleteIfExists(s.pidFile);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public URI endpoint() {
    return endpoint;
  }

  public String credential() {
    return credential;
  }

  /** The options of a warehouse on this server. */
  public Map<String, String> options() {
    Map<String, String> o = new HashMap<>();
    o.put(S3Settings.ENDPOINT, endpoint.toString());
    o.put(S3Settings.REGION, "us-east-1");
    o.put(S3Settings.ACCESS_KEY, IDENTITY);
    o.put(S3Settings.SECRET_KEY, credential);
    return o;
  }

  /** A new bucket with a unique name. */
  public String newBucket() {
    String bucket = "b-" + UUID.randomUUID().toString().substring(0, 13);
    try (S3FileIO io = S3FileIO.open("s3", bucket, S3Settings.from(options(), Map.of()))) {
      io.client().createBucket(b -> b.bucket(bucket));
    }
    return bucket;
  }

  private static S3ProxyServer start() {
    Path jar = Path.of(System.getProperty("s3proxy.jar", "target/s3proxy/s3proxy.jar"));
    Path dir = Path.of(System.getProperty("s3proxy.dir", "target/s3proxy"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "S3Proxy jar not found at " + jar + " (the build copies it in generate-test-resources)");
    }
    try {
      int port = freePort();
      String credential = UUID.randomUUID().toString();
      Path properties = dir.resolve("s3proxy-" + port + ".properties");
      Files.writeString(
          properties,
          String.join(
              "\n",
              "s3proxy.endpoint=http://127.0.0.1:" + port,
              "s3proxy.authorization=aws-v2-or-v4",
              "s3proxy.identity=" + IDENTITY,
              "s3proxy.credential=" + credential,
              "jclouds.provider=transient-nio2",
              "jclouds.identity=" + IDENTITY,
              "jclouds.credential=" + credential,
              ""),
          StandardCharsets.UTF_8);
      Path log = dir.resolve("s3proxy-" + port + ".log");
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process =
          new ProcessBuilder(
                  List.of(
                      java,
                      "-Xmx256m",
                      "-jar",
                      jar.toString(),
                      "--properties",
                      properties.toString()))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      Path pidFile = dir.resolve("s3proxy-" + port + ".pid");
      Files.writeString(pidFile, Long.toString(process.pid()));
      // A test framework that loads this class twice (Quarkus's test class loader) keeps a second
      // instance that no extension stops: the JVM's exit stops every server it started.
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    process.destroy();
                    try {
                      process.waitFor(10, TimeUnit.SECONDS);
                      Files.deleteIfExists(pidFile);
                    } catch (InterruptedException | IOException e) {
                      process.destroyForcibly();
                    }
                  },
                  "s3proxy-stop-" + port));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      while (!accepts(port)) {
        if (!process.isAlive()) {
          Files.deleteIfExists(pidFile);
          throw new IllegalStateException(
              "S3Proxy exited with " + process.exitValue() + ": " + Files.readString(log));
        }
        if (System.nanoTime() > deadline) {
          process.destroyForcibly();
          Files.deleteIfExists(pidFile);
          throw new IllegalStateException("S3Proxy did not listen on port " + port + " in 90 s");
        }
        Thread.sleep(100);
      }
      return new S3ProxyServer(
          process, pidFile, URI.create("http://127.0.0.1:" + port), credential);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to start S3Proxy", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while starting S3Proxy", e);
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    }
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
