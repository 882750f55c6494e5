package dev.lakeops.tools.binlog;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.binlog.classify.CdcErrorClassifier;
import dev.lakeops.tools.binlog.file.BinlogEventLister;
import dev.lakeops.tools.binlog.file.BinlogFindings;
import dev.lakeops.tools.binlog.file.BinlogIntegrityAnalyzer;
import dev.lakeops.tools.binlog.file.BinlogReader;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.ListedEvent;
import dev.lakeops.tools.binlog.plan.BinlogRecoveryPlanner;
import dev.lakeops.tools.binlog.plan.BinlogVisitors;
import dev.lakeops.tools.binlog.plan.EventTimesCollector;
import dev.lakeops.tools.binlog.plan.FileEvidence;
import dev.lakeops.tools.binlog.plan.GtidSet;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The facade over the binlog reader, integrity analyzer, recovery planner and error classifier:
 * read-only, never throws. {@link #functions()} pairs the tools with their declarations ({@link
 * BinlogToolSpecs}); {@code binlog.verify} reports findings, the others answer a model with compact
 * JSON.
 */
public final class BinlogTools implements ToolSet {

  public static final String VERIFY = "binlog.verify";
  public static final String PLAN = "binlog.plan";
  public static final String EVENTS = "binlog.events";
  public static final String CLASSIFY_ERROR = "binlog.classify_error";

  /** Most events one {@link #events} call returns to a model. */
  public static final int MAX_TOOL_EVENTS = 200;

  private static final Logger LOG = LoggerFactory.getLogger(BinlogTools.class);

  @Override
  public List<ToolFunction<?>> functions() {
    return List.of(
        verify(),
        new ToolFunction<>(
            BinlogToolSpecs.PLAN,
            a -> plan(a.list("paths"), a.optionalString("replica_gtid_set").orElse(null))),
        new ToolFunction<>(
            BinlogToolSpecs.EVENTS,
            a -> events(a.string("path"), a.integer("from"), (int) a.integer("limit"))),
        new ToolFunction<>(BinlogToolSpecs.CLASSIFY_ERROR, a -> classifyError(a.string("text"))));
  }

  /** {@code binlog.verify} with its declaration. */
  public ToolFunction<ToolReport> verify() {
    return new ToolFunction<>(BinlogToolSpecs.VERIFY, a -> verifyFile(a.string("path")));
  }

  /**
   * Reads {@code file} to the end and returns the analyzer's verdict.
   *
   * @throws ProbeException {@code NOT_FOUND} when the file does not exist or is not a regular file
   * @throws UncheckedIOException the file cannot be read
   */
  public static BinlogVerdict verdict(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
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
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
    }
    BinlogIntegrityAnalyzer analyzer = new BinlogIntegrityAnalyzer();
    EventTimesCollector times = new EventTimesCollector();
    BinlogReader.read(file, BinlogVisitors.both(analyzer, times));
    return new FileEvidence(analyzer.verdict(), times.times());
  }

  /**
   * The recovery plan over {@code paths} (in server order), as compact JSON.
   *
   * @param replicaGtidSet a healthy replica's executed GTID set, or null when unknown
   */
  public String plan(@Nullable List<String> paths, @Nullable String replicaGtidSet) {
    return json(
        PLAN,
        () -> {
          List<FileEvidence> files = new ArrayList<>();
          for (String path : paths == null ? List.<String>of() : paths) {
            files.add(evidence(Path.of(path)));
          }
          GtidSet replica =
              replicaGtidSet == null || replicaGtidSet.isBlank()
                  ? null
                  : GtidSet.parse(replicaGtidSet);
          return BinlogRecoveryPlanner.plan(
              new BinlogRecoveryPlanner.Request(files, replica, null, null));
        });
  }

  /** The classification of an error text, as compact JSON; never fails. */
  public String classifyError(@Nullable String text) {
    return json(CLASSIFY_ERROR, () -> CdcErrorClassifier.classify(text));
  }

  /**
   * At most {@code limit} events of {@code path} from offset {@code from} (limit capped at {@value
   * #MAX_TOOL_EVENTS}), as compact JSON.
   */
  public String events(String path, long from, int limit) {
    return json(
        EVENTS,
        () -> {
          List<ListedEvent> events = new ArrayList<>();
          int n = Math.min(Math.max(limit, 1), MAX_TOOL_EVENTS);
          BinlogEventLister.Summary summary =
              BinlogEventLister.list(Path.of(path), from, n, events::add);
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("summary", summary);
          out.put("events", events);
          return out;
        });
  }

  /**
   * Runs {@code call} and returns its compact JSON, or a JSON error naming the tool and input
   * problem; never throws.
   */
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
      out.put(
          "error",
          "internal error in "
              + tool
              + " ("
              + e.getClass().getSimpleName()
              + "); details are in the lakeops log");
    }
    return Json.compact(out);
  }

  /** The integrity findings of the binlog file at {@code path}. */
  public ToolReport verifyFile(String path) {
    return ToolReports.run(
        VERIFY, Map.of("path", path), () -> BinlogFindings.of(verdict(Path.of(path))));
  }
}
