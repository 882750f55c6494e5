package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkTools;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Binds the Flink tools of the configured clusters. The optional {@code cluster} argument names a
 * profile (the default cluster when absent); a name that is not configured is a
 * {@link ToolReport.Status#NO_DATA} report, never a call to another cluster. Every report carries
 * the cluster it read as parameter {@code cluster}.
 */
public final class FlinkBindings {

  private FlinkBindings() {}

  public static List<ToolBinding> of(FlinkClusters clusters) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    return List.of(
        bind(catalog, FlinkTools.BACKPRESSURE, clusters, (t, a) -> t.backpressure(a.get("job"))),
        bind(catalog, FlinkTools.HEALTH, clusters, (t, a) -> t.health(a.get("job"), Optional.ofNullable(a.get("alert_job_id")))),
        bind(catalog, FlinkTools.JOB, clusters, (t, a) -> t.job(a.get("job"))),
        bind(catalog, FlinkTools.CHECKPOINTS, clusters, (t, a) -> t.checkpoints(a.get("job"))),
        bind(catalog, FlinkTools.SOURCE_LAG, clusters, (t, a) -> t.sourceLag(a.get("job"))),
        bind(catalog, FlinkTools.JOBS, clusters, (t, a) -> t.jobs()));
  }

  private static ToolBinding bind(ToolCatalog catalog, String name, FlinkClusters clusters, BiFunction<FlinkTools, Map<String, String>, ToolReport> call) {
    return new ToolBinding(catalog.find(name).orElseThrow(), args -> {
      String cluster = Optional.ofNullable(args.get("cluster")).filter(c -> !c.isBlank()).map(String::strip).orElse(clusters.defaultName());
      Optional<FlinkTools> tools = clusters.find(cluster);
      if (tools.isEmpty()) {
        Map<String, String> params = new LinkedHashMap<>(args);
        params.put("cluster", cluster);
        return ToolReports.run(name, params, () -> {
          throw new ProbeException(ProbeException.Code.NOT_FOUND, "lakeops.flink.clusters",
              "No Flink cluster named '" + cluster + "' is configured (configured: " + String.join(", ", clusters.names()) + ")");
        });
      }
      ToolReport r = call.apply(tools.get(), args);
      Map<String, String> params = new LinkedHashMap<>(r.params());
      params.put("cluster", cluster);
      return new ToolReport(r.status(), r.tool(), params, r.findings(), r.error());
    });
  }
}
