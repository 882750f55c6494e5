package dev.lakeops.agent.llm;

import dev.langchain4j.model.output.TokenUsage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What one LLM run has used of its {@link LlmLimits}, and what its tools returned. Safe for
 * concurrent use: the model loop and a tool's thread both write to it.
 */
public final class RunMeter {

  private final LlmLimits limits;
  private final Clock clock;
  private final LlmMetrics metrics;
  private final LlmMetrics.Run run;
  private final Instant started;
  private final Instant deadline;
  private int toolCalls;
  private int refusedToolCalls;
  private long tokens;
  private int modelCalls;
  private @Nullable String exhausted;
  private LlmMetrics.Fallback exhaustedKind = LlmMetrics.Fallback.BUDGET;
  private final Set<String> findingCodes = new LinkedHashSet<>();
  private final List<String> proposalIds = new ArrayList<>();
  private final List<String> toolsRun = new ArrayList<>();

  /**
   * @param metrics where the run's model calls, tokens, tool calls and outcome are counted
   */
  public RunMeter(LlmLimits limits, Clock clock, LlmMetrics metrics, LlmMetrics.Run run) {
    this.limits = limits;
    this.clock = clock;
    this.metrics = metrics;
    this.run = run;
    this.started = clock.instant();
    this.deadline = started.plus(limits.maxDuration());
  }

  public LlmLimits limits() {
    return limits;
  }

  /** Counts one tool call; false (and the run is over) when it is one more than allowed. */
  public synchronized boolean tryToolCall(String tool) {
    if (exhausted != null) {
      refusedToolCalls++;
      return false;
    }
    if (toolCalls >= limits.maxToolCalls()) {
      refusedToolCalls++;
      exhausted =
          "tool-call budget exhausted: the model asked for call "
              + (toolCalls + refusedToolCalls)
              + " ("
              + tool
              + ") with lakeops.llm.max-tool-calls="
              + limits.maxToolCalls();
      return false;
    }
    toolCalls++;
    return true;
  }

  /** Adds one model call's token usage; the run is over once the total passes the budget. */
  public synchronized void addTokens(@Nullable TokenUsage usage) {
    modelCalls++;
    Integer total = usage == null ? null : usage.totalTokenCount();
    tokens += total == null ? 0 : total;
    metrics.modelCall(
        run,
        usage == null ? null : usage.inputTokenCount(),
        usage == null ? null : usage.outputTokenCount());
    if (tokens > limits.maxTokens() && exhausted == null) {
      exhausted =
          "token budget exhausted: "
              + tokens
              + " tokens used with lakeops.llm.max-tokens="
              + limits.maxTokens();
    }
  }

  /**
   * Throws when the run must stop: a budget is spent or the wall time is over.
   *
   * @throws LlmBudgetExceededException with the reason
   */
  public synchronized void checkBeforeModelCall() {
    if (exhausted != null) {
      throw new LlmBudgetExceededException(exhausted, exhaustedKind);
    }
    if (clock.instant().isAfter(deadline)) {
      exhausted =
          "time budget exhausted: the run passed lakeops.llm.max-duration=" + limits.maxDuration();
      exhaustedKind = LlmMetrics.Fallback.TIMEOUT;
      throw new LlmBudgetExceededException(exhausted, exhaustedKind);
    }
  }

  /** Notes that toolbox tool {@code tool} ran (after {@link #tryToolCall} allowed it). */
  public synchronized void ran(String tool) {
    toolsRun.add(tool);
  }

  /** Names of the toolbox tools that ran, in order. */
  public synchronized List<String> toolsRun() {
    return List.copyOf(toolsRun);
  }

  /** Counts a model call that failed instead of answering. */
  public void modelCallFailed() {
    metrics.modelCallFailed(run);
  }

  /**
   * Counts how one tool call ended; {@code tool} is a toolbox name or {@link
   * LlmMetrics#UNKNOWN_TOOL}.
   */
  public void toolCallEnded(String tool, LlmMetrics.ToolOutcome outcome) {
    metrics.toolCall(run, tool, outcome);
  }

  /** Counts the run as answered: the model's answer is used. */
  public void answered() {
    metrics.answered(run, Duration.between(started, clock.instant()));
  }

  /** Counts the run as fallen back for {@code reason}. */
  public void fellBack(LlmMetrics.Fallback reason) {
    metrics.fellBack(run, reason, Duration.between(started, clock.instant()));
  }

  /** Wall time left for the run, never negative. */
  public Duration remaining() {
    Duration left = Duration.between(clock.instant(), deadline);
    return left.isNegative() ? Duration.ZERO : left;
  }

  public synchronized void sawFindingCodes(Set<String> codes) {
    findingCodes.addAll(codes);
  }

  public synchronized void proposed(String proposalId) {
    proposalIds.add(proposalId);
  }

  public synchronized int toolCalls() {
    return toolCalls;
  }

  public synchronized long tokens() {
    return tokens;
  }

  public synchronized int modelCalls() {
    return modelCalls;
  }

  /** Finding codes the run's tools returned. */
  public synchronized Set<String> findingCodes() {
    return Collections.unmodifiableSet(new LinkedHashSet<>(findingCodes));
  }

  /** Proposals {@code propose_action} created during the run. */
  public synchronized List<String> proposalIds() {
    return List.copyOf(proposalIds);
  }
}
