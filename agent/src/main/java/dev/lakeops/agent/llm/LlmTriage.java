package dev.lakeops.agent.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.output.OutputParsingException;
import dev.langchain4j.service.tool.ToolErrorHandlerResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LLM's pass over a deterministic triage, in one of two modes ({@link LlmAssessment.Mode}):
 *
 * <ul>
 *   <li><b>review</b>, when the runbooks reached a verdict: the model gets the alert and the
 *       deterministic verdict and findings as data, and may check or extend them with the tools;
 *   <li><b>investigation</b>, when no runbook fits the alert ({@code NO_RUNBOOK}) or the verdict is
 *       {@code INCONCLUSIVE}: the model gets the alert, how it was routed and whatever the runbooks
 *       found, and is asked to find the cause with the tools, over as many calls as the budgets
 *       allow.
 * </ul>
 *
 * Either way the model has the same declared read-only tools and {@code propose_action} (it only
 * proposes), within the run's budgets, and must answer with a verdict that passes {@link
 * VerdictGuard}: a typed {@link LlmVerdict} from a model with structured output, otherwise one that
 * {@link LlmVerdictParser} reads out of its text. The guard refuses evidence that neither the
 * deterministic triage nor the run's tool results hold. Any failure (invalid answer, spent budget,
 * timeout, provider error) keeps the deterministic verdict and says why in {@link
 * LlmAssessment#fallback()}. Never throws for a model's behaviour.
 */
public final class LlmTriage {

  private static final Logger LOG = LoggerFactory.getLogger(LlmTriage.class);

  /**
   * Time beyond the run's budget given to a model call to notice it is over, before it is
   * interrupted.
   */
  private static final Duration GRACE = Duration.ofSeconds(2);

  private final ChatModel model;
  private final String provider;
  private final String modelName;
  private final LlmToolbox toolbox;
  private final LlmLimits limits;
  private final ExecutorService threads;
  private final Clock clock;
  private final LlmMetrics metrics;

  public LlmTriage(
      ChatModel model,
      String provider,
      String modelName,
      LlmToolbox toolbox,
      LlmLimits limits,
      ExecutorService threads,
      Clock clock,
      LlmMetrics metrics) {
    this.model = model;
    this.provider = provider;
    this.modelName = modelName;
    this.toolbox = toolbox;
    this.limits = limits;
    this.threads = threads;
    this.clock = clock;
    this.metrics = metrics;
  }

  /**
   * Reviews {@code report}, the deterministic triage of incident {@code incidentId}, or
   * investigates the incident when the report explains nothing ({@link #modeFor}).
   */
  public LlmAssessment review(String incidentId, TriageReport report) {
    Instant started = clock.instant();
    LlmAssessment.Mode mode = modeFor(report);
    RunMeter meter = new RunMeter(limits, clock, metrics, LlmMetrics.Run.TRIAGE);
    Verdict deterministic = report.verdict();
    boolean investigation = mode == LlmAssessment.Mode.INVESTIGATION;
    String message =
        investigation
            ? TriagePrompt.investigationMessage(incidentId, report, limits.redactValues())
            : TriagePrompt.userMessage(incidentId, report, limits.redactValues());
    Callable<Answer> ask;
    if (structured()) {
      String system =
          investigation ? TriagePrompt.INVESTIGATION_STRUCTURED : TriagePrompt.STRUCTURED;
      TriageAgent agent = agent(TriageAgent.class, system, meter, incidentId);
      ask = () -> structuredAnswer(agent, message);
    } else {
      String system = investigation ? TriagePrompt.INVESTIGATION_SYSTEM : TriagePrompt.SYSTEM;
      TriageTextAgent agent = agent(TriageTextAgent.class, system, meter, incidentId);
      ask = () -> Answer.text(agent.review(message).content());
    }
    Future<Answer> call = threads.submit(ask);
    Answer answer;
    try {
      answer = call.get(limits.maxDuration().plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      return fallback(
          incidentId,
          mode,
          report,
          meter,
          started,
          LlmMetrics.Fallback.TIMEOUT,
          "timeout: no verdict within lakeops.llm.max-duration=" + limits.maxDuration());
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      return fallback(
          incidentId,
          mode,
          report,
          meter,
          started,
          LlmMetrics.Fallback.INTERRUPTED,
          "interrupted: lakeops is stopping");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof LlmBudgetExceededException spent) {
        return fallback(incidentId, mode, report, meter, started, spent.kind(), spent.getMessage());
      }
      LOG.warn("LLM {} of incident {} failed", mode.id(), incidentId, cause);
      return fallback(
          incidentId,
          mode,
          report,
          meter,
          started,
          LlmMetrics.Fallback.PROVIDER_ERROR,
          "provider error: "
              + ToolOutputs.error("model", cause).replaceFirst("^ERROR in tool model ", ""));
    }
    VerdictGuard.Outcome checked = answer.check(knownEvidence(mode, report, meter));
    if (!checked.valid()) {
      return fallback(
          incidentId,
          mode,
          report,
          meter,
          started,
          LlmMetrics.Fallback.INVALID_OUTPUT,
          "invalid verdict: " + checked.error());
    }
    Verdict llm = checked.verdict();
    meter.answered();
    if (llm.category() != deterministic.category()
        && deterministic.confidence() == Confidence.HIGH) {
      return assessment(
          incidentId,
          mode,
          meter,
          started,
          LlmAssessment.DETERMINISTIC,
          "the deterministic verdict has HIGH confidence and the model's category "
              + llm.category()
              + " is advisory",
          deterministic,
          deterministic,
          llm,
          null);
    }
    if (llm.category() != deterministic.category() && llm.evidence().isEmpty()) {
      return assessment(
          incidentId,
          mode,
          meter,
          started,
          LlmAssessment.DETERMINISTIC,
          "the model changed the category to " + llm.category() + " without citing a finding",
          deterministic,
          deterministic,
          llm,
          null);
    }
    return assessment(
        incidentId,
        mode,
        meter,
        started,
        LlmAssessment.LLM,
        llm.category() == deterministic.category()
            ? "the model's verdict passed validation and agrees with the deterministic category"
            : "the model's verdict passed validation and cites findings "
                + String.join(", ", llm.evidence()),
        llm,
        deterministic,
        llm,
        null);
  }

  /**
   * {@link LlmAssessment.Mode#INVESTIGATION} when the deterministic triage explains nothing: no
   * runbook fits or ran ({@code NO_RUNBOOK}, runbook {@code none}) or its verdict is {@code
   * INCONCLUSIVE}; otherwise {@link LlmAssessment.Mode#REVIEW}.
   */
  static LlmAssessment.Mode modeFor(TriageReport report) {
    Category category = report.verdict().category();
    return category == Category.INCONCLUSIVE
            || category == Category.NO_RUNBOOK
            || report.runbook().equals("none")
        ? LlmAssessment.Mode.INVESTIGATION
        : LlmAssessment.Mode.REVIEW;
  }

  /**
   * What the model's verdict may cite: the finding codes of the run's tool results and of the
   * deterministic report's; an investigation, whose prompt also shows the other runbooks' findings
   * and the report's finding ids, may cite those too.
   */
  private static Set<String> knownEvidence(
      LlmAssessment.Mode mode, TriageReport report, RunMeter meter) {
    Set<String> known = new LinkedHashSet<>(meter.findingCodes());
    report.tools().forEach(t -> t.findings().stream().map(Finding::code).forEach(known::add));
    if (mode == LlmAssessment.Mode.INVESTIGATION) {
      known.addAll(report.findingsById().keySet());
      for (TriageReport other : report.others()) {
        other.tools().forEach(t -> t.findings().stream().map(Finding::code).forEach(known::add));
      }
    }
    return known;
  }

  /**
   * Whether the model takes {@link LlmVerdict}'s JSON schema as its response format (see {@link
   * LlmModels}).
   */
  private boolean structured() {
    return model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
  }

  private <A> A agent(Class<A> service, String systemPrompt, RunMeter meter, String incidentId) {
    return AiServices.builder(service)
        .chatModel(new MeteredChatModel(model, meter))
        .systemMessage(systemPrompt)
        .tools(toolbox.forRun(meter, "llm:incident " + incidentId, "incident " + incidentId))
        .hallucinatedToolNameStrategy(
            request -> {
              meter.toolCallEnded(
                  LlmMetrics.UNKNOWN_TOOL,
                  meter.tryToolCall(request.name())
                      ? LlmMetrics.ToolOutcome.REFUSED
                      : LlmMetrics.ToolOutcome.BUDGET);
              return ToolExecutionResultMessage.from(
                  request,
                  "ERROR: there is no tool named '"
                      + clip(request.name())
                      + "'. The tools are read-only; changes can only be proposed with"
                      + " propose_action.");
            })
        .toolExecutionErrorHandler(
            (error, context) ->
                ToolErrorHandlerResult.text(
                    ToolOutputs.error(context.toolExecutionRequest().name(), error)))
        .toolArgumentsErrorHandler(
            (error, context) ->
                ToolErrorHandlerResult.text(
                    ToolOutputs.error(context.toolExecutionRequest().name(), error)))
        .maxSequentialToolsInvocations(limits.maxToolCalls() + 2)
        .build();
  }

  /**
   * The typed answer; one that does not fit the schema is an invalid answer, not a provider error.
   */
  private static Answer structuredAnswer(TriageAgent agent, String message) {
    try {
      return Answer.typed(agent.review(message).content());
    } catch (OutputParsingException e) {
      LOG.debug("The model's structured answer does not fit the verdict schema", e);
      if (e.getCause() == null) {
        return Answer.invalid("the model gave no final answer");
      }
      return Answer.invalid(
          "the structured answer does not fit the verdict schema ("
              + VerdictGuard.clip(jsonError(e.getCause()), 120)
              + ")");
    }
  }

  /** What the JSON reader said, without its location and the wrappers around it. */
  private static String jsonError(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof JsonProcessingException json) {
        return json.getOriginalMessage();
      }
    }
    return String.valueOf(error.getMessage());
  }

  /**
   * What the model concluded, before it is checked: its typed verdict, its text, or why there is
   * none.
   */
  private record Answer(
      @Nullable LlmVerdict typed, @Nullable String text, @Nullable String invalid) {
    static Answer typed(LlmVerdict verdict) {
      return new Answer(verdict, null, verdict == null ? "the model gave no final answer" : null);
    }

    static Answer text(String text) {
      return new Answer(null, text, null);
    }

    static Answer invalid(String why) {
      return new Answer(null, null, why);
    }

    VerdictGuard.Outcome check(Set<String> knownCodes) {
      if (invalid != null) {
        return VerdictGuard.Outcome.invalid(invalid);
      }
      return typed != null
          ? VerdictGuard.check(typed, knownCodes)
          : LlmVerdictParser.parse(text, knownCodes);
    }
  }

  private LlmAssessment fallback(
      String incidentId,
      LlmAssessment.Mode mode,
      TriageReport report,
      RunMeter meter,
      Instant started,
      LlmMetrics.Fallback kind,
      String reason) {
    meter.fellBack(kind);
    LOG.info(
        "LLM review of incident {}: falling back to the deterministic verdict ({})",
        incidentId,
        reason);
    return assessment(
        incidentId,
        mode,
        meter,
        started,
        LlmAssessment.DETERMINISTIC,
        "fallback: " + reason,
        report.verdict(),
        report.verdict(),
        null,
        reason);
  }

  private LlmAssessment assessment(
      String incidentId,
      LlmAssessment.Mode mode,
      RunMeter meter,
      Instant started,
      String finalVerdict,
      String why,
      Verdict verdict,
      Verdict deterministic,
      Verdict llm,
      String fallback) {
    return new LlmAssessment(
        incidentId,
        provider,
        modelName,
        finalVerdict,
        why,
        verdict,
        deterministic,
        llm,
        fallback,
        meter.toolCalls(),
        meter.toolsRun(),
        meter.tokens(),
        meter.proposalIds(),
        started,
        clock.instant(),
        mode);
  }

  private static String clip(String name) {
    String safe = name == null ? "" : name.replaceAll("[^A-Za-z0-9_.-]", "?");
    return safe.length() <= 60 ? safe : safe.substring(0, 60) + "...";
  }
}
