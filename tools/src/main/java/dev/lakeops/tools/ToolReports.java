package dev.lakeops.tools;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a probe-then-analyze call and turns every outcome into a {@link ToolReport}: a tool never
 * throws to its caller. Probe failures keep their endpoint and code; anything unexpected is logged
 * in full and reported as a short, sanitized error.
 */
public final class ToolReports {

  private static final Logger LOG = LoggerFactory.getLogger(ToolReports.class);

  private ToolReports() {}

  public static ToolReport run(
      String tool, Map<String, String> params, Supplier<List<Finding>> call) {
    try {
      return new ToolReport(ToolReport.Status.OK, tool, params, call.get(), null);
    } catch (ProbeException e) {
      LOG.info("Tool {} {}: {} at {}", tool, params, e.getMessage(), e.endpoint());
      ToolReport.Status status =
          e.code() == ProbeException.Code.NOT_FOUND
              ? ToolReport.Status.NO_DATA
              : ToolReport.Status.ERROR;
      return new ToolReport(status, tool, params, List.of(), describe(e));
    } catch (RuntimeException e) {
      LOG.warn("Tool {} {} failed", tool, params, e);
      return new ToolReport(
          ToolReport.Status.ERROR,
          tool,
          params,
          List.of(),
          "internal error in "
              + tool
              + " ("
              + e.getClass().getSimpleName()
              + "); details are in the lakeops log");
    }
  }

  /** One line naming the failure class, what happened and the endpoint; no stack trace. */
  public static String describe(ProbeException e) {
    return e.code() + ": " + e.getMessage() + " [" + e.endpoint() + "]";
  }
}
