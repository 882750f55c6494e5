package dev.lakeops.agent.llm;

import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.ToolErrorHandlerResult;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers follow-up questions in a chat thread with the model, the read-only tools and {@code
 * propose_action}, remembering each thread's recent messages. The person's text and the context go
 * to the model as data. Never throws for a model's behaviour: a spent budget, a timeout or a
 * provider error is an answer with {@link LlmChatAnswer#fallback()} set.
 */
public final class LlmChat {

  private static final Logger LOG = LoggerFactory.getLogger(LlmChat.class);
  private static final Duration GRACE = Duration.ofSeconds(2);
  private static final int MAX_THREADS = 1000;

  private final ChatModel model;
  private final LlmToolbox toolbox;
  private final LlmLimits limits;
  private final ExecutorService threads;
  private final Clock clock;
  private final ThreadMemories memories;
  private final LlmMetrics metrics;

  public LlmChat(
      ChatModel model,
      LlmToolbox toolbox,
      LlmLimits limits,
      int memoryMessages,
      ExecutorService threads,
      Clock clock,
      LlmMetrics metrics) {
    this.model = model;
    this.toolbox = toolbox;
    this.limits = limits;
    this.threads = threads;
    this.clock = clock;
    this.memories = new ThreadMemories(memoryMessages, MAX_THREADS);
    this.metrics = metrics;
  }

  /**
   * The model's answer to {@code text}, written by {@code user} in thread {@code threadId}.
   *
   * @param context facts the caller adds as data, e.g. {@code incident}, {@code verdict}
   */
  public LlmChatAnswer answer(
      String threadId, String user, String text, Map<String, String> context) {
    RunMeter meter = new RunMeter(limits, clock, metrics, LlmMetrics.Run.CHAT);
    ChatAgent agent =
        AiServices.builder(ChatAgent.class)
            .chatModel(new MeteredChatModel(model, meter))
            .systemMessageProvider(memoryId -> ChatPrompt.SYSTEM)
            .chatMemoryProvider(memories)
            .tools(toolbox.forRun(meter, "llm:chat " + user, "chat thread " + threadId))
            .hallucinatedToolNameStrategy(
                request -> {
                  meter.toolCallEnded(
                      LlmMetrics.UNKNOWN_TOOL,
                      meter.tryToolCall(request.name())
                          ? LlmMetrics.ToolOutcome.REFUSED
                          : LlmMetrics.ToolOutcome.BUDGET);
                  return ToolExecutionResultMessage.from(
                      request,
                      "ERROR: there is no such tool. The tools are read-only; "
                          + "changes can only be proposed with propose_action.");
                })
            .toolExecutionErrorHandler(
                (error, c) ->
                    ToolErrorHandlerResult.text(
                        ToolOutputs.error(c.toolExecutionRequest().name(), error)))
            .toolArgumentsErrorHandler(
                (error, c) ->
                    ToolErrorHandlerResult.text(
                        ToolOutputs.error(c.toolExecutionRequest().name(), error)))
            .maxSequentialToolsInvocations(limits.maxToolCalls() + 2)
            .build();
    String message = ChatPrompt.userMessage(user, text, context, limits.redactValues());
    Future<String> call = threads.submit(() -> agent.answer(threadId, message).content());
    try {
      String reply = call.get(limits.maxDuration().plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
      if (reply == null || reply.isBlank()) {
        return fallback(
            meter, LlmMetrics.Fallback.INVALID_OUTPUT, "the model gave an empty answer");
      }
      meter.answered();
      return new LlmChatAnswer(reply.strip(), meter.proposalIds(), null);
    } catch (TimeoutException e) {
      call.cancel(true);
      return fallback(
          meter,
          LlmMetrics.Fallback.TIMEOUT,
          "timeout: no answer within lakeops.llm.max-duration=" + limits.maxDuration());
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      return fallback(meter, LlmMetrics.Fallback.INTERRUPTED, "interrupted: lakeops is stopping");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof LlmBudgetExceededException spent) {
        return fallback(meter, spent.kind(), spent.getMessage());
      }
      LOG.warn("LLM chat answer in thread {} failed", threadId, e.getCause());
      return fallback(
          meter,
          LlmMetrics.Fallback.PROVIDER_ERROR,
          "provider error: "
              + ToolOutputs.error("model", e.getCause()).replaceFirst("^ERROR in tool model ", ""));
    }
  }

  private static LlmChatAnswer fallback(RunMeter meter, LlmMetrics.Fallback kind, String reason) {
    meter.fellBack(kind);
    List<String> proposals = meter.proposalIds();
    String text =
        "The LLM could not answer ("
            + reason
            + "). Commands still work: type `help`."
            + (proposals.isEmpty()
                ? ""
                : " Proposals recorded before it stopped: " + String.join(", ", proposals) + ".");
    return new LlmChatAnswer(text, proposals, reason);
  }

  /**
   * Whether this process holds the model's memory of thread {@code threadId} (it is lost at
   * restart).
   */
  public boolean remembers(String threadId) {
    return memories.has(threadId);
  }

  /** Threads whose memory is held, for tests and metrics. */
  int rememberedThreads() {
    return memories.threads();
  }
}
