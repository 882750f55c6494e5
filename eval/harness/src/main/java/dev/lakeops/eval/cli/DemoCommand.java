package dev.lakeops.eval.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.sandbox.AgentProcess;
import dev.lakeops.eval.sandbox.AlertmanagerPayloads;
import dev.lakeops.eval.sandbox.BackpressureWait;
import dev.lakeops.eval.sandbox.ConsoleClient;
import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.eval.sandbox.SandboxConfig;
import dev.lakeops.eval.sandbox.ShopTables;
import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops demo}: the sandbox (a real Kafka broker and a real Flink MiniCluster running the
 * demo pipeline), the agent pointed at it, backpressure switched on, a real Alertmanager webhook
 * fired, and the agent's triage report printed.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Start the sandbox and the agent, make the demo job backpressured, fire an alert and print"
            + " the triage.")
final class DemoCommand implements Callable<Integer> {

  static final String ALERT_NAME = "FlinkJobBackpressured";
  static final String LAKE_TABLE = ShopTables.DATABASE + "." + ShopTables.PAYMENTS;
  static final String LAKE_KEY = "payment_id";
  private static final long CDC_ORDER = 9001;
  private static final int DEMO_PAYMENTS = 40;
  private static final long FIRST_DEMO_PAYMENT = 100;
  private static final Duration LAKE_TIMEOUT = Duration.ofSeconds(60);

  @Spec CommandSpec spec;

  @Option(names = "--once", description = "Print the report, then stop everything and exit")
  boolean once;

  @Option(names = "--json", description = "Print the incident as JSON instead of Markdown")
  boolean json;

  @Option(
      names = "--kafka-port",
      defaultValue = "" + SandboxConfig.DEFAULT_KAFKA_PORT,
      description = "Kafka broker port (default ${DEFAULT-VALUE})")
  int kafkaPort;

  @Option(
      names = "--kafka-controller-port",
      defaultValue = "" + SandboxConfig.DEFAULT_KAFKA_CONTROLLER_PORT,
      description = "KRaft controller port (default ${DEFAULT-VALUE})")
  int kafkaControllerPort;

  @Option(
      names = "--flink-port",
      defaultValue = "" + SandboxConfig.DEFAULT_FLINK_REST_PORT,
      description = "Flink REST port (default ${DEFAULT-VALUE})")
  int flinkPort;

  @Option(
      names = "--mariadb-port",
      defaultValue = "" + SandboxConfig.DEFAULT_MARIADB_PORT,
      description = "Port of the sandbox's MariaDB, the CDC source (default ${DEFAULT-VALUE})")
  int mariaDbPort;

  @Option(
      names = "--connect-port",
      defaultValue = "" + SandboxConfig.DEFAULT_CONNECT_PORT,
      description = "Kafka Connect REST port (default ${DEFAULT-VALUE})")
  int connectPort;

  @Option(
      names = "--agent-port",
      defaultValue = "8080",
      description = "Agent HTTP port (default ${DEFAULT-VALUE})")
  int agentPort;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description = "Logs, PID files and data (default: .lakeops/demo in the checkout)")
  Path workDir;

  @Option(
      names = "--sink-delay",
      defaultValue = "2ms",
      converter = DurationConverter.class,
      description =
          "Time the lake-writer sink spends per record once slowed down (default ${DEFAULT-VALUE})")
  Duration sinkDelay;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    Path home = LakeopsHome.path();
    Path dir = (workDir == null ? home.resolve(".lakeops/demo") : workDir).toAbsolutePath();
    SandboxConfig config;
    try {
      config =
          SandboxConfig.defaults(home, dir.resolve("sandbox"))
              .withPorts(kafkaPort, kafkaControllerPort, flinkPort)
              .withCdc(new SandboxConfig.CdcPorts(mariaDbPort, connectPort));
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    LakeopsHome.agentJar();
    say(
        out,
        "Starting the sandbox: MariaDB on 127.0.0.1:"
            + mariaDbPort
            + ", Kafka broker on 127.0.0.1:"
            + kafkaPort
            + ", Kafka Connect with Debezium's MariaDB connector on 127.0.0.1:"
            + connectPort
            + ", Flink MiniCluster with REST on 127.0.0.1:"
            + flinkPort
            + " ...");
    Sandbox sandbox = Sandbox.start(config);
    AgentProcess agent = null;
    try {
      say(
          out,
          "Flink job '"
              + sandbox.jobName()
              + "' is RUNNING. Starting the agent on 127.0.0.1:"
              + agentPort
              + " ...");
      // Slowed down while the job is young: Flink averages load over the job's lifetime until it
      // is a minute old, so the backpressure is saturated by the time the agent is up.
      say(
          out,
          "Slowing the lake-writer sink to "
              + sinkDelay.toMillis()
              + " ms per record: the job becomes backpressured ...");
      sandbox.throttleSink(sinkDelay);
      Path warehouse = config.warehouse();
      say(
          out,
          "Writing "
              + DEMO_PAYMENTS
              + " payments in MariaDB: Debezium streams them to Kafka and the Flink job "
              + Sandbox.CDC_JOB_NAME
              + " writes them into the lake table "
              + LAKE_TABLE
              + " through the lakeops sink ...");
      ShopTables.insertPayments(sandbox.mariaDb(), FIRST_DEMO_PAYMENT, DEMO_PAYMENTS);
      long payments = DEMO_PAYMENTS + ShopTables.SEED_PAYMENTS;
      ShopTables.awaitRows(warehouse, ShopTables.PAYMENTS, payments, LAKE_TIMEOUT);
      say(
          out,
          "Redeploying "
              + Sandbox.CDC_JOB_NAME
              + " without its state: as a new commit user it replays its Kafka topics from the"
              + " start ...");
      sandbox.restartCdcJobWithoutState();
      ShopTables.awaitRows(warehouse, ShopTables.PAYMENTS, 2 * payments, LAKE_TIMEOUT);
      String oncallToken = token();
      String leadToken = token();
      agent =
          AgentProcess.start(
              home,
              dir.resolve("agent"),
              agentPort,
              sandbox.flinkRestUrl(),
              List.of(
                  "-Dlakeops.tables.warehouse=" + warehouse,
                  "-Dlakeops.tables.maintenance.flink-cluster=" + sandbox.flinkRestUrl(),
                  "-Dlakeops.connect.workers.sandbox.url=" + sandbox.connectUrl(),
                  "-Dlakeops.connect.workers.sandbox.jmx-url=" + sandbox.connectJmx(),
                  "-Dlakeops.binlog.dir=" + sandbox.binlogDir(),
                  "-Dlakeops.approvers.oncall.roles=viewer",
                  "-Dlakeops.approvers.oncall.token=" + oncallToken,
                  "-Dlakeops.approvers.oncall.im-ids=api:oncall",
                  "-Dlakeops.approvers.lead.roles=approver",
                  "-Dlakeops.approvers.lead.token=" + leadToken,
                  "-Dlakeops.approvers.lead.im-ids=api:lead"));

      BackpressureWait.untilBottleneck(
          sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(90));
      BackpressureWait.untilSaturated(
          sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(45));

      say(
          out,
          "Firing an Alertmanager alert '"
              + ALERT_NAME
              + "' for job_name="
              + sandbox.jobName()
              + " at the agent ...");
      String payload =
          AlertmanagerPayloads.firing(
              Map.of("alertname", ALERT_NAME, "severity", "warning", "job_name", sandbox.jobName()),
              "Flink job " + sandbox.jobName() + " is backpressured",
              Instant.now(),
              "max by (job_name, task_name)"
                  + " (flink_taskmanager_job_task_backPressuredTimeMsPerSecond) > 500");
      List<String> ids = agent.client().postAlertmanager(payload);
      String id = ids.get(0);
      JsonNode incident = agent.client().awaitTriage(id, Duration.ofSeconds(60));
      out.println();
      out.println(json ? Json.compact(incident) : agent.client().incidentMarkdown(id));
      pictures(out, agent, leadToken, id);
      out.flush();

      String tableIncident = lakeTableAct(out, agent, leadToken);
      String cdcIncident = cdcAct(out, agent, sandbox, warehouse);
      if (once) {
        return 0;
      }
      String base = agent.client().baseUrl();
      say(out, "");
      say(out, "The sandbox keeps running:");
      say(out, "  report     " + base + "/api/incidents/" + id + "?format=markdown");
      say(out, "  table      " + base + "/api/incidents/" + tableIncident + "?format=markdown");
      say(out, "  CDC        " + base + "/api/incidents/" + cdcIncident + "?format=markdown");
      say(
          out,
          "  console    "
              + base
              + "/console (log in as lead with token "
              + leadToken
              + ", or oncall with "
              + oncallToken
              + ")");
      say(out, "  proposals  " + base + "/api/proposals");
      say(out, "  incidents  " + base + "/api/incidents");
      say(out, "  webhook    " + base + "/api/alerts/alertmanager");
      say(out, "  Flink REST " + sandbox.flinkRestUrl() + "/v1/jobs/overview");
      say(out, "  Kafka      " + sandbox.kafkaBootstrap() + " (topic " + sandbox.topic() + ")");
      say(
          out,
          "  Connect    " + sandbox.connectUrl() + "/connectors/" + Sandbox.CONNECTOR + "/status");
      say(
          out,
          "  JMX        " + sandbox.connectJmx() + " (Kafka Connect's JVM: Debezium's metrics)");
      say(
          out,
          "  MariaDB    "
              + sandbox.mariaDb().jdbcUrl()
              + " (database "
              + ShopTables.DATABASE
              + ")");
      say(
          out,
          "  lake       "
              + warehouse
              + " ("
              + LAKE_TABLE
              + ", "
              + ShopTables.DATABASE
              + "."
              + ShopTables.ORDERS
              + ")");
      say(out, "  logs       " + dir);
      say(out, "Press Ctrl-C to stop; every process started is stopped.");
      new CountDownLatch(1).await();
      return 0;
    } finally {
      // Ctrl-C ends the JVM instead: the sandbox's and the agent's shutdown hooks stop them.
      if (agent != null) {
        agent.close();
      }
      sandbox.close();
    }
  }

  /**
   * The second act: an alert about duplicate rows in the lake table, the deterministic triage
   * naming the restarted writer and proposing an undo tag and a rollback, the triage's own stored
   * proposals approved by the lead (one in the chat thread, one on the incident's console page),
   * and the table checked afterwards. Returns the incident id.
   */
  private String lakeTableAct(PrintWriter out, AgentProcess agent, String leadToken) {
    say(out, "");
    say(
        out,
        "Firing an Alertmanager alert 'LakeTableDuplicateKeys' for table=" + LAKE_TABLE + " ...");
    String payload =
        AlertmanagerPayloads.firing(
            Map.of(
                "alertname",
                "LakeTableDuplicateKeys",
                "severity",
                "critical",
                "table",
                LAKE_TABLE,
                "keys",
                LAKE_KEY),
            "Duplicate " + LAKE_KEY + " values in " + LAKE_TABLE,
            Instant.now());
    String id = agent.client().postAlertmanager(payload).get(0);
    JsonNode incident = agent.client().awaitTriage(id, Duration.ofSeconds(60));
    out.println();
    out.println(json ? Json.compact(incident) : agent.client().incidentMarkdown(id));
    pictures(out, agent, leadToken, id);
    String thread = "incident-" + id;
    say(out, "");
    say(out, "oncall, in the chat thread " + thread + ": status");
    say(out, "  lakeops: " + indent(chat(agent, thread, "oncall", "status")));
    // The triage stored its own proposals on the approval gate (triageProposals links each to its
    // stored id); people approve those, not copies proposed again.
    JsonNode proposed = incident.path("report").path("verdict").path("proposals");
    JsonNode links = incident.path("triageProposals");
    int n = 0;
    for (int i = 0; i < proposed.size(); i++) {
      String action = proposed.get(i).path("action").asText();
      String proposalId = proposalIdAt(links, i);
      say(out, "");
      if (proposalId == null) {
        say(
            out,
            "the triage proposed "
                + action
                + " "
                + proposed.get(i).path("args")
                + ", not stored: "
                + refusalAt(links, i));
        continue;
      }
      JsonNode proposal = agent.client().proposal(proposalId);
      say(
          out,
          "the triage proposed "
              + action
              + " "
              + proposed.get(i).path("args")
              + " -> proposal "
              + proposalId);
      say(out, "  what-if: " + proposal.path("preview").path("summary").asText());
      if (n++ % 2 == 0) {
        say(out, "lead, in the chat thread " + thread + ": approve " + proposalId);
        say(out, "  lakeops: " + indent(chat(agent, thread, "lead", "approve " + proposalId)));
      } else {
        say(
            out,
            "lead, on the incident's page "
                + agent.client().baseUrl()
                + "/console/incidents/"
                + id
                + ": Approve "
                + proposalId);
        say(
            out,
            "  console: "
                + ConsoleClient.login(agent.client().baseUrl(), leadToken)
                    .approveOnIncident(id, proposalId));
      }
    }
    say(out, "");
    say(out, "oncall, in the chat thread " + thread + ": table " + LAKE_TABLE + " snapshots");
    say(
        out,
        "  lakeops: "
            + indent(chat(agent, thread, "oncall", "table " + LAKE_TABLE + " snapshots")));
    return id;
  }

  /**
   * The third act, on the CDC hop: the server drops the connector's binlog connection, an order
   * committed meanwhile waits in the binlog, the alert's triage reads Debezium's metrics over the
   * worker's JMX, and the restart it proposes, approved in the chat thread, brings the order into
   * the lake. Returns the incident id.
   */
  private String cdcAct(PrintWriter out, AgentProcess agent, Sandbox sandbox, Path warehouse) {
    say(out, "");
    say(
        out,
        "MariaDB drops the binlog connection of connector "
            + Sandbox.CONNECTOR
            + " (KILL CONNECTION of its dump thread, as a failover does); order "
            + CDC_ORDER
            + " is committed meanwhile ...");
    sandbox.dropCdcConnection();
    sandbox
        .mariaDb()
        .execute(
            "INSERT INTO "
                + ShopTables.DATABASE
                + "."
                + ShopTables.ORDERS
                + " VALUES ("
                + CDC_ORDER
                + ", 2, 4.50, 'new', '2026-01-03 00:00:00.000')");
    say(
        out,
        "Firing an Alertmanager alert 'DebeziumConnectorNotConnected' for connector="
            + Sandbox.CONNECTOR
            + " ...");
    String payload =
        AlertmanagerPayloads.firing(
            Map.of(
                "alertname",
                "DebeziumConnectorNotConnected",
                "severity",
                "critical",
                "connector",
                Sandbox.CONNECTOR),
            "Debezium connector " + Sandbox.CONNECTOR + " is not connected to its database",
            Instant.now());
    String id = agent.client().postAlertmanager(payload).get(0);
    JsonNode incident = agent.client().awaitTriage(id, Duration.ofSeconds(60));
    out.println();
    out.println(json ? Json.compact(incident) : agent.client().incidentMarkdown(id));
    String thread = "incident-" + id;
    String proposalId = proposalIdAt(incident.path("triageProposals"), 0);
    if (proposalId == null) {
      say(
          out,
          "the triage proposed no stored fix: " + refusalAt(incident.path("triageProposals"), 0));
      return id;
    }
    say(out, "");
    say(out, "lead, in the chat thread " + thread + ": approve " + proposalId);
    say(out, "  lakeops: " + indent(chat(agent, thread, "lead", "approve " + proposalId)));
    long source = sandbox.mariaDb().count(ShopTables.DATABASE + "." + ShopTables.ORDERS);
    ShopTables.awaitRows(warehouse, ShopTables.ORDERS, source, LAKE_TIMEOUT);
    say(
        out,
        "order "
            + CDC_ORDER
            + " is in the lake table "
            + ShopTables.DATABASE
            + "."
            + ShopTables.ORDERS
            + ": its "
            + source
            + " rows equal MariaDB's");
    return id;
  }

  /** Says which pictures the incident's console page draws, with the page's address. */
  private void pictures(PrintWriter out, AgentProcess agent, String leadToken, String id) {
    String base = agent.client().baseUrl();
    List<String> ids = ConsoleClient.login(base, leadToken).pictures(id);
    say(out, "");
    say(
        out,
        "console pictures of "
            + base
            + "/console/incidents/"
            + id
            + ": "
            + (ids.isEmpty() ? "none" : String.join(", ", ids)));
  }

  private static String proposalIdAt(JsonNode links, int index) {
    for (JsonNode link : links) {
      if (link.path("index").asInt(-1) == index && link.path("proposalId").isTextual()) {
        return link.path("proposalId").asText();
      }
    }
    return null;
  }

  private static String refusalAt(JsonNode links, int index) {
    for (JsonNode link : links) {
      if (link.path("index").asInt(-1) == index && link.path("refusal").isTextual()) {
        return link.path("refusal").asText();
      }
    }
    return "the agent recorded no proposal for it";
  }

  private static String chat(AgentProcess agent, String thread, String user, String text) {
    return agent
        .client()
        .postJson(
            "/api/chat",
            Json.mapper()
                .createObjectNode()
                .put("thread", thread)
                .put("user", user)
                .put("text", text)
                .toString(),
            null)
        .path("markdown")
        .asText();
  }

  private static String indent(String markdown) {
    return markdown.replace("\n", "\n           ");
  }

  private static String token() {
    byte[] bytes = new byte[12];
    new java.security.SecureRandom().nextBytes(bytes);
    return java.util.HexFormat.of().formatHex(bytes);
  }

  private static void say(PrintWriter out, String line) {
    out.println(line);
    out.flush();
  }
}
