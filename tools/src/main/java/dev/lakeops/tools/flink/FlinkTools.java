package dev.lakeops.tools.flink;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.util.Map;

/** The {@code @Tool} facade over the Flink probe and its analyzers: read-only, never throws. */
public final class FlinkTools {

  public static final String BACKPRESSURE = "flink.backpressure";

  private final FlinkJobProbe probe;
  private final BackpressureAnalyzer analyzer;

  public FlinkTools(FlinkJobProbe probe, BackpressureAnalyzer analyzer) {
    this.probe = probe;
    this.analyzer = analyzer;
  }

  /** Probe + analyze as a typed report, for the planner and the CLI. */
  public ToolReport backpressure(String job) {
    return ToolReports.run(BACKPRESSURE, Map.of("job", job == null ? "" : job), () -> analyzer.analyze(probe.capture(job)));
  }

  @Tool(
      "Locates the backpressure bottleneck of a running Flink job: the first vertex that is busy and not "
          + "backpressured below backpressured vertices, with per-subtask busy/backpressured/idle ms per second "
          + "and the REST endpoints read. Read-only. Returns compact JSON with status OK, NO_DATA (no such job) or ERROR.")
  public String locateBackpressureBottleneck(@P("Flink job name, or its 32-hex-digit job id") String job) {
    return Json.compact(backpressure(job));
  }
}
