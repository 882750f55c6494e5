package dev.lakeops.agent.llm;

import static dev.lakeops.agent.store.StoredJson.putInstant;
import static dev.lakeops.agent.store.StoredJson.putText;
import static dev.lakeops.agent.store.StoredJson.strings;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.store.StoredFields;
import dev.lakeops.agent.store.StoredJson;
import dev.lakeops.agent.store.VerdictJson;

/**
 * An LLM review as the JSON document the store keeps ({@code llm_assessment.doc}), field by field:
 *
 * <pre>
 * {"formatVersion": 2, "incidentId", "provider", "model", "finalVerdict": "llm" | "deterministic", "why",
 *  "verdict", "deterministic", "llm" (or absent): (each see {@link VerdictJson}), "fallback" (or absent),
 *  "toolCalls", "toolsRun": [...], "tokens", "proposals": [...], "startedAt": instant, "finishedAt": instant,
 *  "mode": "investigation" (or absent: a review)}
 * </pre>
 *
 * Reads format versions 1 (the same layout without {@code formatVersion}) and 2. {@code mode} is
 * written only for an investigation, so a review's document is the one written before the mode was
 * kept, and a document without it is a review.
 */
final class LlmAssessmentJson {

  private LlmAssessmentJson() {}

  static String write(LlmAssessment a) {
    ObjectNode doc = StoredJson.document();
    doc.put("incidentId", a.incidentId());
    doc.put("provider", a.provider());
    doc.put("model", a.model());
    doc.put("finalVerdict", a.finalVerdict());
    doc.put("why", a.why());
    doc.set("verdict", VerdictJson.write(a.verdict()));
    doc.set("deterministic", VerdictJson.write(a.deterministic()));
    if (a.llm() != null) {
      doc.set("llm", VerdictJson.write(a.llm()));
    }
    putText(doc, "fallback", a.fallback());
    doc.put("toolCalls", a.toolCalls());
    doc.set("toolsRun", strings(a.toolsRun()));
    doc.put("tokens", a.tokens());
    doc.set("proposals", strings(a.proposals()));
    putInstant(doc, "startedAt", a.startedAt());
    putInstant(doc, "finishedAt", a.finishedAt());
    if (a.mode() != LlmAssessment.Mode.REVIEW) {
      doc.put("mode", a.mode().id());
    }
    return StoredJson.write(doc);
  }

  /**
   * @throws IllegalStateException naming the incident and the field when the stored document is not
   *     a valid review
   */
  static LlmAssessment read(String incidentId, String json) {
    try {
      StoredFields doc = StoredJson.read(json);
      StoredFields llm = doc.optionalObject("llm");
      String mode = doc.optionalText("mode");
      return new LlmAssessment(
          doc.text("incidentId"),
          doc.text("provider"),
          doc.text("model"),
          doc.text("finalVerdict"),
          doc.text("why"),
          VerdictJson.read(doc.object("verdict")),
          VerdictJson.read(doc.object("deterministic")),
          llm == null ? null : VerdictJson.read(llm),
          doc.optionalText("fallback"),
          doc.intValue("toolCalls"),
          doc.strings("toolsRun"),
          doc.longValue("tokens"),
          doc.strings("proposals"),
          doc.instant("startedAt"),
          doc.instant("finishedAt"),
          mode == null ? LlmAssessment.Mode.REVIEW : mode(mode));
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Stored LLM review of incident " + incidentId + " is not readable: " + e.getMessage(), e);
    }
  }

  private static LlmAssessment.Mode mode(String id) {
    try {
      return LlmAssessment.Mode.parse(id);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("mode is " + e.getMessage(), e);
    }
  }
}
