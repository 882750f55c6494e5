package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.Verdict;
import io.quarkus.qute.TemplateData;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The latest LLM review of an incident as people see it next to the deterministic triage (the
 * {@code llmReview} field of {@code GET /api/incidents/{id}} and the console's incident page).
 * Advisory: it never changes the stored triage, and anything it proposes waits for approval. Its
 * text fields are model output: untrusted, to be escaped wherever they are shown.
 *
 * @param advisory always true
 * @param mode {@code review} (the model checked a conclusive deterministic verdict) or {@code
 *     investigation} (no runbook fitted or the verdict was inconclusive, and the model looked for
 *     the cause)
 * @param finalVerdict which verdict stands after validation: {@code llm} or {@code deterministic}
 * @param category the model's category; null when it gave no verdict that passed validation
 * @param confidence the model's confidence; null as {@code category}
 * @param summary the model's one-sentence summary; null as {@code category}
 * @param agreesWithDeterministic whether the model's category is the deterministic one; null when
 *     it gave no valid verdict
 * @param deterministicCategory the deterministic planner's category
 * @param why one sentence on why {@code finalVerdict} stands
 * @param fallback why the deterministic verdict was used instead of the model's (timeout, invalid
 *     output, spent budget, provider error); null when the model answered
 * @param toolCalls tools the model ran
 * @param toolsRun their names, in order
 * @param tokens prompt + completion tokens used
 * @param proposals ids of the proposals it recorded, each waiting for people
 * @param reviewedAt when the review finished
 */
@TemplateData
public record LlmReview(
    boolean advisory,
    String mode,
    String provider,
    String model,
    String finalVerdict,
    @Nullable String category,
    @Nullable String confidence,
    @Nullable String summary,
    @Nullable Boolean agreesWithDeterministic,
    String deterministicCategory,
    String why,
    @Nullable String fallback,
    int toolCalls,
    List<String> toolsRun,
    long tokens,
    List<String> proposals,
    Instant reviewedAt) {

  public LlmReview {
    toolsRun = List.copyOf(toolsRun);
    proposals = List.copyOf(proposals);
  }

  public static LlmReview of(LlmAssessment a) {
    Verdict llm = a.llm();
    return new LlmReview(
        true,
        a.mode().id(),
        a.provider(),
        a.model(),
        a.finalVerdict(),
        llm == null ? null : llm.category().name(),
        llm == null ? null : llm.confidence().name(),
        llm == null ? null : llm.headline(),
        llm == null ? null : llm.category() == a.deterministic().category(),
        a.deterministic().category().name(),
        a.why(),
        a.fallback(),
        a.toolCalls(),
        a.toolsRun(),
        a.tokens(),
        a.proposals(),
        a.finishedAt());
  }
}
