package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.kafka.ClientSettings;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.OffsetRange;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Binds the Kafka tools to configured cluster profiles: {@code cluster} names a profile, never an
 * address. {@code kafka.lag} takes {@code samples} probes (default 2) {@code interval} apart
 * (default 5s) so that a trend can be judged.
 */
public final class KafkaBindings {

  private KafkaBindings() {}

  public static List<ToolBinding> of(KafkaTools tools, KafkaClusters clusters) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    return List.of(
        bind(catalog, KafkaTools.LAG, clusters, (c, a) -> tools.lag(c, groups(a), integer(a, "samples", 2, 1, 20),
            duration(a, "interval", Duration.ofSeconds(5)), Map.of())),
        bind(catalog, KafkaTools.GROUPS, clusters, (c, a) -> tools.groups(c)),
        bind(catalog, KafkaTools.RECONCILE, clusters, (c, a) -> {
          List<OffsetRange> ranges = a.containsKey("partition")
              ? List.of(new OffsetRange(integer(a, "partition", 0, 0, Integer.MAX_VALUE), number(a, "from", 0), number(a, "to", Long.MAX_VALUE)))
              : List.of();
          return tools.reconcile(c, a.get("topic"), ranges, number(a, "sink_count", 0), a.get("group"));
        }),
        bind(catalog, KafkaTools.CONFIGS, clusters, (c, a) -> tools.configs(c, List.of(a.get("topic")), groups(a),
            new ClientSettings(Map.of(), Map.of(), null))));
  }

  private static ToolBinding bind(ToolCatalog catalog, String name, KafkaClusters clusters, BiFunction<KafkaCluster, Map<String, String>, ToolReport> call) {
    return new ToolBinding(catalog.find(name).orElseThrow(), args -> {
      KafkaCluster cluster;
      try {
        cluster = clusters.resolve(args.get("cluster"));
      } catch (IllegalArgumentException e) {
        return ToolReports.run(name, args, () -> {
          throw new ProbeException(ProbeException.Code.NOT_FOUND, "lakeops.kafka.clusters", e.getMessage());
        });
      }
      try {
        return call.apply(cluster, args);
      } catch (BadArgument e) {
        return new ToolReport(ToolReport.Status.ERROR, name, args, List.of(), e.getMessage());
      }
    });
  }

  private static List<String> groups(Map<String, String> args) {
    String group = args.get("group");
    return group == null || group.isBlank() ? List.of() : List.of(group.strip());
  }

  private static int integer(Map<String, String> args, String key, int fallback, int min, int max) {
    long value = number(args, key, fallback);
    if (value < min || value > max) {
      throw new BadArgument("parameter " + key + " must be between " + min + " and " + max + ", was " + value);
    }
    return (int) value;
  }

  private static long number(Map<String, String> args, String key, long fallback) {
    String text = args.get(key);
    if (text == null || text.isBlank()) {
      return fallback;
    }
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new BadArgument("parameter " + key + " must be a whole number, was '" + text + "'");
    }
  }

  private static Duration duration(Map<String, String> args, String key, Duration fallback) {
    String text = args.get(key);
    if (text == null || text.isBlank()) {
      return fallback;
    }
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw new BadArgument("parameter " + key + ": " + e.getMessage());
    }
  }

  /** An argument that does not parse; becomes an error report naming it. */
  private static final class BadArgument extends RuntimeException {
    BadArgument(String message) {
      super(message);
    }
  }
}
