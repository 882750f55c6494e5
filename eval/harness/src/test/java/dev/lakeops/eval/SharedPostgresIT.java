package dev.lakeops.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.chat.JdbcChatThreadStore;
import dev.lakeops.agent.report.ReportThreads;
import dev.lakeops.eval.sandbox.AgentProcess;
import dev.lakeops.eval.sandbox.AlertmanagerPayloads;
import dev.lakeops.eval.sandbox.PostgresServer;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A team deployment: two packaged agents share one real PostgreSQL server (Debian's package,
 * started privately). Both see the same incidents, and an alert that reaches both at once is stored
 * once.
 */
class SharedPostgresIT {

  /**
   * Ports: PostgreSQL, then the two agents; {@code -Dlakeops.it.shared-postgres.ports=PG,A1,A2}
   * moves them.
   */
  private static final int[] PORTS =
      java.util.Arrays.stream(
              System.getProperty("lakeops.it.shared-postgres.ports", "62010,62080,62081")
                  .split(","))
          .mapToInt(p -> Integer.parseInt(p.strip()))
          .toArray();

  private static final int PG_PORT = PORTS[0];
  private static PostgresServer postgres;
  private static AgentProcess first;
  private static AgentProcess second;
  private static Table table;

  @BeforeAll
  static void start() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    Path work = home.resolve("eval/harness/target/it/shared-postgres").toAbsolutePath();
    dev.lakeops.eval.sandbox.Directories.deleteRecursively(work);
    postgres = PostgresServer.start(work.resolve("postgres"), PG_PORT);
    List<String> db =
        List.of(
            "-Dlakeops.database.kind=postgresql",
            "-Dlakeops.database.url=" + postgres.jdbcUrl(),
            "-Dlakeops.database.username=" + PostgresServer.USER,
            "-Dlakeops.approvers.alice.roles=approver",
            "-Dlakeops.approvers.alice.token=alice-token",
            "-Dlakeops.approvers.bob.roles=approver",
            "-Dlakeops.approvers.bob.token=bob-token");
    table = ordersTable(work.resolve("warehouse"));
    // Flink is not needed: triage against a closed port fails fast as PROBE_FAILED.
    first = AgentProcess.start(home, work.resolve("agent-1"), PORTS[1], "http://127.0.0.1:1", db);
    second = AgentProcess.start(home, work.resolve("agent-2"), PORTS[2], "http://127.0.0.1:1", db);
  }

  @AfterAll
  static void stop() {
    List<Long> pids = new ArrayList<>();
    for (AutoCloseable c : new AutoCloseable[] {first, second, postgres}) {
      if (c != null) {
        pids.add(c instanceof AgentProcess a ? a.pid() : ((PostgresServer) c).pid());
        try {
          c.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    }
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("process %s stopped", pid)
          .isFalse();
    }
  }

  @Test
  void anIncidentStoredByOneInstanceIsReadByTheOther() throws Exception {
    String payload =
        AlertmanagerPayloads.firing(
            Map.of("alertname", "DiskFull", "instance", "db-1"),
            "disk full",
            Instant.parse("2024-05-01T12:00:00Z"));

    String id = first.client().postAlertmanager(payload).get(0);

    JsonNode seen = second.client().incident(id);
    assertThat(seen.path("alertname").asText()).isEqualTo("DiskFull");
    assertThat(seen.path("labels").path("instance").asText()).isEqualTo("db-1");
    try (Connection c = postgres.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM incident WHERE id = '" + id + "'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
  }

  @Test
  void theSameAlertSentToBothInstancesAtOnceIsStoredOnce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<String>> ids = new ArrayList<>();
      for (int round = 0; round < 10; round++) {
        String payload =
            AlertmanagerPayloads.firing(
                Map.of("alertname", "KafkaLag", "group", "g-" + round),
                "lag",
                Instant.parse("2024-05-01T12:00:00Z"));
        for (int i = 0; i < 4; i++) {
          AgentProcess target = i % 2 == 0 ? first : second;
          ids.add(pool.submit(() -> target.client().postAlertmanager(payload).get(0)));
        }
      }
      List<String> got = new ArrayList<>();
      for (Future<String> f : ids) {
        got.add(f.get());
      }
      for (int round = 0; round < 10; round++) {
        assertThat(got.subList(round * 4, round * 4 + 4))
            .as("round %s", round)
            .containsOnly(got.get(round * 4));
      }
      try (Connection c = postgres.connect();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT count(*) FROM incident WHERE doc LIKE '%\"alertname\":\"KafkaLag\"%'")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(10);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anApprovalSentToBothInstancesAtOnceRunsTheActionOnce() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String body =
        "{\"action\":\"table.create_tag\",\"args\":{\"table\":\""
            + table.paths().root()
            + "\",\"tag\":\"t1\"}}";
    HttpResponse<String> proposed =
        http.send(
            HttpRequest.newBuilder(URI.create(first.client().baseUrl() + "/api/proposals"))
                .header("Authorization", "Bearer alice-token")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(proposed.statusCode()).as(proposed.body()).isEqualTo(201);
    String id = Json.mapper().readTree(proposed.body()).path("id").asText();

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<HttpResponse<String>>> answers = new ArrayList<>();
      for (Object[] who : new Object[][] {{first, "alice-token"}, {second, "bob-token"}}) {
        AgentProcess target = (AgentProcess) who[0];
        String token = (String) who[1];
        answers.add(
            pool.submit(
                () ->
                    http.send(
                        HttpRequest.newBuilder(
                                URI.create(
                                    target.client().baseUrl()
                                        + "/api/proposals/"
                                        + id
                                        + "/approve"))
                            .header("Authorization", "Bearer " + token)
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                        HttpResponse.BodyHandlers.ofString())));
      }
      int executed = 0;
      for (Future<HttpResponse<String>> f : answers) {
        HttpResponse<String> r = f.get();
        executed +=
            r.statusCode() == 200
                    && Json.mapper()
                        .readTree(r.body())
                        .path("execution")
                        .path("state")
                        .asText()
                        .equals("DONE")
                ? 1
                : 0;
      }
      assertThat(executed).isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
    try (Connection c = postgres.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT count(*) FROM audit_record WHERE line LIKE '%\"event\":\"EXECUTED\"%' AND"
                    + " line LIKE '%"
                    + id
                    + "%'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(1);
    }
    assertThat(new Tags(table.io(), table.paths()).list()).containsKey("t1");
  }

  @Test
  void aChatThreadAboutAnIncidentIsOneThreadForBothInstances() throws Exception {
    String payload =
        AlertmanagerPayloads.firing(
            Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-chat"),
            "orders-chat is backpressured",
            Instant.parse("2024-05-02T12:00:00Z"));
    String id = first.client().postAlertmanager(payload).get(0);
    String category =
        first
            .client()
            .awaitTriage(id, Duration.ofSeconds(60))
            .path("report")
            .path("verdict")
            .path("category")
            .asText();
    assertThat(category).isNotBlank();

    // On the REST chat API a thread named by an incident id is about that incident, on either
    // instance.
    JsonNode a =
        first
            .client()
            .postJson(
                "/api/chat",
                "{\"thread\":\"" + id + "\",\"user\":\"ann\",\"text\":\"status\"}",
                null);
    JsonNode b =
        second
            .client()
            .postJson(
                "/api/chat", "{\"thread\":\"" + id + "\",\"user\":\"bob\",\"text\":\"状态\"}", null);

    assertThat(a.path("intent").asText()).isEqualTo("STATUS");
    assertThat(a.path("markdown").asText()).contains("Incident `" + id + "`").contains(category);
    assertThat(b.path("markdown").asText()).contains("事件 `" + id + "`").contains(category);
    // One thread memory in the shared database: both instances' turns, in the order they were
    // written.
    List<ChatTurn> turns = new JdbcChatThreadStore(dataSource(), 20).recent("api:api:" + id, 10);
    assertThat(turns)
        .extracting(ChatTurn::userId)
        .containsExactly("ann", "lakeops", "bob", "lakeops");
    assertThat(turns.get(0).text()).isEqualTo("status");
    assertThat(turns.get(2).text()).isEqualTo("状态");
  }

  @Test
  void concurrentChatAppendsOnPostgresLoseNoTurnAndStayTrimmed() throws Exception {
    JdbcChatThreadStore one = new JdbcChatThreadStore(dataSource(), 1000);
    JdbcChatThreadStore two = new JdbcChatThreadStore(dataSource(), 1000);
    JdbcChatThreadStore trimmed = new JdbcChatThreadStore(dataSource(), 5);
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < 6; w++) {
        JdbcChatThreadStore store = w % 3 == 0 ? one : w % 3 == 1 ? two : trimmed;
        String thread = w % 3 == 2 ? "pg-trimmed" : "pg-shared";
        String writer = "w" + w;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 25; i++) {
                    store.append(
                        thread,
                        new ChatTurn(
                            ChatTurn.Author.PERSON, writer, writer + "-" + i, Instant.now()));
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    List<ChatTurn> shared = one.recent("pg-shared", 1000);
    assertThat(shared).hasSize(100);
    assertThat(shared).extracting(ChatTurn::text).doesNotHaveDuplicates();
    try (Connection c = postgres.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT count(*) FROM chat_turn WHERE thread_key = 'pg-trimmed'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(5);
    }
  }

  @Test
  void reportThreadsOnPostgresAreClaimedOnceAndForgottenWithTheirIncident() throws Exception {
    String payload =
        AlertmanagerPayloads.firing(
            Map.of("alertname", "ReportThreadCheck", "instance", "db-9"),
            "check",
            Instant.parse("2024-05-03T12:00:00Z"));
    String id = first.client().postAlertmanager(payload).get(0);
    java.time.Clock clock = java.time.Clock.systemUTC();
    ReportThreads one = new ReportThreads(dataSource(), clock);
    ReportThreads two = new ReportThreads(dataSource(), clock);

    assertThat(one.claim(id, "slack")).isTrue();
    assertThat(two.claim(id, "slack")).isFalse();
    one.remember(id, ReportThreads.slackKey("C0PG", "1700000000.000900"));
    assertThat(two.incidentFor("slack:C0PG:1700000000.000900")).contains(id);
    assertThat(two.threadOf(id)).contains("slack:C0PG:1700000000.000900");
    new JdbcChatThreadStore(dataSource(), 20)
        .append(
            "slack:C0PG:1700000000.000900",
            new ChatTurn(ChatTurn.Author.PERSON, "U1", "status", Instant.now()));
    two.remember("no-such-incident", "slack:C0PG:1700000000.000901");

    assertThat(one.forgetDeletedIncidents()).isEqualTo(1);

    assertThat(two.incidentFor("slack:C0PG:1700000000.000901")).isEmpty();
    assertThat(two.threadOf(id)).contains("slack:C0PG:1700000000.000900");
    assertThat(new JdbcChatThreadStore(dataSource(), 20).recent("slack:C0PG:1700000000.000900", 5))
        .hasSize(1);
  }

  private static javax.sql.DataSource dataSource() {
    org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
    ds.setURL(postgres.jdbcUrl());
    ds.setUser(PostgresServer.USER);
    return ds;
  }

  private static Table ordersTable(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    try (TableWrite write = t.newWrite("flink-job")) {
      write.write(Row.of(1, "one"));
      t.newCommit().commit(write.prepareCommit(1));
    }
    return t;
  }

  @Test
  void theSchemaWasMigratedByFlywayOnce() throws Exception {
    try (Connection c = postgres.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT version, success FROM flyway_schema_history WHERE version IS NOT NULL ORDER"
                    + " BY installed_rank")) {
      List<String> applied = new ArrayList<>();
      while (rs.next()) {
        assertThat(rs.getBoolean(2)).isTrue();
        applied.add(rs.getString(1));
      }
      assertThat(applied).startsWith("1", "2", "3", "4").doesNotHaveDuplicates();
    }
  }
}
