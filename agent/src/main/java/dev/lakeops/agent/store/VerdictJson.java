package dev.lakeops.agent.store;

import static dev.lakeops.agent.store.StoredJson.map;
import static dev.lakeops.agent.store.StoredJson.putInstant;
import static dev.lakeops.agent.store.StoredJson.putText;
import static dev.lakeops.agent.store.StoredJson.strings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TimeWindow;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.action.RiskTier;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Verdict} (with its {@link TimeWindow} and {@link ProposedAction}s) in a stored document:
 *
 * <pre>
 * {"category": "BACKPRESSURE", "headline": "...", "entities": {"job": "..."}, "evidence": ["step#1"],
 *  "confidence": "HIGH", "nextActions": ["..."], "window": {"from": instant, "to": instant} (or absent),
 *  "proposals": [{"step", "action", "tier", "args": {...}, "missing": [...], "reason", "approvalStep" (or absent)}],
 *  "changes": ["changed 7 minutes before the alert: ..."] (absent when none; documents before it have none)}
 * </pre>
 *
 * Enum values by their constant names ({@link Category}, {@link Confidence}, {@link RiskTier}).
 */
public final class VerdictJson {

  private VerdictJson() {}

  public static ObjectNode write(Verdict v) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("category", v.category().name());
    out.put("headline", v.headline());
    out.set("entities", map(v.entities()));
    out.set("evidence", strings(v.evidence()));
    out.put("confidence", v.confidence().name());
    out.set("nextActions", strings(v.nextActions()));
    if (v.window() != null) {
      ObjectNode window = out.putObject("window");
      putInstant(window, "from", v.window().from());
      putInstant(window, "to", v.window().to());
    }
    ArrayNode proposals = out.putArray("proposals");
    for (ProposedAction p : v.proposals()) {
      ObjectNode proposal = proposals.addObject();
      proposal.put("step", p.step());
      proposal.put("action", p.action());
      proposal.put("tier", p.tier().name());
      proposal.set("args", map(p.args()));
      proposal.set("missing", strings(p.missing()));
      proposal.put("reason", p.reason());
      putText(proposal, "approvalStep", p.approvalStep());
    }
    if (!v.changes().isEmpty()) {
      out.set("changes", strings(v.changes()));
    }
    return out;
  }

  public static Verdict read(StoredFields v) {
    StoredFields window = v.optionalObject("window");
    List<ProposedAction> proposals = new ArrayList<>();
    for (StoredFields p : v.objects("proposals")) {
      proposals.add(
          new ProposedAction(
              p.text("step"),
              p.text("action"),
              p.enumValue("tier", RiskTier.class),
              p.stringMap("args"),
              p.strings("missing"),
              p.optionalText("reason"),
              p.optionalText("approvalStep")));
    }
    return new Verdict(
        v.enumValue("category", Category.class),
        v.text("headline"),
        v.stringMap("entities"),
        v.strings("evidence"),
        v.enumValue("confidence", Confidence.class),
        v.strings("nextActions"),
        window == null ? null : new TimeWindow(window.instant("from"), window.instant("to")),
        proposals,
        v.strings("changes"));
  }
}
