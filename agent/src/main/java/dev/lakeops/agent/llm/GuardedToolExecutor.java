package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one tool for the model inside the run's budgets: counts the call (one past the budget is
 * refused and ends the run at the next model call), bounds its wall time, redacts row values, cuts
 * long output with a notice, and turns any failure into one sanitized line. Never throws.
 */
final class GuardedToolExecutor implements ToolExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(GuardedToolExecutor.class);
  private static final Pattern FINDING_CODE = Pattern.compile("[a-z0-9]+(\\.[a-z0-9-]+)+");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String name;
  private final ToolExecutor delegate;
  private final RunMeter meter;
  private final ExecutorService threads;

  GuardedToolExecutor(String name, ToolExecutor delegate, RunMeter meter, ExecutorService threads) {
    this.name = name;
    this.delegate = delegate;
    this.meter = meter;
    this.threads = threads;
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    if (!meter.tryToolCall(name)) {
      meter.toolCallEnded(name, LlmMetrics.ToolOutcome.BUDGET);
      return "REFUSED: the tool-call budget of this run is spent (lakeops.llm.max-tool-calls="
          + meter.limits().maxToolCalls()
          + "); no more tools run.";
    }
    meter.ran(name);
    Duration timeout = min(meter.limits().toolTimeout(), meter.remaining());
    Future<String> call = threads.submit(() -> delegate.execute(request, memoryId));
    String output;
    try {
      output = call.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      LOG.warn("Tool {} timed out after {}", name, timeout);
      meter.toolCallEnded(name, LlmMetrics.ToolOutcome.ERROR);
      return "ERROR in tool "
          + name
          + ": no answer within "
          + timeout.toSeconds()
          + " s (lakeops.llm.tool-timeout); try a narrower call.";
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      meter.toolCallEnded(name, LlmMetrics.ToolOutcome.ERROR);
      return "ERROR in tool " + name + ": interrupted (the run is stopping)";
    } catch (ExecutionException e) {
      LOG.warn("Tool {} failed for the model", name, e.getCause());
      meter.toolCallEnded(name, LlmMetrics.ToolOutcome.ERROR);
      return ToolOutputs.error(name, e.getCause());
    }
    meter.toolCallEnded(name, outcome(output));
    if (output == null) {
      return "OK: tool " + name + " returned nothing";
    }
    meter.sawFindingCodes(findingCodes(output));
    String safe = meter.limits().redactValues() ? ValueRedactor.redact(output) : output;
    return ToolOutputs.compact(ToolOutputs.sanitize(safe), meter.limits().maxToolOutputChars());
  }

  /**
   * How a tool that returned ended: {@code REFUSED: ...} (a guard refused the call before the tool
   * ran), {@code ERROR ...} or a JSON report whose {@code status} is {@code ERROR}, otherwise OK.
   */
  static LlmMetrics.ToolOutcome outcome(String output) {
    if (output == null) {
      return LlmMetrics.ToolOutcome.OK;
    }
    String trimmed = output.strip();
    if (trimmed.startsWith("REFUSED:")) {
      return LlmMetrics.ToolOutcome.REFUSED;
    }
    if (trimmed.startsWith("ERROR")) {
      return LlmMetrics.ToolOutcome.ERROR;
    }
    if (trimmed.startsWith("{")) {
      try {
        if ("ERROR".equals(MAPPER.readTree(trimmed).path("status").asText())) {
          return LlmMetrics.ToolOutcome.ERROR;
        }
      } catch (java.io.IOException notJson) {
        // Text that only looks like JSON: the tool answered.
      }
    }
    return LlmMetrics.ToolOutcome.OK;
  }

  /** Every {@code "code"} field of a JSON output that has the shape of a finding code. */
  static Set<String> findingCodes(String output) {
    Set<String> codes = new LinkedHashSet<>();
    String trimmed = output.strip();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
      return codes;
    }
    try {
      JsonNode root = MAPPER.readTree(trimmed);
      for (JsonNode code : root.findValues("code")) {
        if (code.isTextual() && FINDING_CODE.matcher(code.asText()).matches()) {
          codes.add(code.asText());
        }
      }
    } catch (java.io.IOException notJson) {
      // Plain-text output carries no findings.
    }
    return codes;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
