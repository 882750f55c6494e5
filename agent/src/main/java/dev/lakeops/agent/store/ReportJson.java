package dev.lakeops.agent.store;

import static dev.lakeops.agent.store.StoredJson.map;
import static dev.lakeops.agent.store.StoredJson.putInstant;
import static dev.lakeops.agent.store.StoredJson.putText;
import static dev.lakeops.agent.store.StoredJson.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.Routing;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A {@link TriageReport} in a stored document:
 *
 * <pre>
 * {"runbook": "flink-backpressure", "alert": {"labels": {...}, "annotations": {...},
 *            "generatorURL", "valuesText", "startsAt": instant (each absent when the alert had none)},
 *  "verdict": (see {@link VerdictJson}),
 *  "tools": [{"status": "OK", "tool": "flink.backpressure", "params": {...}, "error": "..." (or absent),
 *             "findings": [{"severity", "code", "subject", "summary", "evidence": {...}, "sources": [...]}]}],
 *  "startedAt": instant, "finishedAt": instant,
 *  "steps": [{"step", "kind", "outcome", "tool": index into tools or -1, "millis"}],
 *  "routing": {"recognised": {...}, "metrics": [...], "cues": [...], "notes": [...],
 *              "scores": [{"runbook", "score": number, "outcome", "missing": [...],
 *                          "reasons": [{"kind", "detail", "weight": number}]}]} (absent: none),
 *  "others": [reports of the other runbooks that ran, each as this without routing and others]}
 * </pre>
 *
 * Maps keep their order; enums ({@link ToolReport.Status}, {@link Severity}) are written by name.
 */
public final class ReportJson {

  private ReportJson() {}

  public static ObjectNode write(TriageReport r) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("runbook", r.runbook());
    ObjectNode alert = out.putObject("alert");
    alert.set("labels", map(r.alert().labels()));
    alert.set("annotations", map(r.alert().annotations()));
    putText(alert, "generatorURL", r.alert().generatorUrl());
    putText(alert, "valuesText", r.alert().valuesText());
    putInstant(alert, "startsAt", r.alert().startsAt());
    out.set("verdict", VerdictJson.write(r.verdict()));
    ArrayNode tools = out.putArray("tools");
    for (ToolReport t : r.tools()) {
      ObjectNode tool = tools.addObject();
      tool.put("status", t.status().name());
      tool.put("tool", t.tool());
      tool.set("params", map(t.params()));
      ArrayNode findings = tool.putArray("findings");
      for (Finding f : t.findings()) {
        ObjectNode finding = findings.addObject();
        finding.put("severity", f.severity().name());
        finding.put("code", f.code());
        finding.put("subject", f.subject());
        finding.put("summary", f.summary());
        finding.set("evidence", map(f.evidence()));
        finding.set("sources", strings(f.sources()));
      }
      putText(tool, "error", t.error());
    }
    putInstant(out, "startedAt", r.startedAt());
    putInstant(out, "finishedAt", r.finishedAt());
    ArrayNode steps = out.putArray("steps");
    for (StepRecord s : r.steps()) {
      ObjectNode step = steps.addObject();
      step.put("step", s.step());
      step.put("kind", s.kind());
      step.put("outcome", s.outcome());
      step.put("tool", s.tool());
      step.put("millis", s.millis());
    }
    if (r.routing() != null) {
      out.set("routing", routing(r.routing()));
    }
    if (!r.others().isEmpty()) {
      ArrayNode others = out.putArray("others");
      r.others().forEach(o -> others.add(write(o)));
    }
    return out;
  }

  private static ObjectNode routing(Routing routing) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.set("recognised", map(routing.recognised()));
    out.set("metrics", strings(routing.metrics()));
    out.set("cues", strings(routing.cues()));
    out.set("notes", strings(routing.notes()));
    ArrayNode scores = out.putArray("scores");
    for (RouteScore score : routing.scores()) {
      ObjectNode s = scores.addObject();
      s.put("runbook", score.runbook());
      s.put("score", score.score());
      s.put("outcome", score.outcome().name());
      s.set("missing", strings(score.missing()));
      ArrayNode reasons = s.putArray("reasons");
      for (RouteReason reason : score.reasons()) {
        reasons
            .addObject()
            .put("kind", reason.kind().name())
            .put("detail", reason.detail())
            .put("weight", reason.weight());
      }
    }
    return out;
  }

  private static @Nullable Routing routing(@Nullable StoredFields r) {
    if (r == null) {
      return null;
    }
    List<RouteScore> scores = new ArrayList<>();
    for (StoredFields s : r.objects("scores")) {
      List<RouteReason> reasons = new ArrayList<>();
      for (StoredFields reason : s.objects("reasons")) {
        reasons.add(
            new RouteReason(
                reason.enumValue("kind", RouteReason.Kind.class),
                reason.text("detail"),
                reason.doubleValue("weight")));
      }
      scores.add(
          new RouteScore(
              s.text("runbook"),
              s.doubleValue("score"),
              reasons,
              s.strings("missing"),
              s.enumValue("outcome", RouteScore.Outcome.class)));
    }
    return new Routing(
        r.stringMap("recognised"),
        r.strings("metrics"),
        r.strings("cues"),
        scores,
        r.strings("notes"));
  }

  /**
   * @throws IllegalArgumentException naming the field's path when a field is missing or wrong
   */
  public static TriageReport read(StoredFields r) {
    StoredFields alert = r.object("alert");
    List<ToolReport> tools = new ArrayList<>();
    for (StoredFields t : r.objects("tools")) {
      List<Finding> findings = new ArrayList<>();
      for (StoredFields f : t.objects("findings")) {
        findings.add(
            new Finding(
                f.enumValue("severity", Severity.class),
                f.text("code"),
                f.text("subject"),
                f.text("summary"),
                f.stringMap("evidence"),
                f.strings("sources")));
      }
      tools.add(
          new ToolReport(
              t.enumValue("status", ToolReport.Status.class),
              t.text("tool"),
              t.stringMap("params"),
              findings,
              t.optionalText("error")));
    }
    List<StepRecord> steps = new ArrayList<>();
    for (StoredFields s : r.objects("steps")) {
      steps.add(
          new StepRecord(
              s.text("step"),
              s.text("kind"),
              s.text("outcome"),
              s.intValue("tool"),
              s.longValue("millis")));
    }
    return new TriageReport(
        r.text("runbook"),
        new AlertSignal(
            alert.stringMap("labels"),
            alert.stringMap("annotations"),
            alert.optionalText("generatorURL"),
            alert.optionalText("valuesText"),
            alert.optionalInstant("startsAt")),
        VerdictJson.read(r.object("verdict")),
        tools,
        r.instant("startedAt"),
        r.instant("finishedAt"),
        steps,
        routing(r.optionalObject("routing")),
        r.objects("others").stream().map(ReportJson::read).toList());
  }
}
