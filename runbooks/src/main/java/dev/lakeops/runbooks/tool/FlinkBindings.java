package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkToolSpecs;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds the Flink tools of the configured clusters. Each declared tool gets an optional {@code
 * cluster} argument naming a profile (the default cluster when absent); a name that is not
 * configured is a {@link ToolReport.Status#NO_DATA} report, never a call to another cluster. Every
 * report carries the cluster it read as parameter {@code cluster}.
 */
public final class FlinkBindings {

  static final ToolParam CLUSTER =
      ToolParam.optional(
          "cluster",
          ParamType.STRING,
          "Flink cluster profile as configured in lakeops.flink.clusters; the default cluster when"
              + " absent");

  private FlinkBindings() {}

  /** The Flink declarations as the planner takes them: each with {@code cluster}. */
  public static List<ToolSpec> specs() {
    return FlinkToolSpecs.ALL.stream().map(s -> s.withParam(CLUSTER)).toList();
  }

  public static List<ToolBinding> of(FlinkClusters clusters) {
    return FlinkToolSpecs.ALL.stream().map(s -> bind(s, clusters)).toList();
  }

  private static ToolBinding bind(ToolSpec declared, FlinkClusters clusters) {
    String name = declared.name();
    return new ToolBinding(
        declared.withParam(CLUSTER),
        args -> {
          String cluster = args.optionalString("cluster").orElse(clusters.defaultName());
          Optional<FlinkTools> tools = clusters.find(cluster);
          if (tools.isEmpty()) {
            Map<String, String> params = new LinkedHashMap<>(args.given());
            params.put("cluster", cluster);
            return ToolReports.run(
                name,
                params,
                () -> {
                  throw new ProbeException(
                      ProbeException.Code.NOT_FOUND,
                      "lakeops.flink.clusters",
                      "No Flink cluster named '"
                          + cluster
                          + "' is configured (configured: "
                          + String.join(", ", clusters.names())
                          + ")");
                });
          }
          ToolReport r =
              tools.get().functions().stream()
                  .filter(f -> f.name().equals(name))
                  .findFirst()
                  .orElseThrow()
                  .apply(args);
          Map<String, String> params = new LinkedHashMap<>(r.params());
          params.put("cluster", cluster);
          return new ToolReport(r.status(), r.tool(), params, r.findings(), r.error());
        });
  }
}
