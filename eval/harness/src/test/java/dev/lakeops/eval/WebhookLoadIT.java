package dev.lakeops.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.sandbox.AgentProcess;
import dev.lakeops.eval.sandbox.AlertmanagerPayloads;
import dev.lakeops.tools.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Alertmanager webhook under load: alerts at a fixed rate (default 100/s for 24 s, each 10th
 * sent twice) while the packaged agent is stopped and started again on the same H2 data in the
 * middle. Like Alertmanager, the sender retries a failed delivery until it is answered 2xx. Every
 * alert ends up stored exactly once. Before that, fuzzed bodies never get a 5xx answer.
 *
 * <p>Rate and duration: {@code -Dlakeops.load.rate=100 -Dlakeops.load.seconds=24}. The agent's
 * restart (about 5 s) begins after half the time, so alerts keep coming for several seconds after
 * it is back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebhookLoadIT {

  private static final int PORT = 62500;
  private static final int RATE = Integer.getInteger("lakeops.load.rate", 100);
  private static final int SECONDS = Integer.getInteger("lakeops.load.seconds", 24);
  private static final int SENDERS = 32;
  private static final Duration RETRY_BUDGET = Duration.ofSeconds(60);
  private static final Instant STARTS_AT = Instant.parse("2024-05-01T12:00:00Z");

  private static Path home;
  private static Path work;
  private static volatile AgentProcess agent;
  private static final List<Long> pids = Collections.synchronizedList(new ArrayList<>());
  private static final ConcurrentLinkedQueue<Long> unavailableAt = new ConcurrentLinkedQueue<>();
  private static final HttpClient http =
      HttpClient.newBuilder()
          // Alertmanager (Go's net/http) speaks HTTP/1.1 to a plain-text receiver.
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  @BeforeAll
  static void start() {
    home = Path.of(System.getProperty("lakeops.home", "../.."));
    work = home.resolve("eval/harness/target/it/webhook-load").toAbsolutePath();
    dev.lakeops.eval.sandbox.Directories.deleteRecursively(work);
    agent = startAgent();
  }

  private static AgentProcess startAgent() {
    // Flink is not needed: triage against a closed port fails fast as PROBE_FAILED.
    AgentProcess started = AgentProcess.start(home, work, PORT, "http://127.0.0.1:1", List.of());
    pids.add(started.pid());
    return started;
  }

  @AfterAll
  static void stop() {
    if (agent != null) {
      agent.close();
    }
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("agent %s stopped", pid)
          .isFalse();
    }
  }

  @Test
  @Order(1)
  void fuzzedWebhookBodiesAreNeverAnsweredWith5xx() throws Exception {
    Random random = new Random(20241130L);
    String valid =
        AlertmanagerPayloads.firing(
            Map.of("alertname", "FuzzBase", "job", "orders"), "fuzz", STARTS_AT);
    Map<Integer, Integer> statuses = new TreeMap<>();
    List<String> fiveXx = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      byte[] body = Fuzz.mutate(valid, random);
      HttpResponse<String> r;
      try {
        r = http.send(webhook(body), HttpResponse.BodyHandlers.ofString());
      } catch (java.io.IOException e) {
        fiveXx.add("no answer (" + e + ") for " + preview(body));
        continue;
      }
      statuses.merge(r.statusCode(), 1, Integer::sum);
      if (r.statusCode() >= 500) {
        fiveXx.add(r.statusCode() + " for " + preview(body) + " -> " + r.body());
      }
    }
    System.out.println("[webhook-load] fuzz: 400 bodies, HTTP status histogram " + statuses);
    assertThat(fiveXx).as("5xx answers (or none) to fuzzed bodies").isEmpty();
    assertThat(statuses.keySet())
        .as("both accepted and refused bodies were tried")
        .anyMatch(s -> s / 100 == 2)
        .anyMatch(s -> s / 100 == 4);
  }

  @Test
  @Order(2)
  void everyAlertIsStoredExactlyOnceAcrossARestartUnderLoad() throws Exception {
    int total = RATE * SECONDS;
    Map<Integer, String> firstIds = new ConcurrentHashMap<>();
    Map<Integer, String> repeatIds = new ConcurrentHashMap<>();
    Map<Integer, Boolean> firstDuplicate = new ConcurrentHashMap<>();
    Map<Integer, Boolean> repeatDuplicate = new ConcurrentHashMap<>();
    Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
    AtomicLong connectionErrors = new AtomicLong();
    ConcurrentLinkedQueue<Long> latenciesMicros = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    unavailableAt.clear();
    long[] restartWindow = new long[2];
    int sends = total + (total + 9) / 10;
    CountDownLatch done = new CountDownLatch(sends);

    ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
    ScheduledExecutorService schedule = Executors.newSingleThreadScheduledExecutor();
    long periodNanos = 1_000_000_000L / RATE;
    long begin = System.nanoTime();
    AtomicLong lastScheduled = new AtomicLong();
    AtomicLong next = new AtomicLong();
    AtomicLong restartMillis = new AtomicLong();
    try {
      schedule.scheduleAtFixedRate(
          () -> {
            int seq = (int) next.getAndIncrement();
            if (seq >= total) {
              return;
            }
            lastScheduled.set(System.nanoTime());
            String payload =
                AlertmanagerPayloads.firing(
                    Map.of("alertname", "LoadTest", "seq", Integer.toString(seq)),
                    "load " + seq,
                    STARTS_AT);
            senders.execute(
                () ->
                    deliver(
                        seq,
                        payload,
                        firstIds,
                        firstDuplicate,
                        statuses,
                        connectionErrors,
                        latenciesMicros,
                        failures,
                        done));
            if (seq % 10 == 0) {
              senders.execute(
                  () ->
                      deliver(
                          seq,
                          payload,
                          repeatIds,
                          repeatDuplicate,
                          statuses,
                          connectionErrors,
                          latenciesMicros,
                          failures,
                          done));
            }
          },
          0,
          periodNanos,
          TimeUnit.NANOSECONDS);

      // In the middle: stop the agent by PID and start a new one on the same data and port.
      long half = begin + TimeUnit.SECONDS.toNanos(SECONDS) / 2;
      while (System.nanoTime() < half) {
        Thread.sleep(50);
      }
      restartWindow[0] = System.nanoTime();
      agent.close();
      agent = startAgent();
      restartWindow[1] = System.nanoTime();
      restartMillis.set(TimeUnit.NANOSECONDS.toMillis(restartWindow[1] - restartWindow[0]));

      boolean finished = done.await(SECONDS + RETRY_BUDGET.toSeconds() + 30, TimeUnit.SECONDS);
      assertThat(finished)
          .as("every delivery ended (2xx or retry budget spent); %s left", done.getCount())
          .isTrue();
    } finally {
      schedule.shutdownNow();
      senders.shutdownNow();
    }
    long end = System.nanoTime();

    List<Long> lat = new ArrayList<>(latenciesMicros);
    Collections.sort(lat);
    double scheduleSeconds = (lastScheduled.get() - begin) / 1e9;
    double allSeconds = (end - begin) / 1e9;
    System.out.printf(
        "[webhook-load] %d alerts + %d repeats at a target of %d/s: scheduled over %.1f s (%.1f/s),"
            + " all answered 2xx after %.1f s (%.1f deliveries/s); restart took %d ms%n",
        total,
        sends - total,
        RATE,
        scheduleSeconds,
        total / Math.max(scheduleSeconds, 1e-9),
        allSeconds,
        sends / allSeconds,
        restartMillis.get());
    System.out.printf(
        "[webhook-load] 2xx latency p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms; statuses"
            + " %s; connection errors %d%n",
        pct(lat, 50) / 1000.0,
        pct(lat, 95) / 1000.0,
        pct(lat, 99) / 1000.0,
        lat.isEmpty() ? 0 : lat.get(lat.size() - 1) / 1000.0,
        new TreeMap<>(statuses),
        connectionErrors.get());

    assertThat(failures).as("deliveries that never got a 2xx").isEmpty();
    assertThat(statuses.keySet())
        .as("HTTP statuses seen (503 only while the agent stops)")
        .allMatch(s -> s / 100 == 2 || s == 503);
    long slack = TimeUnit.SECONDS.toNanos(2);
    assertThat(unavailableAt)
        .as("503 answers came while the agent restarted")
        .allMatch(t -> t >= restartWindow[0] - slack && t <= restartWindow[1] + slack);
    assertThat(firstIds).hasSize(total);
    for (Map.Entry<Integer, String> repeat : repeatIds.entrySet()) {
      int seq = repeat.getKey();
      assertThat(repeat.getValue())
          .as("the repeat of alert %s joined its incident", seq)
          .isEqualTo(firstIds.get(seq));
      assertThat(firstDuplicate.get(seq) || repeatDuplicate.get(seq))
          .as("alert %s or its repeat was answered duplicate: true (not both stored as new)", seq)
          .isTrue();
    }
    assertThat(repeatIds).hasSize(sends - total);

    agent.close();
    assertThat(ProcessHandle.of(agent.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    Map<Integer, String> stored = new HashMap<>();
    Set<String> fingerprints = new HashSet<>();
    int rows = 0;
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:h2:file:"
                    + work.resolve("data/db/lakeops")
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;IFEXISTS=TRUE",
                "lakeops",
                "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, fingerprint, starts_at, doc FROM incident")) {
      while (rs.next()) {
        rows++;
        assertThat(fingerprints.add(rs.getString(2) + "@" + rs.getString(3)))
            .as("dedup key %s stored once", rs.getString(2))
            .isTrue();
        JsonNode labels = Json.mapper().readTree(rs.getString(4)).path("labels");
        if (labels.path("alertname").asText().equals("LoadTest")) {
          String previous =
              stored.put(Integer.parseInt(labels.path("seq").asText()), rs.getString(1));
          assertThat(previous).as("alert seq=%s stored once", labels.path("seq").asText()).isNull();
        }
      }
    }
    System.out.printf(
        "[webhook-load] incident table: %d rows, %d of them LoadTest%n", rows, stored.size());
    assertThat(stored)
        .as("stored LoadTest incidents, by seq, with the ids the webhook answered")
        .isEqualTo(firstIds);
  }

  private static void deliver(
      int seq,
      String payload,
      Map<Integer, String> ids,
      Map<Integer, Boolean> duplicate,
      Map<Integer, AtomicLong> statuses,
      AtomicLong connectionErrors,
      ConcurrentLinkedQueue<Long> latencies,
      ConcurrentLinkedQueue<String> failures,
      CountDownLatch done) {
    long deadline = System.nanoTime() + RETRY_BUDGET.toNanos();
    long backoffMillis = 50;
    try {
      while (true) {
        long sent = System.nanoTime();
        String problem;
        try {
          HttpResponse<String> r =
              http.send(
                  webhook(payload.getBytes(StandardCharsets.UTF_8)),
                  HttpResponse.BodyHandlers.ofString());
          statuses.computeIfAbsent(r.statusCode(), k -> new AtomicLong()).incrementAndGet();
          if (r.statusCode() == 503) {
            unavailableAt.add(System.nanoTime());
          }
          if (r.statusCode() / 100 == 2) {
            latencies.add((System.nanoTime() - sent) / 1000);
            JsonNode receipt = Json.mapper().readTree(r.body()).path("incidents").path(0);
            ids.put(seq, receipt.path("id").asText());
            duplicate.put(seq, receipt.path("duplicate").asBoolean());
            return;
          }
          problem = "HTTP " + r.statusCode() + " " + r.body();
        } catch (java.io.IOException e) {
          connectionErrors.incrementAndGet();
          problem = e.toString();
        }
        if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoffMillis) > deadline) {
          failures.add("alert " + seq + ": " + problem);
          return;
        }
        Thread.sleep(backoffMillis);
        backoffMillis = Math.min(backoffMillis * 2, 1000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failures.add("alert " + seq + ": interrupted");
    } catch (RuntimeException e) {
      failures.add("alert " + seq + ": " + e);
    } finally {
      done.countDown();
    }
  }

  private static HttpRequest webhook(byte[] body) {
    return HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + PORT + "/api/alerts/alertmanager"))
        .timeout(Duration.ofSeconds(10))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  private static long pct(List<Long> sorted, int p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }

  private static String preview(byte[] body) {
    String s = new String(body, StandardCharsets.UTF_8);
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }

  /**
   * Mutations of a valid body: cut, flipped bytes, swapped value types, odd nesting, bad encodings.
   */
  static final class Fuzz {

    private static final String[] TOKENS = {
      "null",
      "true",
      "1e999",
      "-1",
      "\"\"",
      "[]",
      "{}",
      "\"\\u0000\"",
      "\"\\ud800\"",
      "\"2024-13-45T99:99:99Z\"",
      "\"0001-01-01T00:00:00Z\"",
      "123456789012345678901234567890",
      "{\"a\":",
      "]",
      "\""
    };
    private static final String[] FIELDS = {
      "\"version\"",
      "\"alerts\"",
      "\"labels\"",
      "\"status\"",
      "\"startsAt\"",
      "\"endsAt\"",
      "\"fingerprint\"",
      "\"annotations\"",
      "\"alertname\"",
      "\"groupKey\""
    };

    static byte[] mutate(String valid, Random random) {
      String s = valid;
      switch (random.nextInt(9)) {
        case 0 -> s = s.substring(0, random.nextInt(s.length()));
        case 1 -> {
          byte[] b = s.getBytes(StandardCharsets.UTF_8);
          for (int i = 0; i < 1 + random.nextInt(4); i++) {
            b[random.nextInt(b.length)] = (byte) random.nextInt(256);
          }
          return b;
        }
        case 2 -> {
          // Replace the value after a known field with an odd token.
          String field = FIELDS[random.nextInt(FIELDS.length)];
          int at = s.indexOf(field + ":");
          if (at >= 0) {
            int from = at + field.length() + 1;
            int to = valueEnd(s, from);
            s = s.substring(0, from) + TOKENS[random.nextInt(TOKENS.length)] + s.substring(to);
          }
        }
        case 3 ->
            s =
                s.replace(
                    FIELDS[random.nextInt(FIELDS.length)] + ":",
                    "\"x" + random.nextInt(10) + "\":");
        case 4 -> {
          int depth = 1 + random.nextInt(5000);
          s = "[".repeat(depth) + "]".repeat(depth);
        }
        case 5 -> {
          int at = random.nextInt(s.length());
          s = s.substring(0, at) + TOKENS[random.nextInt(TOKENS.length)] + s.substring(at);
        }
        case 6 ->
            s =
                s.replace(
                    "\"alerts\":[", "\"alerts\":[" + TOKENS[random.nextInt(TOKENS.length)] + ",");
        case 7 ->
            s =
                s.replace(
                    "\"summary\":\"fuzz\"",
                    "\"summary\":\"" + "x".repeat(random.nextInt(1_200_000)) + "\"");
        default ->
            s =
                random.nextBoolean()
                    ? ""
                    : s.replace("FuzzBase", "Fuzz\\u00e9-" + random.nextInt(1000));
      }
      return s.getBytes(StandardCharsets.UTF_8);
    }

    private static int valueEnd(String s, int from) {
      int depth = 0;
      boolean inString = false;
      for (int i = from; i < s.length(); i++) {
        char c = s.charAt(i);
        if (inString) {
          if (c == '\\') {
            i++;
          } else if (c == '"') {
            inString = false;
            if (depth == 0) {
              return i + 1;
            }
          }
        } else if (c == '"') {
          inString = true;
        } else if (c == '{' || c == '[') {
          depth++;
        } else if (c == '}' || c == ']') {
          if (depth == 0) {
            return i;
          }
          depth--;
          if (depth == 0) {
            return i + 1;
          }
        } else if (c == ',' && depth == 0) {
          return i;
        }
      }
      return s.length();
    }
  }
}
