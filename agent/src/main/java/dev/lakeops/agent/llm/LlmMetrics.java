package dev.lakeops.agent.llm;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The LLM agent's meters, served with lakeops' others at {@code /q/metrics}: model calls, tokens,
 * tool calls by tool and outcome, and runs by outcome (answered, or fell back and why). Every tag
 * value comes from a fixed set (the enums here, the toolbox's tool names), never from model text.
 */
public final class LlmMetrics {

  /** What a run serves: a triage review or a chat answer. Tag {@code run}. */
  public enum Run {
    TRIAGE,
    CHAT;

    String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** How one tool call the model asked for ended. Tag {@code outcome}. */
  public enum ToolOutcome {
    /** The tool ran and answered (also with no data). */
    OK,
    /** The tool failed, timed out or reported an error. */
    ERROR,
    /**
     * The call was refused before the tool ran (bad arguments, a path outside its directory, no
     * such tool).
     */
    REFUSED,
    /** The run's tool-call budget was spent. */
    BUDGET;

    String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Why a run fell back to the deterministic verdict (triage) or to the commands (chat). Tag {@code
   * reason}.
   */
  public enum Fallback {
    TIMEOUT,
    INVALID_OUTPUT,
    BUDGET,
    PROVIDER_ERROR,
    INTERRUPTED;

    String tag() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The tool tag of a call to a tool the model made up: its name is model text. */
  static final String UNKNOWN_TOOL = "unknown";

  public static final String MODEL_CALLS = "lakeops.llm.model.calls";
  public static final String TOKENS = "lakeops.llm.tokens";
  public static final String TOOL_CALLS = "lakeops.llm.tool.calls";
  public static final String RUNS = "lakeops.llm.runs";
  public static final String RUN_DURATION = "lakeops.llm.run.duration";

  /** Every counter's name. */
  public static final List<String> COUNTERS = List.of(MODEL_CALLS, TOKENS, TOOL_CALLS, RUNS);

  /** Every timer's name. */
  public static final List<String> TIMERS = List.of(RUN_DURATION);

  private static final String ANSWERED = "answered";
  private static final String FALLBACK = "fallback";

  private final MeterRegistry registry;

  public LlmMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * Registers every series at 0: each run, outcome, reason and token type, and each tool of {@code
   * toolNames} (the toolbox's) and {@value #UNKNOWN_TOOL} with each {@link ToolOutcome}; so {@code
   * /q/metrics} shows them before the first run, also with no model configured.
   */
  public void registerAll(List<String> toolNames) {
    for (Run run : Run.values()) {
      modelCalls(run, "ok");
      modelCalls(run, "error");
      tokens(run, "prompt");
      tokens(run, "completion");
      List<String> tools = new ArrayList<>(toolNames);
      tools.add(UNKNOWN_TOOL);
      for (String tool : tools) {
        for (ToolOutcome outcome : ToolOutcome.values()) {
          toolCalls(run, tool, outcome);
        }
      }
      runs(run, ANSWERED, "none");
      duration(run, ANSWERED);
      for (Fallback reason : Fallback.values()) {
        runs(run, FALLBACK, reason.tag());
      }
      duration(run, FALLBACK);
    }
  }

  /**
   * One model call that answered, with the tokens it reports (null when the provider reports none).
   */
  void modelCall(Run run, Integer promptTokens, Integer completionTokens) {
    modelCalls(run, "ok").increment();
    tokens(run, "prompt").increment(promptTokens == null ? 0 : promptTokens);
    tokens(run, "completion").increment(completionTokens == null ? 0 : completionTokens);
  }

  /** One model call that failed (an HTTP error, a broken connection, an interrupt). */
  void modelCallFailed(Run run) {
    modelCalls(run, "error").increment();
  }

  void toolCall(Run run, String tool, ToolOutcome outcome) {
    toolCalls(run, tool, outcome).increment();
  }

  private Counter toolCalls(Run run, String tool, ToolOutcome outcome) {
    return Counter.builder(TOOL_CALLS)
        .description("Tool calls the LLM asked for, by tool and outcome")
        .tag("run", run.tag())
        .tag("tool", tool)
        .tag("outcome", outcome.tag())
        .register(registry);
  }

  /** A run whose answer was used (for a triage: it passed validation). */
  void answered(Run run, Duration took) {
    finished(run, ANSWERED, "none", took);
  }

  /** A run that fell back. */
  void fellBack(Run run, Fallback reason, Duration took) {
    finished(run, FALLBACK, reason.tag(), took);
  }

  private void finished(Run run, String outcome, String reason, Duration took) {
    runs(run, outcome, reason).increment();
    duration(run, outcome).record(took);
  }

  private Counter runs(Run run, String outcome, String reason) {
    return Counter.builder(RUNS)
        .description("LLM runs by outcome; a fallback names its reason")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .tag("reason", reason)
        .register(registry);
  }

  private Timer duration(Run run, String outcome) {
    return Timer.builder(RUN_DURATION)
        .description("Wall time of an LLM run, by outcome")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .register(registry);
  }

  private Counter modelCalls(Run run, String outcome) {
    return Counter.builder(MODEL_CALLS)
        .description("Calls to the LLM provider, by outcome")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .register(registry);
  }

  private Counter tokens(Run run, String type) {
    return Counter.builder(TOKENS)
        .description("Tokens the LLM provider reported, by type (prompt, completion)")
        .tag("run", run.tag())
        .tag("type", type)
        .register(registry);
  }
}
