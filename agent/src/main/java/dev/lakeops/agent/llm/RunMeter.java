package dev.lakeops.agent.llm;

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
  private final Instant deadline;
  private int toolCalls;
  private int refusedToolCalls;
  private long tokens;
  private int modelCalls;
  private @Nullable String exhausted;
  private final Set<String> findingCodes = new LinkedHashSet<>();
  private final List<String> proposalIds = new ArrayList<>();

  public RunMeter(LlmLimits limits, Clock clock) {
    this.limits = limits;
    this.clock = clock;
    this.deadline = clock.instant().plus(limits.maxDuration());
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
      exhausted = "tool-call budget exhausted: the model asked for call " + (toolCalls + refusedToolCalls) + " (" + tool
          + ") with lakeops.llm.max-tool-calls=" + limits.maxToolCalls();
      return false;
    }
    toolCalls++;
    return true;
  }

  /** Adds one model call's token usage; the run is over once the total passes the budget. */
  public synchronized void addTokens(@Nullable Integer total) {
    modelCalls++;
    tokens += total == null ? 0 : total;
    if (tokens > limits.maxTokens() && exhausted == null) {
      exhausted = "token budget exhausted: " + tokens + " tokens used with lakeops.llm.max-tokens=" + limits.maxTokens();
    }
  }

  /**
   * Throws when the run must stop: a budget is spent or the wall time is over.
   *
   * @throws LlmBudgetExceededException with the reason
   */
  public synchronized void checkBeforeModelCall() {
    if (exhausted != null) {
      throw new LlmBudgetExceededException(exhausted);
    }
    if (clock.instant().isAfter(deadline)) {
      exhausted = "time budget exhausted: the run passed lakeops.llm.max-duration=" + limits.maxDuration();
      throw new LlmBudgetExceededException(exhausted);
    }
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
