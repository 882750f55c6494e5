package dev.lakeops.agent.llm;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
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

  private final MeterRegistry registry;

  public LlmMetrics(MeterRegistry registry) {
    this.registry = registry;
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
    Counter.builder("lakeops.llm.tool.calls")
        .description("Tool calls the LLM asked for, by tool and outcome")
        .tag("run", run.tag())
        .tag("tool", tool)
        .tag("outcome", outcome.tag())
        .register(registry)
        .increment();
  }

  /** A run whose answer was used (for a triage: it passed validation). */
  void answered(Run run, Duration took) {
    finished(run, "answered", "none", took);
  }

  /** A run that fell back. */
  void fellBack(Run run, Fallback reason, Duration took) {
    finished(run, "fallback", reason.tag(), took);
  }

  private void finished(Run run, String outcome, String reason, Duration took) {
    Counter.builder("lakeops.llm.runs")
        .description("LLM runs by outcome; a fallback names its reason")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .tag("reason", reason)
        .register(registry)
        .increment();
    Timer.builder("lakeops.llm.run.duration")
        .description("Wall time of an LLM run, by outcome")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .register(registry)
        .record(took);
  }

  private Counter modelCalls(Run run, String outcome) {
    return Counter.builder("lakeops.llm.model.calls")
        .description("Calls to the LLM provider, by outcome")
        .tag("run", run.tag())
        .tag("outcome", outcome)
        .register(registry);
  }

  private Counter tokens(Run run, String type) {
    return Counter.builder("lakeops.llm.tokens")
        .description("Tokens the LLM provider reported, by type (prompt, completion)")
        .tag("run", run.tag())
        .tag("type", type)
        .register(registry);
  }
}
