package dev.lakeops.runbooks.action;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.live.MariadbGtids;
import dev.lakeops.tools.binlog.plan.ResumePoint;
import dev.lakeops.tools.cdc.ConnectSnapshot;
import dev.lakeops.tools.cdc.DebeziumMetrics;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;

/**
 * {@code cdc.resume_after_damage}: moves a Debezium binlog connector that failed on a damaged
 * binlog event past the damage, then asks it to re-read the tables the damage cut. The transactions
 * the damage cut are skipped for good, so this is destructive: their changes reach Kafka only
 * through the snapshot.
 *
 * <p>Steps: the damaged file is verified again and the resume point found ({@link ResumePoint}: the
 * first complete transaction after the damage, else the end of the valid events the server still
 * writes after, else the next file); the connector is stopped ({@code PUT .../stop}), its source
 * offset set to that file and position without GTIDs ({@code PATCH .../offsets}: a GTID start would
 * make the server scan the file from its start, through the damage), and resumed ({@code PUT
 * .../resume}); then an {@code execute-snapshot} signal of type {@code incremental} for the {@code
 * snapshot} tables goes to the connector's Kafka signal channel ({@code signal.kafka.topic}, keyed
 * by {@code topic.prefix}).
 *
 * <p>Arguments: {@code worker}, {@code connector}, {@code binlog} (the damaged file, as the triage
 * named it on this host), {@code snapshot} (tables {@code db.table}, comma-separated; optional).
 *
 * <p>Refused: a connector whose committed offset is not in the damaged file before the damage (it
 * moved, or is another file's); a file that verifies intact now (restart it instead); no valid
 * event after the damage yet; snapshot tables with no Kafka signal channel, or without the signal
 * table or {@code read.only} an incremental snapshot needs. The fingerprint holds the states, the
 * committed offset and where the damage starts.
 *
 * <p>The verification reads the connector and its tasks RUNNING, Debezium's client connected (with
 * the worker's JMX), the committed offset at or after the resume point and, for a snapshot, the
 * signal read (the signal channel's consumer group committed past it) and, with JMX, the snapshot
 * finished (its rows counted anew, no longer running, no tables pending in the offset).
 *
 * <p>A server that refused the damaged event itself ({@code master_verify_checksum=ON}: error 1236
 * in the task's trace) scans a file from its start to find a GTID position, so it cannot start a
 * reader past the damage in the same file: the connector then starts at the next file, every
 * transaction after the damage in the damaged file is skipped too, and the snapshot must cover
 * every table those wrote. With no next file yet the action is refused, naming {@code FLUSH BINARY
 * LOGS}.
 */
final class ResumeAfterDamageAction implements Action {

  static final Set<String> ARGS = Set.of("worker", "connector", "binlog", "snapshot");
  private static final Pattern TABLE = Pattern.compile("[^.,\\s]+\\.[^.,\\s]+");
  private static final Duration TIMEOUT = ConnectorControl.TIMEOUT;
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration STEADY = Duration.ofSeconds(3);
  private static final Duration SNAPSHOT_WAIT = Duration.ofSeconds(120);
  private static final Set<String> STOPPABLE = Set.of("RUNNING", "FAILED", "PAUSED", "STOPPED");

  private final ConnectorControl control;
  private final ActionTargets targets;
  private final String connector;
  private final Path binlog;
  private final List<String> snapshot;

  ResumeAfterDamageAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    this.targets = targets;
    this.connector = args.require("connector");
    this.binlog = Path.of(args.require("binlog"));
    if (!Files.isRegularFile(binlog)) {
      throw args.invalid("binlog", "no binlog file at " + binlog + " on this host");
    }
    this.snapshot = tables(args, args.find("snapshot").orElse(""));
    this.control = ConnectorControl.of(args, targets, connector);
  }

  private static List<String> tables(ActionArgs args, String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(",")) {
      String t = part.strip();
      if (t.isEmpty()) {
        continue;
      }
      if (!TABLE.matcher(t).matches()) {
        throw args.invalid("snapshot", "'" + t + "' (expected DATABASE.TABLE, comma-separated)");
      }
      if (!out.contains(t)) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  @Override
  public ActionKind kind() {
    return ActionKind.CDC_RESUME_AFTER_DAMAGE;
  }

  @Override
  public Fingerprint fingerprint() {
    ConnectSnapshot.Connector c = control.read();
    Map<String, String> values = new LinkedHashMap<>();
    values.put("worker", control.worker());
    values.put("connector", connector);
    values.put("connector state", c.state());
    for (ConnectSnapshot.Task t : c.tasks()) {
      values.put("task " + t.id() + " state", t.state());
    }
    values.put("committed offset", ConnectorControl.offset(c));
    BinlogVerdict v = verdict();
    values.put("binlog", binlog.toString());
    values.put(
        "first damage",
        v.firstBad() == null ? "none" : v.firstBad().offset() + " " + v.firstBad().kind());
    values.put("restart position", Long.toString(v.restartPosition()));
    return Fingerprint.of(values);
  }

  @Override
  public Preview preview() {
    Plan plan = plan(control.read());
    return new Preview(plan.summary(), plan.items(), plan.figures());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    Plan plan = plan(control.read());
    List<String> done = new ArrayList<>();
    try {
      if (!plan.before.state().equals("STOPPED")) {
        control.send("PUT", "/stop", null);
        control.await(c -> c.state().equals("STOPPED"), WAIT, "Stopped connector " + connector);
      }
      done.add("stopped connector " + connector);
      control.send("PATCH", "/offsets", offsetsBody(plan));
      done.add(
          "set its offset from "
              + ConnectorControl.offset(plan.before)
              + " to "
              + plan.at.file()
              + ":"
              + plan.at.position()
              + (plan.gtids == null ? "" : " (GTIDs " + plan.gtids + ")"));
      control.send("PUT", "/resume", null);
      ConnectSnapshot.Connector running = awaitSteady();
      done.add("resumed it: " + ConnectorControl.states(running));
      List<String> signals = new ArrayList<>();
      String rowsBefore = rowsScanned(running);
      if (!snapshot.isEmpty()) {
        signals.add(sendSnapshotSignal(plan));
        done.add("asked an incremental snapshot of " + String.join(", ", snapshot));
      }
      Map<String, List<String>> items = new LinkedHashMap<>(plan.items());
      items.put("snapshot signals", signals);
      items.put("rows scanned before", rowsBefore.isEmpty() ? List.of() : List.of(rowsBefore));
      return new ActionOutcome(
          "moved connector "
              + connector
              + " past the damaged binlog event at "
              + plan.verdict.file()
              + ":"
              + plan.verdict.firstBad().offset()
              + " to "
              + plan.at.file()
              + ":"
              + plan.at.position()
              + " ("
              + plan.at.why()
              + ")"
              + (snapshot.isEmpty()
                  ? "; no snapshot was asked"
                  : "; an incremental snapshot of " + String.join(", ", snapshot) + " was asked"),
          items,
          plan.figures());
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "cdc.resume_after_damage failed after: "
              + (done.isEmpty() ? "nothing" : String.join("; ", done))
              + ": "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    ConnectSnapshot.Connector c = control.read();
    List<Verification.Check> checks = new ArrayList<>();
    control.connectedCheck(c).ifPresent(checks::add);
    checks.add(
        new Verification.Check(
            ConnectorControl.allRunning(c),
            "connector " + connector + " and its tasks RUNNING (found " + states(c) + ")"));
    List<String> at = outcome.items("resume position");
    if (!at.isEmpty()) {
      checks.add(offsetCheck(c, at.get(0)));
    }
    String server = DebeziumMetricsAnalyzer.server(c);
    List<String> signals = outcome.items("snapshot signals");
    if (!signals.isEmpty()) {
      checks.add(signalConsumed(c, signals.get(0)));
      if (control.hasMetrics() && server != null) {
        List<String> before = outcome.items("rows scanned before");
        checks.add(snapshotFinished(server, before.isEmpty() ? "" : before.get(0)));
      }
    }
    return Verification.of(checks);
  }

  /** What the action would do now, or why it cannot. */
  private Plan plan(ConnectSnapshot.Connector c) {
    if (!STOPPABLE.contains(c.state())) {
      throw refused("it is " + c.state());
    }
    BinlogVerdict verdict = verdict();
    if (verdict.firstBad() == null) {
      throw refused(
          "binlog "
              + binlog
              + " verifies intact now: there is nothing to skip (restart the connector instead,"
              + " cdc.restart_connector)");
    }
    ConnectSnapshot.SourceOffset stored = binlogOffset(c);
    String file = binlog.getFileName().toString();
    Long pos = position(stored);
    if (pos == null) {
      throw refused(
          "its committed offset "
              + ConnectorControl.offset(c)
              + " has no readable binlog position ('pos'): the resume point cannot be checked"
              + " against the damage; triage it again");
    }
    if (!file.equals(stored.offset().get("file")) || pos > verdict.firstBad().offset()) {
      throw refused(
          "its committed offset "
              + ConnectorControl.offset(c)
              + " is not before the damage at "
              + file
              + ":"
              + verdict.firstBad().offset()
              + " (it moved since the triage, or reads another file): triage it again");
    }
    boolean serverVerifies = serverVerifiesChecksums(c);
    ResumePoint at;
    List<String> skipped;
    try {
      if (serverVerifies) {
        at = ResumePoint.nextFile(binlog);
        skipped = ResumePoint.tablesFrom(binlog, verdict.restartPosition());
      } else {
        at = ResumePoint.after(verdict, ResumePoint.laterFiles(binlog));
        skipped = verdict.affectedTables();
      }
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw refused(e.getMessage());
    }
    List<String> uncovered =
        snapshot.isEmpty()
            ? List.of()
            : skipped.stream().filter(t -> !snapshot.contains(t)).toList();
    if (!uncovered.isEmpty()) {
      throw refused(
          "the start at "
              + at.file()
              + ":"
              + at.position()
              + " also skips changes to "
              + String.join(", ", uncovered)
              + ", which the snapshot of "
              + String.join(", ", snapshot)
              + " does not re-read: propose it again with those tables, or backfill them another"
              + " way");
    }
    if (!snapshot.isEmpty()) {
      requireSignalChannel(c);
    }
    String gtids =
        at.gtidState() != null
            ? at.gtidState()
            : gtidsAfterSkip(verdict, stored.offset().get("gtids"));
    return new Plan(c, verdict, at, stored, gtids, skipped);
  }

  /**
   * Whether the server refused to send the damaged event itself (MySQL error 1236, "did not pass
   * crc check": {@code master_verify_checksum=ON}). Such a server scans a file from its start to
   * find a GTID position, through the damage, so only the next file can be started from.
   */
  static boolean serverVerifiesChecksums(ConnectSnapshot.Connector c) {
    for (ConnectSnapshot.Task t : c.tasks()) {
      String trace = t.trace();
      if (trace != null && trace.contains("1236") && trace.contains("did not pass crc check")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The GTID position to start from: the stored one with the cut transaction's domain moved to its
   * GTID, so the server starts after it (MariaDB's binlog client needs a position; a file and
   * offset alone fail). Null when the offset has none (file and position then).
   */
  private @Nullable String gtidsAfterSkip(BinlogVerdict verdict, @Nullable String stored) {
    if (stored == null || stored.isBlank()) {
      return null;
    }
    if (!MariadbGtids.looksLikeMariadb(stored)) {
      throw refused(
          "its offset holds a MySQL GTID set ("
              + stored
              + "); this action moves MariaDB GTID positions (domain-server-seq) only");
    }
    String cut = verdict.openTransaction();
    if (verdict.damagedTransactions() != 1 || cut == null || !cut.matches("\\d+-\\d+-\\d+")) {
      throw refused(
          "the damage cut "
              + verdict.damagedTransactions()
              + " transaction(s)"
              + (cut == null || !cut.matches("\\d+-\\d+-\\d+")
                  ? " and the cut one's GTID is not readable"
                  : "")
              + ", so the GTID position after the skip is not known; set the offset by hand");
    }
    try {
      Map<Long, MariadbGtids.Gtid> state = new LinkedHashMap<>(MariadbGtids.parse(stored));
      MariadbGtids.Gtid skipped = MariadbGtids.parse(cut).values().iterator().next();
      MariadbGtids.Gtid before = state.get(skipped.domain());
      if (before != null && Long.compareUnsigned(before.seq(), skipped.seq()) >= 0) {
        throw refused(
            "its offset's GTIDs " + stored + " already include the cut transaction " + cut);
      }
      state.put(skipped.domain(), skipped);
      return String.join(",", state.values().stream().map(Object::toString).toList());
    } catch (IllegalArgumentException e) {
      throw refused("its offset's GTIDs cannot be read: " + e.getMessage());
    }
  }

  private BinlogVerdict verdict() {
    try {
      return BinlogTools.verdict(binlog);
    } catch (ProbeException | UncheckedIOException e) {
      throw new ActionRefusedException("Cannot verify binlog " + binlog + ": " + e.getMessage());
    }
  }

  private ConnectSnapshot.SourceOffset binlogOffset(ConnectSnapshot.Connector c) {
    List<ConnectSnapshot.SourceOffset> binlogOffsets =
        c.offsets().stream()
            .filter(o -> o.offset().containsKey("file") && o.offset().containsKey("pos"))
            .toList();
    if (binlogOffsets.size() != 1) {
      throw refused(
          "it has "
              + (binlogOffsets.isEmpty() ? "no" : binlogOffsets.size())
              + " committed binlog offsets (file, pos): "
              + ConnectorControl.offset(c));
    }
    return binlogOffsets.get(0);
  }

  /** The offset's binlog position, or null when it has none or it is not a number. */
  private static @Nullable Long position(ConnectSnapshot.SourceOffset o) {
    String pos = o.offset().get("pos");
    if (pos == null) {
      return null;
    }
    try {
      return Long.parseLong(pos.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The Kafka signal channel the snapshot goes through, checked against the connector's config. */
  private void requireSignalChannel(ConnectSnapshot.Connector c) {
    Map<String, String> config = c.config();
    List<String> channels =
        Arrays.stream(config.getOrDefault("signal.enabled.channels", "source").split(","))
            .map(String::strip)
            .toList();
    List<String> missing = new ArrayList<>();
    if (!channels.contains("kafka")) {
      missing.add("signal.enabled.channels with kafka (it is " + String.join(",", channels) + ")");
    }
    if (blank(config.get("signal.kafka.topic"))) {
      missing.add("signal.kafka.topic");
    }
    if (blank(config.get("signal.kafka.bootstrap.servers"))) {
      missing.add("signal.kafka.bootstrap.servers");
    }
    if (blank(config.get("topic.prefix"))) {
      missing.add("topic.prefix");
    }
    if (blank(config.get("signal.data.collection"))
        && !"true".equalsIgnoreCase(config.getOrDefault("read.only", "false"))) {
      missing.add(
          "signal.data.collection (the signal table the incremental snapshot writes its"
              + " watermarks to) or read.only=true");
    }
    if (!missing.isEmpty()) {
      throw refused(
          "the snapshot of "
              + String.join(", ", snapshot)
              + " goes through the connector's Kafka signal channel, and its config lacks "
              + String.join("; ", missing)
              + " (or leave snapshot out and backfill those tables another way)");
    }
  }

  private String offsetsBody(Plan plan) {
    ObjectNode body = Json.mapper().createObjectNode();
    ArrayNode offsets = body.putArray("offsets");
    ObjectNode entry = offsets.addObject();
    ObjectNode partition = entry.putObject("partition");
    plan.stored.partition().forEach(partition::put);
    ObjectNode offset = entry.putObject("offset");
    offset.put("file", plan.at.file());
    offset.put("pos", plan.at.position());
    if (plan.gtids != null) {
      offset.put("gtids", plan.gtids);
    }
    return body.toString();
  }

  /**
   * Sends the execute-snapshot signal; returns {@code topic@partition:offset} it was written at.
   */
  private String sendSnapshotSignal(Plan plan) {
    Map<String, String> config = plan.before.config();
    String topic = config.get("signal.kafka.topic");
    ObjectNode value = Json.mapper().createObjectNode();
    value.put("type", "execute-snapshot");
    ObjectNode data = value.putObject("data");
    ArrayNode collections = data.putArray("data-collections");
    snapshot.forEach(collections::add);
    data.put("type", "incremental");
    Map<String, Object> producer =
        Map.of(
            "acks", "all",
            "max.block.ms", Long.toString(TIMEOUT.toMillis()),
            "request.timeout.ms", Long.toString(TIMEOUT.toMillis()),
            "delivery.timeout.ms", Long.toString(TIMEOUT.toMillis() * 3));
    String bootstrap = config.get("signal.kafka.bootstrap.servers");
    try (KafkaProducer<String, String> p =
        // serializer instances, not class names: the agent's class loader does not resolve them
        new KafkaProducer<>(
            targets.kafka(bootstrap).clientConfig(producer),
            new StringSerializer(),
            new StringSerializer())) {
      RecordMetadata m =
          p.send(new ProducerRecord<>(topic, config.get("topic.prefix"), value.toString()))
              .get(TIMEOUT.toMillis() * 3, TimeUnit.MILLISECONDS);
      return m.topic() + "@" + m.partition() + ":" + m.offset();
    } catch (KafkaException e) {
      throw new IllegalStateException(
          "cannot send the snapshot signal to "
              + topic
              + " at "
              + bootstrap
              + ": "
              + e.getMessage()
              + (e.getCause() == null ? "" : " (" + e.getCause().getMessage() + ")"),
          e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "the snapshot signal to " + topic + " at " + bootstrap + " failed: " + e.getCause(), e);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "the snapshot signal to " + topic + " at " + bootstrap + " timed out", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted sending the snapshot signal", e);
    }
  }

  /**
   * Polls until the connector and its tasks have been RUNNING for {@link #STEADY}.
   *
   * @throws IllegalStateException a task FAILED (its trace's first line named), or they were not
   *     RUNNING within {@link #WAIT}
   */
  private ConnectSnapshot.Connector awaitSteady() {
    long[] since = {0};
    long start = System.nanoTime();
    ConnectSnapshot.Connector c =
        control.await(
            x -> {
              if (!ConnectorControl.allRunning(x)) {
                since[0] = 0;
                // a FAILED task right after the resume may be the stopped one's old state
                if (System.nanoTime() - start > STEADY.toNanos()) {
                  for (ConnectSnapshot.Task t : x.tasks()) {
                    if (t.state().equals("FAILED")) {
                      throw new IllegalStateException(
                          "resumed connector "
                              + connector
                              + ", but task "
                              + t.id()
                              + " FAILED: "
                              + ConnectorControl.rootCause(t.trace()));
                    }
                  }
                }
                return false;
              }
              long now = System.nanoTime();
              if (since[0] == 0) {
                since[0] = now;
              }
              return now - since[0] >= STEADY.toNanos();
            },
            WAIT,
            "Resumed connector " + connector);
    return c;
  }

  private Verification.Check offsetCheck(ConnectSnapshot.Connector c, String resumeAt) {
    int colon = resumeAt.lastIndexOf(':');
    String file = resumeAt.substring(0, colon);
    long pos = Long.parseLong(resumeAt.substring(colon + 1));
    boolean ok = false;
    String found = ConnectorControl.offset(c);
    for (ConnectSnapshot.SourceOffset o : c.offsets()) {
      String f = o.offset().get("file");
      if (f == null) {
        continue;
      }
      if (f.equals(file)) {
        // an unreadable position is not past anything
        Long at = position(o);
        ok |= at != null && at >= pos;
      } else {
        ok |= ResumePoint.laterFiles(binlog).contains(f);
      }
    }
    return new Verification.Check(
        ok, "committed offset at or after " + resumeAt + ", past the damage (found " + found + ")");
  }

  /**
   * The connector's Kafka signal channel reads with its own consumer group ({@code
   * signal.kafka.groupId}) and commits past each signal it has handled.
   */
  private Verification.Check signalConsumed(ConnectSnapshot.Connector c, String signal) {
    String topic = signal.substring(0, signal.lastIndexOf('@'));
    int partition =
        Integer.parseInt(signal.substring(signal.lastIndexOf('@') + 1, signal.lastIndexOf(':')));
    long sent = Long.parseLong(signal.substring(signal.lastIndexOf(':') + 1));
    String group = c.config().getOrDefault("signal.kafka.groupId", "kafka-signal");
    String bootstrap = c.config().get("signal.kafka.bootstrap.servers");
    TopicPartition tp = new TopicPartition(topic, partition);
    long deadline = System.nanoTime() + WAIT.toNanos();
    String seen = "no committed offset";
    try (Admin admin =
        Admin.create(
            targets
                .kafka(bootstrap)
                .clientConfig(
                    Map.of(
                        "request.timeout.ms", (int) TIMEOUT.toMillis(),
                        "default.api.timeout.ms", (int) TIMEOUT.toMillis())))) {
      while (true) {
        try {
          OffsetAndMetadata committed =
              admin
                  .listConsumerGroupOffsets(group)
                  .partitionsToOffsetAndMetadata()
                  .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                  .get(tp);
          if (committed != null) {
            seen = "committed offset " + committed.offset();
            if (committed.offset() > sent) {
              return new Verification.Check(
                  true,
                  "snapshot signal "
                      + signal
                      + " read by the connector (group "
                      + group
                      + " at "
                      + committed.offset()
                      + ")");
            }
          }
        } catch (ExecutionException | TimeoutException e) {
          seen = "cannot read group " + group + ": " + e.getMessage();
        }
        if (System.nanoTime() > deadline || !ConnectorControl.pause()) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (KafkaException e) {
      seen = e.getMessage();
    }
    return new Verification.Check(
        false,
        "snapshot signal "
            + signal
            + " read by the connector (group "
            + group
            + ": "
            + seen
            + " after "
            + WAIT.toSeconds()
            + " s)");
  }

  /**
   * Debezium's snapshot metrics, compared with those read before the signal: the incremental
   * snapshot counts the rows it reads per table ({@code RowsScanned}); it is done when those counts
   * changed for every asked table, it no longer runs, and the committed offset no longer lists
   * tables to snapshot ({@code incremental_snapshot_collections}). The signal may wait a while
   * before the snapshot starts, so this waits up to {@link #SNAPSHOT_WAIT}.
   */
  private Verification.Check snapshotFinished(String server, String before) {
    long deadline = System.nanoTime() + SNAPSHOT_WAIT.toNanos();
    String seen = "no snapshot metrics for " + server;
    String what = "incremental snapshot of " + String.join(", ", snapshot) + " finished";
    Map<String, String> rowsBefore = counts(before);
    while (true) {
      try {
        DebeziumMetrics.Group g = snapshotGroup(server);
        if (g != null) {
          String rows = g.get("RowsScanned");
          Map<String, String> now = counts(rows == null ? "" : rows);
          boolean reRead =
              snapshot.stream()
                  .allMatch(t -> now.containsKey(t) && !now.get(t).equals(rowsBefore.get(t)));
          boolean pending =
              control.read().offsets().stream()
                  .anyMatch(o -> !blank(o.offset().get("incremental_snapshot_collections")));
          seen =
              "SnapshotRunning="
                  + g.get("SnapshotRunning")
                  + ", RowsScanned "
                  + (rows == null || rows.isEmpty() ? "none" : rows)
                  + " (before: "
                  + (before.isEmpty() ? "none" : before)
                  + ")"
                  + (pending ? ", tables still pending in the offset" : "");
          if (reRead && !pending && "false".equals(g.get("SnapshotRunning"))) {
            return new Verification.Check(true, what + " (" + seen + ")");
          }
        }
      } catch (ProbeException e) {
        seen = e.getMessage();
      }
      if (System.nanoTime() > deadline || !ConnectorControl.pause()) {
        return new Verification.Check(
            false, what + " (after " + SNAPSHOT_WAIT.toSeconds() + " s: " + seen + ")");
      }
    }
  }

  /** {@code a=1,b=2} (how a map attribute reads) as a map. */
  private static Map<String, String> counts(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String part : text.split(",")) {
      int eq = part.lastIndexOf('=');
      if (eq > 0) {
        out.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
      }
    }
    return out;
  }

  private DebeziumMetrics.@Nullable Group snapshotGroup(String server) {
    for (DebeziumMetrics.Group g : control.metrics().capture().forServer(server)) {
      if (g.context().equals("snapshot")) {
        return g;
      }
    }
    return null;
  }

  /**
   * The rows the snapshots so far read per table, to compare after the signal; empty without JMX.
   */
  private String rowsScanned(ConnectSnapshot.Connector c) {
    String server = DebeziumMetricsAnalyzer.server(c);
    if (!control.hasMetrics() || server == null) {
      return "";
    }
    try {
      DebeziumMetrics.Group g = snapshotGroup(server);
      String rows = g == null ? null : g.get("RowsScanned");
      return rows == null ? "" : rows;
    } catch (ProbeException e) {
      return "";
    }
  }

  private ActionRefusedException refused(String why) {
    return new ActionRefusedException(
        "Cannot move connector "
            + connector
            + " at "
            + control.worker()
            + " past the damage: "
            + why);
  }

  private static boolean blank(@Nullable String s) {
    return s == null || s.isBlank();
  }

  private static String states(ConnectSnapshot.Connector c) {
    return ConnectorControl.states(c);
  }

  /** The live state and what the action would do in it. */
  private final class Plan {
    final ConnectSnapshot.Connector before;
    final BinlogVerdict verdict;
    final ResumePoint at;
    final ConnectSnapshot.SourceOffset stored;
    final @Nullable String gtids;
    final List<String> skipped;

    Plan(
        ConnectSnapshot.Connector before,
        BinlogVerdict verdict,
        ResumePoint at,
        ConnectSnapshot.SourceOffset stored,
        @Nullable String gtids,
        List<String> skipped) {
      this.before = before;
      this.verdict = verdict;
      this.at = at;
      this.stored = stored;
      this.gtids = gtids;
      this.skipped = skipped;
    }

    String summary() {
      return "stop connector "
          + connector
          + " at "
          + control.worker()
          + " ("
          + states(before)
          + "), move its offset from "
          + ConnectorControl.offset(before)
          + " to "
          + at.file()
          + ":"
          + at.position()
          + (gtids == null ? "" : " (GTIDs " + gtids + ")")
          + " ("
          + at.why()
          + "), skipping "
          + (at.gtidState() != null
              ? "every transaction from " + verdict.restartPosition() + " to the file's end"
              : verdict.damagedTransactions() + " damaged transaction(s)")
          + (verdict.openTransaction() == null ? "" : " from GTID " + verdict.openTransaction())
          + (skipped.isEmpty() ? "" : " of " + String.join(", ", skipped))
          + ", resume it"
          + (snapshot.isEmpty()
              ? "; no snapshot: the skipped changes stay missing downstream"
              : ", and ask an incremental snapshot of "
                  + String.join(", ", snapshot)
                  + " (every row re-read as op r: a primary-key sink absorbs it, an append sink"
                  + " gets each row again)");
    }

    Map<String, List<String>> items() {
      Map<String, List<String>> items = new LinkedHashMap<>();
      items.put("resume position", List.of(at.file() + ":" + at.position()));
      items.put("tables skipped", skipped);
      items.put("tables snapshotted", snapshot);
      return items;
    }

    Map<String, Long> figures() {
      return Map.of(
          "transactions skipped", verdict.damagedTransactions(),
          "bytes skipped", verdict.damagedBytes());
    }
  }
}
