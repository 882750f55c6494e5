package dev.lakeops.agent.llm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.Verdict;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The LLM's review of one triage, kept next to the deterministic report (which it never replaces in
 * storage).
 *
 * @param incidentId the incident reviewed
 * @param provider {@code openai}, {@code anthropic} or {@code ollama}
 * @param model the model name
 * @param finalVerdict which verdict stands: {@code llm} or {@code deterministic}
 * @param why one sentence on why that verdict stands
 * @param verdict the verdict that stands
 * @param deterministic the deterministic planner's verdict
 * @param llm the model's validated verdict; null when it gave none that passed validation
 * @param fallback why the deterministic verdict was used instead of the model's; null when it was
 *     not
 * @param toolCalls tools the model ran
 * @param toolsRun the names of the tools it ran, in order (empty in reviews stored before they were
 *     kept)
 * @param tokens prompt + completion tokens used
 * @param proposals proposals {@code propose_action} recorded (waiting for people)
 * @param mode whether the model reviewed a conclusive deterministic verdict or investigated an
 *     alert the runbooks could not explain ({@link Mode#REVIEW} for reviews stored before the mode
 *     was kept)
 */
public record LlmAssessment(
    String incidentId,
    String provider,
    String model,
    String finalVerdict,
    String why,
    Verdict verdict,
    Verdict deterministic,
    @Nullable Verdict llm,
    @Nullable String fallback,
    int toolCalls,
    List<String> toolsRun,
    long tokens,
    List<String> proposals,
    Instant startedAt,
    Instant finishedAt,
    Mode mode) {

  public static final String LLM = "llm";
  public static final String DETERMINISTIC = "deterministic";

  public LlmAssessment {
    requireNonNull(incidentId, "incidentId");
    requireNonNull(finalVerdict, "finalVerdict");
    requireNonNull(why, "why");
    requireNonNull(verdict, "verdict");
    requireNonNull(deterministic, "deterministic");
    toolsRun = toolsRun == null ? List.of() : List.copyOf(toolsRun);
    proposals = List.copyOf(proposals);
    requireNonNull(startedAt, "startedAt");
    requireNonNull(finishedAt, "finishedAt");
    mode = mode == null ? Mode.REVIEW : mode;
  }

  /** A review of a conclusive deterministic verdict. */
  public LlmAssessment(
      String incidentId,
      String provider,
      String model,
      String finalVerdict,
      String why,
      Verdict verdict,
      Verdict deterministic,
      @Nullable Verdict llm,
      @Nullable String fallback,
      int toolCalls,
      List<String> toolsRun,
      long tokens,
      List<String> proposals,
      Instant startedAt,
      Instant finishedAt) {
    this(
        incidentId,
        provider,
        model,
        finalVerdict,
        why,
        verdict,
        deterministic,
        llm,
        fallback,
        toolCalls,
        toolsRun,
        tokens,
        proposals,
        startedAt,
        finishedAt,
        Mode.REVIEW);
  }

  /** What the model was asked to do with the deterministic triage. */
  public enum Mode {
    /** Check and refine a verdict the runbooks reached. */
    REVIEW("review"),
    /**
     * Find the cause with the read-only tools where no runbook fits or the verdict is {@code
     * INCONCLUSIVE}.
     */
    INVESTIGATION("investigation");

    private final String id;

    Mode(String id) {
      this.id = id;
    }

    /** The mode as stored and shown: {@code review} or {@code investigation}. */
    public String id() {
      return id;
    }

    /**
     * The mode {@code id} names, in any case ({@code REVIEW} is how Jackson wrote the layout of
     * format version 1).
     *
     * @throws IllegalArgumentException {@code id} names no mode
     */
    public static Mode parse(String id) {
      for (Mode m : values()) {
        if (m.id.equalsIgnoreCase(id)) {
          return m;
        }
      }
      throw new IllegalArgumentException("not a mode: '" + id + "' (review or investigation)");
    }
  }

  /** Whether the model's verdict was set aside. */
  public boolean fellBack() {
    return fallback != null;
  }

  /** A few Markdown lines for chat, after the deterministic report. */
  public String toMarkdown() {
    StringBuilder out = new StringBuilder();
    out.append(mode == Mode.INVESTIGATION ? "**LLM investigation** (" : "**LLM review** (")
        .append(provider)
        .append(' ')
        .append(model)
        .append("): final verdict is ")
        .append(finalVerdict)
        .append(" — ")
        .append(why)
        .append('\n');
    if (fallback != null) {
      out.append("- llm.fallback: ").append(fallback).append('\n');
    }
    if (llm != null) {
      out.append("- model: ")
          .append(llm.category())
          .append(" (")
          .append(llm.confidence())
          .append(") ")
          .append(llm.headline())
          .append('\n');
    }
    if (!proposals.isEmpty()) {
      out.append("- proposals waiting for approval: ")
          .append(String.join(", ", proposals))
          .append('\n');
    }
    out.append("- ").append(toolCalls).append(" tool calls, ").append(tokens).append(" tokens\n");
    return out.toString();
  }
}
