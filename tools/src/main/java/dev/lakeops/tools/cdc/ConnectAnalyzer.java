package dev.lakeops.tools.cdc;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.binlog.classify.CdcErrorCategory;
import dev.lakeops.tools.binlog.classify.CdcErrorClassification;
import dev.lakeops.tools.binlog.classify.CdcErrorClassifier;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Judges a {@link ConnectSnapshot}: connector and task states, the root cause of each failure
 * (classified by {@link CdcErrorClassifier} from the task's trace), and where in the binlog the
 * connector stands (its committed source offset). Pure.
 */
public final class ConnectAnalyzer {

  public static final String RUNNING = "cdc.connector.running";
  public static final String PAUSED = "cdc.connector.paused";
  public static final String STOPPED = "cdc.connector.stopped";
  public static final String CONNECTOR_FAILED = "cdc.connector.failed";
  public static final String TASK_FAILED = "cdc.task.failed";
  public static final String NOT_RUNNING = "cdc.connector.not-running";
  public static final String DAMAGE_REPORTED = "cdc.binlog.damage-reported";
  public static final String OFFSET = "cdc.offset.binlog";
  public static final String OFFSET_UNAVAILABLE = "cdc.offset.unavailable";
  public static final String NO_CONNECTORS = "cdc.connect.no-connectors";
  public static final String UNREACHABLE = "cdc.worker.unreachable";

  /** Every code this analyzer emits. */
  public static final List<String> CODES =
      List.of(
          RUNNING,
          PAUSED,
          STOPPED,
          CONNECTOR_FAILED,
          TASK_FAILED,
          NOT_RUNNING,
          DAMAGE_REPORTED,
          OFFSET,
          OFFSET_UNAVAILABLE,
          NO_CONNECTORS,
          UNREACHABLE);

  private static final int TRACE_HEAD = 300;

  /**
   * Failure causes that say the bytes of a binlog file are wrong, so the file is worth verifying
   * event by event; the others (a purged file, a duplicate server id, a lost connection) are not
   * about the file's content.
   */
  private static final Set<CdcErrorCategory> FILE_DAMAGE =
      EnumSet.of(
          CdcErrorCategory.CHECKSUM_FAILURE,
          CdcErrorCategory.EVENT_DESERIALIZATION,
          CdcErrorCategory.BOGUS_DATA,
          CdcErrorCategory.BINLOG_TRUNCATED);

  public List<Finding> analyze(ConnectSnapshot s) {
    List<Finding> out = new ArrayList<>();
    if (s.connectors().isEmpty()) {
      out.add(
          new Finding(
              Severity.INFO,
              NO_CONNECTORS,
              "worker " + s.worker(),
              "The Kafka Connect worker runs no connectors.",
              Map.of("worker", s.worker()),
              s.sources()));
    }
    for (ConnectSnapshot.Connector c : s.connectors()) {
      analyze(s, c, out);
    }
    return out;
  }

  /** The finding for a worker that did not answer ({@code e} names the URL). */
  public List<Finding> unreachable(String worker, ProbeException e) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("worker", worker);
    evidence.put("error", e.code().name());
    evidence.put("message", e.getMessage());
    return List.of(
        new Finding(
            Severity.CRITICAL,
            UNREACHABLE,
            "worker " + worker,
            "The Kafka Connect worker at "
                + worker
                + " does not answer: no CDC connector it runs can be checked, and the changes it"
                + " should stream are not arriving.",
            evidence,
            List.of(e.endpoint())));
  }

  private void analyze(ConnectSnapshot s, ConnectSnapshot.Connector c, List<Finding> out) {
    String subject = "connector " + c.name() + " on " + s.worker();
    Map<String, String> offset = binlogOffset(c);
    List<ConnectSnapshot.Task> failed =
        c.tasks().stream().filter(t -> t.state().equals("FAILED")).toList();
    switch (c.state()) {
      case "FAILED" -> {
        Map<String, String> e = base(c);
        e.putAll(classified(c.trace()));
        e.putAll(offset);
        fileToVerify(e);
        out.add(
            new Finding(
                Severity.CRITICAL,
                CONNECTOR_FAILED,
                subject,
                "Connector " + c.name() + " FAILED" + cause(e) + ".",
                e,
                s.sources()));
        damageReported(s, c, null, e, out);
      }
      case "PAUSED" ->
          out.add(
              new Finding(
                  Severity.WARN,
                  PAUSED,
                  subject,
                  "Connector "
                      + c.name()
                      + " is PAUSED: it reads nothing until resumed, while the binlog it needs"
                      + " may expire.",
                  withOffset(base(c), offset),
                  s.sources()));
      case "STOPPED" ->
          out.add(
              new Finding(
                  Severity.WARN,
                  STOPPED,
                  subject,
                  "Connector " + c.name() + " is STOPPED (no tasks); its offsets are kept.",
                  withOffset(base(c), offset),
                  s.sources()));
      case "RUNNING" -> {
        if (failed.isEmpty() && !c.tasks().isEmpty() && allRunning(c)) {
          out.add(
              new Finding(
                  Severity.OK,
                  RUNNING,
                  subject,
                  "Connector "
                      + c.name()
                      + " and its "
                      + c.tasks().size()
                      + " task(s) are RUNNING.",
                  withOffset(base(c), offset),
                  s.sources()));
        } else if (failed.isEmpty()) {
          out.add(notRunning(s, c, subject, offset));
        }
      }
      default -> out.add(notRunning(s, c, subject, offset));
    }
    for (ConnectSnapshot.Task t : failed) {
      Map<String, String> e = base(c);
      e.put("task", Integer.toString(t.id()));
      if (t.workerId() != null) {
        e.put("taskWorker", t.workerId());
      }
      e.putAll(classified(t.trace()));
      e.putAll(offset);
      fileToVerify(e);
      out.add(
          new Finding(
              Severity.CRITICAL,
              TASK_FAILED,
              subject + " / task " + t.id(),
              "Task "
                  + t.id()
                  + " of connector "
                  + c.name()
                  + " FAILED"
                  + cause(e)
                  + (offset.containsKey("binlogFile")
                      ? "; its committed offset is "
                          + offset.get("binlogFile")
                          + ":"
                          + offset.get("binlogPosition")
                      : "")
                  + ".",
              e,
              s.sources()));
      damageReported(s, c, t, e, out);
    }
    if (!offset.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("connector", c.name());
      e.putAll(offset);
      out.add(
          new Finding(
              Severity.INFO,
              OFFSET,
              subject,
              "Connector "
                  + c.name()
                  + " has read the binlog up to "
                  + offset.getOrDefault("binlogFile", "?")
                  + ":"
                  + offset.getOrDefault("binlogPosition", "?")
                  + (offset.containsKey("gtids") ? " (GTIDs " + offset.get("gtids") + ")" : "")
                  + ".",
              e,
              s.sources()));
    } else if (c.offsetsError() != null) {
      out.add(
          new Finding(
              Severity.INFO,
              OFFSET_UNAVAILABLE,
              subject,
              "The offsets of connector " + c.name() + " could not be read: " + c.offsetsError(),
              Map.of("connector", c.name(), "error", c.offsetsError()),
              s.sources()));
    }
  }

  private static Finding notRunning(
      ConnectSnapshot s, ConnectSnapshot.Connector c, String subject, Map<String, String> offset) {
    return new Finding(
        Severity.WARN,
        NOT_RUNNING,
        subject,
        "Connector "
            + c.name()
            + " is "
            + c.state()
            + (c.tasks().isEmpty() ? " with no tasks" : " with tasks " + taskStates(c))
            + ": it is not streaming.",
        withOffset(base(c), offset),
        s.sources());
  }

  private static boolean allRunning(ConnectSnapshot.Connector c) {
    return c.tasks().stream().allMatch(t -> t.state().equals("RUNNING"));
  }

  private static String taskStates(ConnectSnapshot.Connector c) {
    return c.tasks().stream().map(t -> t.id() + "=" + t.state()).toList().toString();
  }

  private static Map<String, String> base(ConnectSnapshot.Connector c) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("connector", c.name());
    e.put("state", c.state());
    if (c.connectorClass() != null) {
      e.put("connectorClass", c.connectorClass());
    }
    if (c.workerId() != null) {
      e.put("workerId", c.workerId());
    }
    if (!c.tasks().isEmpty()) {
      e.put("tasks", taskStates(c));
    }
    return e;
  }

  private static Map<String, String> withOffset(Map<String, String> e, Map<String, String> o) {
    e.putAll(o);
    return e;
  }

  /**
   * The binlog coordinates of the connector's first source offset, named as the binlog tools name
   * them; empty when the offset is not a binlog one.
   */
  static Map<String, String> binlogOffset(ConnectSnapshot.Connector c) {
    Map<String, String> e = new LinkedHashMap<>();
    for (ConnectSnapshot.SourceOffset o : c.offsets()) {
      Map<String, String> off = o.offset();
      if (!off.containsKey("file") && !off.containsKey("gtids")) {
        continue;
      }
      put(e, "binlogFile", off.get("file"));
      put(e, "binlogPosition", off.get("pos"));
      put(e, "gtids", off.get("gtids"));
      put(e, "skipEvents", off.get("event"));
      put(e, "skipRows", off.get("row"));
      put(e, "offsetServerId", off.get("server_id"));
      put(e, "sourcePartition", o.partition().toString());
      return e;
    }
    return e;
  }

  private static Map<String, String> classified(@Nullable String trace) {
    Map<String, String> e = new LinkedHashMap<>();
    if (trace == null || trace.isBlank()) {
      e.put("category", "no-trace");
      return e;
    }
    CdcErrorClassification k = CdcErrorClassifier.classify(trace);
    e.put("category", k.category().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    e.put("binlogDamageSuspected", Boolean.toString(FILE_DAMAGE.contains(k.category())));
    put(e, "signature", k.signature());
    put(e, "rootCause", k.rootCause());
    put(e, "errorCode", k.errorCode());
    put(e, "traceFile", k.file());
    put(e, "tracePosition", k.position());
    put(e, "traceGtid", k.gtid());
    e.put("diagnosis", k.summary());
    if (!k.nextSteps().isEmpty()) {
      e.put("nextStep", k.nextSteps().get(0));
    }
    String head = trace.strip().lines().findFirst().orElse("");
    e.put("traceHead", head.length() <= TRACE_HEAD ? head : head.substring(0, TRACE_HEAD) + "...");
    return e;
  }

  /**
   * The server or the client library reported damaged binlog bytes (a failed checksum, an event
   * that does not decode): a finding of its own, naming the file to verify, since that is a fact
   * about the binlog, not about the connector.
   */
  private static void damageReported(
      ConnectSnapshot s,
      ConnectSnapshot.Connector c,
      ConnectSnapshot.@Nullable Task t,
      Map<String, String> failed,
      List<Finding> out) {
    String file = failed.get("binlogToVerify");
    if (file == null) {
      return;
    }
    Map<String, String> e = new LinkedHashMap<>();
    e.put("connector", c.name());
    put(e, "task", t == null ? null : t.id());
    e.put("category", failed.get("category"));
    e.put("binlogToVerify", file);
    put(e, "tracePosition", failed.get("tracePosition"));
    put(e, "binlogFile", failed.get("binlogFile"));
    put(e, "binlogPosition", failed.get("binlogPosition"));
    put(e, "gtids", failed.get("gtids"));
    out.add(
        new Finding(
            Severity.CRITICAL,
            DAMAGE_REPORTED,
            "binlog " + file + " read by connector " + c.name(),
            "The binlog reader of connector "
                + c.name()
                + " stopped on an event it reports as damaged ("
                + failed.get("category")
                + ") in "
                + file
                + (failed.containsKey("tracePosition")
                    ? " near " + failed.get("tracePosition")
                    : "")
                + ": every change after its offset waits behind it.",
            e,
            s.sources()));
  }

  /**
   * When the cause says a file is damaged: the file to verify, {@code binlogToVerify}, is the one
   * the trace names (where the reader stopped), else the one of the committed offset (the reader
   * stops at most one transaction after it, and usually in the same file).
   */
  private static void fileToVerify(Map<String, String> e) {
    if (!"true".equals(e.get("binlogDamageSuspected"))) {
      return;
    }
    String file = e.containsKey("traceFile") ? e.get("traceFile") : e.get("binlogFile");
    put(e, "binlogToVerify", file);
  }

  private static String cause(Map<String, String> e) {
    String category = e.get("category");
    if (category == null || category.equals("no-trace")) {
      return " (the worker gave no trace)";
    }
    return category.equals("unknown")
        ? " (cause not recognized; see traceHead)"
        : ": " + category + " (" + e.getOrDefault("signature", "") + ")";
  }

  private static void put(Map<String, String> e, String key, @Nullable Object value) {
    if (value != null) {
      e.put(key, value.toString());
    }
  }
}
