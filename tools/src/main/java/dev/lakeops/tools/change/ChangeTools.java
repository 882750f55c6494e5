package dev.lakeops.tools.change;

import dev.lakeops.table.Table;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.meta.CorruptMetadataException;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolSet;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The facade of the change probe: what changed on each hop the call names, in one report,
 * read-only, never throws. Each hop is probed only when its target is given; a hop that cannot be
 * read becomes a {@value ChangeCodes#UNAVAILABLE} finding and the others stand; when every hop
 * fails the report is {@code NO_DATA} (nothing of that name) or {@code ERROR}, naming each
 * endpoint. Captures are kept in a {@link ChangeHistory}, so repeated calls see what Kafka and
 * Flink do not record. {@link ChangeFeed}s add changes no probe sees (the runbooks add lakeops' own
 * actions).
 */
public final class ChangeTools implements ToolSet {

  public static final String RECENT = "changes.recent";

  private final ChangeSources sources;
  private final KafkaProbeOptions kafkaOptions;
  private final ChangeHistory history;
  private final Clock clock;
  private final List<ChangeFeed> feeds;

  public ChangeTools(
      ChangeSources sources, KafkaProbeOptions kafkaOptions, ChangeHistory history, Clock clock) {
    this(sources, kafkaOptions, history, clock, List.of());
  }

  private ChangeTools(
      ChangeSources sources,
      KafkaProbeOptions kafkaOptions,
      ChangeHistory history,
      Clock clock,
      List<ChangeFeed> feeds) {
    this.sources = sources;
    this.kafkaOptions = kafkaOptions;
    this.history = history;
    this.clock = clock;
    this.feeds = List.copyOf(feeds);
  }

  /** These tools with {@code feed}'s changes added to every report. */
  public ChangeTools withFeed(ChangeFeed feed) {
    List<ChangeFeed> all = new ArrayList<>(feeds);
    all.add(feed);
    return new ChangeTools(sources, kafkaOptions, history, clock, all);
  }

  @Override
  public List<ToolFunction<ToolReport>> functions() {
    return List.of(new ToolFunction<>(ChangeToolSpecs.RECENT, this::recent));
  }

  /**
   * A call read against {@link ChangeToolSpecs#RECENT}; a time that does not read is an error
   * report naming it.
   */
  public ToolReport recent(ToolArgs args) {
    ChangeWindow window;
    try {
      window = ChangeToolSpecs.window(args, clock);
    } catch (IllegalArgumentException e) {
      return new ToolReport(
          ToolReport.Status.ERROR,
          RECENT,
          args.given(),
          List.of(),
          "invalid argument: " + e.getMessage());
    }
    return recent(ChangeToolSpecs.targets(args), window);
  }

  /** What changed on the hops {@code targets} names within {@code window}. */
  public ToolReport recent(ChangeTargets targets, ChangeWindow window) {
    Map<String, String> params = new LinkedHashMap<>(targets.params());
    params.putAll(window.evidence());
    if (targets.isEmpty()) {
      return new ToolReport(
          ToolReport.Status.ERROR,
          RECENT,
          params,
          List.of(),
          "invalid argument: name at least one of job, table, topic or group");
    }
    return ToolReports.run(RECENT, params, () -> new Call(targets, window).run());
  }

  /** One call: the hops read, what they found, and those that failed. */
  private final class Call {
    private final ChangeTargets targets;
    private final ChangeWindow window;
    private final List<Change> changes = new ArrayList<>();
    private final List<String> probed = new ArrayList<>();
    private final Map<String, ProbeException> failed = new LinkedHashMap<>();
    private final Set<String> jobIds = new LinkedHashSet<>();

    Call(ChangeTargets targets, ChangeWindow window) {
      this.targets = targets;
      this.window = window;
    }

    List<Finding> run() {
      if (targets.job() != null) {
        hop("flink job " + targets.job(), this::flink);
      }
      if (targets.table() != null) {
        hop("table " + targets.table(), this::table);
      }
      if (targets.hasKafka()) {
        hop(
            "kafka "
                + (targets.topic() == null
                    ? "group " + targets.group()
                    : "topic "
                        + targets.topic()
                        + (targets.group() == null ? "" : " / group " + targets.group())),
            this::kafka);
      }
      if (probed.isEmpty()) {
        throw combined();
      }
      ChangeTargets known = targets.withAliases(jobIds);
      for (ChangeFeed feed : feeds) {
        hop(feed.name(), () -> feed.changes(known, window));
      }
      List<Finding> findings = new ArrayList<>(ChangeFindings.of(changes, window, probed));
      failed.forEach((hop, e) -> findings.add(unavailable(hop, e)));
      return findings;
    }

    private void hop(String name, Supplier<List<Change>> read) {
      try {
        changes.addAll(read.get());
        probed.add(name);
      } catch (ProbeException e) {
        failed.put(name, e);
      } catch (CorruptMetadataException | CorruptDataFileException | UncheckedIOException e) {
        failed.put(
            name, new ProbeException(ProbeException.Code.BAD_RESPONSE, name, e.getMessage(), e));
      }
    }

    private List<Change> flink() {
      String cluster =
          targets.flinkCluster() == null ? sources.flink().defaultName() : targets.flinkCluster();
      FlinkTools tools =
          sources
              .flink()
              .find(cluster)
              .orElseThrow(
                  () ->
                      new ProbeException(
                          ProbeException.Code.NOT_FOUND,
                          "lakeops.flink.clusters",
                          "No Flink cluster named '"
                              + cluster
                              + "' is configured (configured: "
                              + String.join(", ", sources.flink().names())
                              + ")"));
      FlinkChangeSnapshot now = new FlinkChangeProbe(tools.rest(), clock).capture(targets.job());
      List<FlinkChangeSnapshot> earlier = history.flink(now);
      FlinkChangeAnalyzer.runs(now, earlier).forEach(r -> jobIds.add(r.jobId()));
      return new FlinkChangeAnalyzer().analyze(now, earlier);
    }

    private List<Change> table() {
      Table table = sources.tables().locate(targets.table());
      TableChangeSnapshot now =
          new TableChangeProbe(clock).capture(table, targets.table(), window.since());
      return new TableChangeAnalyzer().analyze(now, history.table(now), window);
    }

    private List<Change> kafka() {
      KafkaCluster cluster = kafkaCluster();
      KafkaChangeSnapshot now =
          new KafkaChangeProbe(cluster, kafkaOptions, clock)
              .capture(targets.topic(), targets.group());
      return new KafkaChangeAnalyzer().analyze(now, history.kafka(now), window);
    }

    private KafkaCluster kafkaCluster() {
      try {
        if (targets.kafkaCluster() == null && sources.kafka().names().size() == 1) {
          return sources.kafka().resolve(sources.kafka().names().iterator().next());
        }
        if (targets.kafkaCluster() == null) {
          throw new IllegalArgumentException(
              "name the Kafka cluster (kafka_cluster); configured: "
                  + (sources.kafka().names().isEmpty()
                      ? "none"
                      : String.join(", ", sources.kafka().names())));
        }
        return sources.kafka().resolve(targets.kafkaCluster());
      } catch (IllegalArgumentException e) {
        throw new ProbeException(
            ProbeException.Code.NOT_FOUND, "lakeops.kafka.clusters", e.getMessage());
      }
    }

    /** Every hop failed: NOT_FOUND when each found nothing, else the first other failure's code. */
    private ProbeException combined() {
      if (failed.size() == 1) {
        return failed.values().iterator().next();
      }
      ProbeException.Code code =
          failed.values().stream()
              .map(ProbeException::code)
              .filter(c -> c != ProbeException.Code.NOT_FOUND)
              .findFirst()
              .orElse(ProbeException.Code.NOT_FOUND);
      String endpoints =
          failed.values().stream().map(ProbeException::endpoint).collect(Collectors.joining("; "));
      String message =
          failed.entrySet().stream()
              .map(e -> e.getKey() + ": " + e.getValue().code() + ": " + e.getValue().getMessage())
              .collect(Collectors.joining("; "));
      return new ProbeException(code, endpoints, message);
    }
  }

  private static Finding unavailable(String hop, ProbeException e) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("hop", hop);
    evidence.put("error", e.code().name());
    evidence.put("endpoint", e.endpoint());
    evidence.put("message", e.getMessage());
    return new Finding(
        Severity.WARN,
        ChangeCodes.UNAVAILABLE,
        hop,
        "Could not tell what changed on " + hop + ": " + ToolReports.describe(e),
        evidence,
        List.of(e.endpoint()));
  }
}
