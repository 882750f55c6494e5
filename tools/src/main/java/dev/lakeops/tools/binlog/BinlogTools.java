package dev.lakeops.tools.binlog;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.binlog.classify.CdcErrorClassifier;
import dev.lakeops.tools.binlog.plan.BinlogRecoveryPlanner;
import dev.lakeops.tools.binlog.plan.BinlogVisitors;
import dev.lakeops.tools.binlog.plan.EventTimesCollector;
import dev.lakeops.tools.binlog.plan.FileEvidence;
import dev.lakeops.tools.binlog.plan.GtidSet;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@code @Tool} facade over the binlog reader and integrity analyzer: read-only, never throws. */
public final class BinlogTools {

  public static final String VERIFY = "binlog.verify";
  /** Most events one {@link #events} call returns to a model. */
  public static final int MAX_TOOL_EVENTS = 200;
  private static final Logger LOG = LoggerFactory.getLogger(BinlogTools.class);

  /**
   * Reads {@code file} to the end and returns the analyzer's verdict.
   *
   * @throws ProbeException {@code NOT_FOUND} when the file does not exist or is not a regular file
   * @throws UncheckedIOException the file cannot be read
   */
  public static BinlogVerdict verdict(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ProbeException(ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
    }
    BinlogIntegrityAnalyzer analyzer = new BinlogIntegrityAnalyzer();
    BinlogReader.read(file, analyzer);
    return analyzer.verdict();
  }

  /**
   * Reads {@code file} once for the planner: the verdict and the event times around its damage.
   *
   * @throws ProbeException {@code NOT_FOUND} when the file does not exist or is not a regular file
   * @throws UncheckedIOException the file cannot be read
   */
  public static FileEvidence evidence(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ProbeException(ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
    }
    BinlogIntegrityAnalyzer analyzer = new BinlogIntegrityAnalyzer();
    EventTimesCollector times = new EventTimesCollector();
    BinlogReader.read(file, BinlogVisitors.both(analyzer, times));
    return new FileEvidence(analyzer.verdict(), times.times());
  }

  @Tool(name = "binlog_plan", value = "Recovery plan for a CDC source that failed on damaged binlog: reads the given "
      + "binlog files (in server order), finds the first damage and returns the options (read from a healthy replica, "
      + "restart at a specific offset or GTID set after the damage, timestamp start-up, skip with warn) with the exact "
      + "Flink CDC connector options, what each loses (transactions, GTIDs, events, bytes, tables, time window), "
      + "preconditions and cost, plus a bounded backfill with reconciliation query templates. Read-only. Compact JSON.")
  public String plan(
      @P("Binlog file paths on the lakeops host, in server order, e.g. [\"/var/lib/mysql/mysql-bin.000042\"]") List<String> paths,
      @P(value = "A healthy replica's executed GTID set (MySQL @@gtid_executed, MariaDB @@gtid_binlog_pos); empty if unknown",
          required = false) String replicaGtidSet) {
    return json("binlog_plan", () -> {
      List<FileEvidence> files = new ArrayList<>();
      for (String path : paths == null ? List.<String>of() : paths) {
        files.add(evidence(Path.of(path)));
      }
      GtidSet replica = replicaGtidSet == null || replicaGtidSet.isBlank() ? null : GtidSet.parse(replicaGtidSet);
      return BinlogRecoveryPlanner.plan(new BinlogRecoveryPlanner.Request(files, replica, null, null));
    });
  }

  @Tool(name = "binlog_classify_error", value = "Classifies an error text from Flink CDC, Debezium or a MySQL/MariaDB "
      + "server (EventHeaderV4 deserialization, errno 1236 variants, purged GTIDs, offset no longer available, missing "
      + "TABLE_MAP, connection reset, duplicate server id, statement format): category, the binlog file, position, GTID "
      + "and server id written in it, and next steps. Pure; never fails. Compact JSON.")
  public String classifyError(@P("The error text as pasted, stack trace included") String text) {
    return json("binlog_classify_error", () -> CdcErrorClassifier.classify(text));
  }

  @Tool(name = "binlog_events", value = "Lists the events of one binlog file from an offset: offset, type, size, "
      + "log_pos, timestamp, server id, CRC outcome and a short info (GTID, SQL, db.table, xid); damaged spans are "
      + "listed with the reason. At most " + MAX_TOOL_EVENTS + " events per call; page with nextOffset. Read-only. "
      + "Compact JSON.")
  public String events(
      @P("Path of a binlog file on the lakeops host") String path,
      @P(value = "File offset to start listing from (default 0)", required = false) Long from,
      @P(value = "Most events to return (default 50, at most " + MAX_TOOL_EVENTS + ")", required = false) Integer limit) {
    return json("binlog_events", () -> {
      List<ListedEvent> events = new ArrayList<>();
      int n = limit == null ? 50 : Math.min(Math.max(limit, 1), MAX_TOOL_EVENTS);
      BinlogEventLister.Summary summary = BinlogEventLister.list(Path.of(path), from == null ? 0 : from, n, events::add);
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("summary", summary);
      out.put("events", events);
      return out;
    });
  }

  /** Runs {@code call} and returns its compact JSON, or a JSON error naming the tool and input problem; never throws. */
  private static String json(String tool, Supplier<Object> call) {
    Map<String, Object> out = new LinkedHashMap<>();
    try {
      out.put("status", "ok");
      out.put("result", call.get());
    } catch (ProbeException e) {
      out.put("status", e.code() == ProbeException.Code.NOT_FOUND ? "no_data" : "error");
      out.put("error", ToolReports.describe(e));
    } catch (IllegalArgumentException | UncheckedIOException e) {
      out.put("status", "error");
      out.put("error", e.getMessage());
    } catch (RuntimeException e) {
      LOG.warn("Tool {} failed", tool, e);
      out.put("status", "error");
      out.put("error", "internal error in " + tool + " (" + e.getClass().getSimpleName() + "); details are in the lakeops log");
    }
    return Json.compact(out);
  }

  @Tool("Verifies one MySQL/MariaDB binlog file: CRC32 and header of every event, the first bad event, "
      + "where valid events resume, the safe restart position (end of the last complete transaction) with its "
      + "GTID, and the transactions and tables lost. Read-only.")
  public ToolReport verifyFile(@P("Path of a binlog file on the lakeops host, e.g. /var/lib/mysql/mysql-bin.000042") String path) {
    return ToolReports.run(VERIFY, Map.of("path", path), () -> BinlogFindings.of(verdict(Path.of(path))));
  }
}
