package dev.lakeops.tools.cdc;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The facade over {@link ConnectProbe} and {@link ConnectAnalyzer}, and, for a worker whose JMX
 * address is known, {@link DebeziumMetricsProbe} and {@link DebeziumMetricsAnalyzer}: read-only,
 * never throws. The declared tool ({@link CdcToolSpecs#STATUS}) takes a configured worker name; the
 * typed {@link #status(String, String, String)} takes URLs, for the command line where the operator
 * names them.
 */
public final class CdcTools implements ToolSet {

  public static final String STATUS = "cdc.connect.status";

  private final Map<String, String> workers;
  private final Map<String, String> jmx;
  private final Duration timeout;
  private final ConnectAnalyzer analyzer;
  private final DebeziumMetricsAnalyzer metrics;
  private final Clock clock;

  /**
   * @param workers configured Kafka Connect workers: name to REST base URL
   */
  public CdcTools(
      Map<String, String> workers, Duration timeout, ConnectAnalyzer analyzer, Clock clock) {
    this(workers, Map.of(), timeout, analyzer, new DebeziumMetricsAnalyzer(), clock);
  }

  /**
   * @param workers configured Kafka Connect workers: name to REST base URL
   * @param jmx the JMX address of those workers that have one: name to address
   */
  public CdcTools(
      Map<String, String> workers,
      Map<String, String> jmx,
      Duration timeout,
      ConnectAnalyzer analyzer,
      DebeziumMetricsAnalyzer metrics,
      Clock clock) {
    this.workers = Map.copyOf(workers);
    this.jmx = Map.copyOf(jmx);
    this.timeout = timeout;
    this.analyzer = analyzer;
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(new ToolFunction<>(CdcToolSpecs.STATUS, this::connectStatus));
  }

  /**
   * Reads connector {@code connector} (every connector when null) on the worker at {@code url} and
   * judges it. An unreachable worker is an OK report with the {@link ConnectAnalyzer#UNREACHABLE}
   * finding; a bad URL or answer is an ERROR report, a missing connector NO_DATA, each naming the
   * URL.
   */
  public ToolReport status(String url, @Nullable String connector) {
    return status(url, null, connector);
  }

  /**
   * As {@link #status(String, String)}, and with {@code jmxUrl} (may be null) also the Debezium
   * metrics of the connectors read: a JMX agent that does not answer adds the {@link
   * DebeziumMetricsAnalyzer#UNREACHABLE} finding and the REST verdict stands; a bad JMX address is
   * an ERROR report naming it.
   */
  public ToolReport status(String url, @Nullable String jmxUrl, @Nullable String connector) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("worker", url);
    if (connector != null && !connector.isBlank()) {
      params.put("connector", connector);
    }
    ConnectProbe probe;
    DebeziumMetricsProbe jmxProbe = null;
    try {
      probe = new ConnectProbe(url, timeout, clock);
      if (jmxUrl != null && !jmxUrl.isBlank()) {
        jmxProbe = new DebeziumMetricsProbe(jmxUrl, timeout, clock);
        params.put("jmx", jmxProbe.url());
      }
    } catch (IllegalArgumentException e) {
      return new ToolReport(ToolReport.Status.ERROR, STATUS, params, List.of(), e.getMessage());
    }
    DebeziumMetricsProbe metricsProbe = jmxProbe;
    return ToolReports.run(
        STATUS,
        params,
        () -> {
          ConnectSnapshot snapshot;
          try {
            snapshot = capture(probe, connector, params);
          } catch (ProbeException e) {
            if (e.code() == ProbeException.Code.UNREACHABLE
                || e.code() == ProbeException.Code.TIMEOUT) {
              return analyzer.unreachable(probe.baseUrl(), e);
            }
            throw e;
          }
          List<Finding> findings = new ArrayList<>(analyzer.analyze(snapshot));
          if (metricsProbe != null) {
            try {
              findings.addAll(metrics.analyze(snapshot, metricsProbe.capture()));
            } catch (ProbeException e) {
              findings.addAll(metrics.unreachable(metricsProbe.url(), e));
            }
          }
          return findings;
        });
  }

  /**
   * The connector {@code name} names, or, when the worker has none of that name, the one Debezium
   * connector whose server name ({@code topic.prefix}) it is: alerts on Debezium's metrics carry
   * the server name ({@code name="..."} of the JMX exporter's rules). The connector read replaces
   * {@code connector} in {@code params}; the name asked stays as {@code asked}.
   */
  private static ConnectSnapshot capture(
      ConnectProbe probe, @Nullable String name, Map<String, String> params) {
    try {
      return probe.capture(name);
    } catch (ProbeException e) {
      if (e.code() != ProbeException.Code.NOT_FOUND || name == null || name.isBlank()) {
        throw e;
      }
      List<String> byServer;
      try {
        byServer = probe.connectorsOfServer(name);
      } catch (ProbeException listing) {
        // a worker without ?expand=info (before Kafka 2.3) or one that refuses it: the name stands
        e.addSuppressed(listing);
        throw e;
      }
      if (byServer.size() != 1) {
        throw new ProbeException(
            ProbeException.Code.NOT_FOUND,
            e.endpoint(),
            e.getMessage()
                + (byServer.isEmpty()
                    ? "; no connector has topic.prefix '" + name.strip() + "' either"
                    : "; connectors " + byServer + " all have topic.prefix '" + name.strip() + "'"),
            e);
      }
      params.put("asked", name.strip());
      params.put("connector", byServer.get(0));
      params.put("matchedBy", "topic.prefix");
      return probe.capture(byServer.get(0));
    }
  }

  private ToolReport connectStatus(ToolArgs args) {
    String connector = args.optionalString("connector").orElse(null);
    String worker = args.optionalString("worker").orElse(null);
    if (worker == null) {
      return onSomeWorker(connector);
    }
    String url = workers.get(worker);
    if (url == null) {
      Map<String, String> params = new LinkedHashMap<>();
      params.put("worker", worker);
      return new ToolReport(
          ToolReport.Status.NO_DATA,
          STATUS,
          params,
          List.of(),
          "no Kafka Connect worker named '"
              + worker
              + "' is configured (lakeops.connect.workers."
              + worker
              + ".url); known: "
              + workers.keySet().stream().sorted().toList());
    }
    return named(worker, url, status(url, jmx.get(worker), connector));
  }

  /**
   * No worker named (alerts rarely carry one): the only configured worker; with several, the first
   * by name that answers OK (the one that runs {@code connector}). When none does: a worker that
   * did not answer may be the one, so its unreachable finding is the answer; else NO_DATA naming
   * the workers asked.
   */
  private ToolReport onSomeWorker(@Nullable String connector) {
    if (workers.isEmpty()) {
      return new ToolReport(
          ToolReport.Status.NO_DATA,
          STATUS,
          Map.of(),
          List.of(),
          "no Kafka Connect worker is configured (lakeops.connect.workers.<name>.url)");
    }
    List<String> names = workers.keySet().stream().sorted().toList();
    ToolReport unreachable = null;
    List<String> answers = new ArrayList<>();
    for (String name : names) {
      ToolReport report =
          named(name, workers.get(name), status(workers.get(name), jmx.get(name), connector));
      boolean down =
          report.findings().stream().anyMatch(f -> f.code().equals(ConnectAnalyzer.UNREACHABLE));
      if (names.size() == 1 || (report.status() == ToolReport.Status.OK && !down)) {
        return report;
      }
      if (down && unreachable == null) {
        unreachable = report;
      }
      answers.add(name + ": " + (down ? "does not answer" : report.error()));
    }
    if (unreachable != null) {
      return unreachable;
    }
    Map<String, String> params = new LinkedHashMap<>();
    if (connector != null) {
      params.put("connector", connector);
    }
    return new ToolReport(
        ToolReport.Status.NO_DATA,
        STATUS,
        params,
        List.of(),
        "connector "
            + connector
            + " is on none of the configured Kafka Connect workers "
            + answers);
  }

  private static ToolReport named(String worker, String url, ToolReport report) {
    Map<String, String> params = new LinkedHashMap<>(report.params());
    params.put("worker", worker);
    params.put("url", url);
    return new ToolReport(report.status(), STATUS, params, report.findings(), report.error());
  }
}
