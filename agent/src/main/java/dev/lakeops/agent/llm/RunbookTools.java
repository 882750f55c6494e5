package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.plan.GraphRunbook;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolFunction;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSet;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The runbooks as read-only tools for the model: which exist and what each needs, and running one
 * for labels the model supplies. A runbook run performs its probe steps only; it never executes an
 * action (proposals in its verdict stay suggestions until a person approves them). Never throws.
 */
public final class RunbookTools implements ToolSet {

  public static final ToolSpec LIST =
      new ToolSpec(
          "runbooks.list",
          "The deterministic runbooks lakeops has: id, what each is for, the alert labels it reads"
              + " (required ones marked) and the tools it calls. Compact JSON.",
          List.of(),
          FindingCodes.none());

  /** Its findings are those of the tools the runbook calls, declared by them. */
  public static final ToolSpec RUN =
      new ToolSpec(
          "runbooks.run",
          "Runs one runbook's read-only probes for the labels given and returns its typed verdict"
              + " (category, summary, entities, evidence, confidence, next actions) and findings."
              + " Executes no action. Compact JSON; an unknown runbook or malformed labels give a"
              + " short error.",
          List.of(
              ToolParam.required(
                  "runbook",
                  ParamType.STRING,
                  "Runbook id, as runbooks_list names it, e.g. flink-backpressure"),
              ToolParam.optional(
                  "labels",
                  ParamType.STRING,
                  "Alert labels the runbook reads, as name=value pairs separated by "
                      + "commas, e.g. job_name=orders-to-lake")),
          FindingCodes.none());

  private final DeterministicPlanner planner;

  public RunbookTools(DeterministicPlanner planner) {
    this.planner = planner;
  }

  @Override
  public List<ToolFunction<String>> functions() {
    return List.of(
        new ToolFunction<>(LIST, a -> listRunbooks()),
        new ToolFunction<>(
            RUN, a -> runRunbook(a.string("runbook"), a.optionalString("labels").orElse(null))));
  }

  /** {@link #LIST}: every runbook with its inputs and tools, as compact JSON. */
  public String listRunbooks() {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (Runbook r : planner.runbooks()) {
      ObjectNode one = out.addObject().put("id", r.id());
      if (r instanceof GraphRunbook g) {
        one.put("description", g.graph().description());
        ObjectNode inputs = one.putObject("inputs");
        for (InputSpec in : g.graph().inputs().values()) {
          inputs.put(
              in.name(), String.join("|", in.fromLabels()) + (in.required() ? " (required)" : ""));
        }
        g.graph().tools().forEach(one.putArray("tools")::add);
      }
    }
    return out.toString();
  }

  /**
   * {@link #RUN}: the verdict and findings of {@code runbook} for {@code labels}, or a one-line
   * error; never throws.
   */
  public String runRunbook(String runbook, String labels) {
    Runbook found = planner.find(runbook == null ? "" : runbook.strip()).orElse(null);
    if (found == null) {
      return "ERROR: no runbook '"
          + clip(runbook)
          + "'; known: "
          + planner.runbooks().stream().map(Runbook::id).collect(Collectors.joining(", "));
    }
    Map<String, String> parsed = new LinkedHashMap<>();
    if (labels != null && !labels.isBlank()) {
      for (String pair : labels.split(",")) {
        int eq = pair.indexOf('=');
        if (eq <= 0 || pair.substring(0, eq).isBlank()) {
          return "ERROR: label '" + clip(pair.strip()) + "' is not name=value";
        }
        parsed.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
      }
    }
    parsed.putIfAbsent("alertname", "llm request");
    TriageReport report = found.run(new AlertSignal(parsed, Map.of()));
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("runbook", report.runbook());
    out.set("verdict", TriagePrompt.verdict(report.verdict()));
    ArrayNode findings = out.putArray("findings");
    for (ToolReport tool : report.tools()) {
      if (tool.error() != null) {
        findings
            .addObject()
            .put("tool", tool.tool())
            .put("status", tool.status().name())
            .put("error", ToolOutputs.sanitize(tool.error()));
      }
      for (Finding f : tool.findings()) {
        ObjectNode one =
            findings
                .addObject()
                .put("tool", tool.tool())
                .put("code", f.code())
                .put("severity", f.severity().name())
                .put("subject", f.subject())
                .put("summary", f.summary());
        f.evidence().forEach(one.putObject("evidence")::put);
      }
    }
    return out.toString();
  }

  private static String clip(String text) {
    String t = text == null ? "" : text;
    return t.length() <= 100 ? t : t.substring(0, 100) + "...";
  }
}
