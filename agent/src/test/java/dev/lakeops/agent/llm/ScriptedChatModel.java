package dev.lakeops.agent.llm;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A model that answers from a script: each call takes the next step and records the request, so a
 * test can assert what the real AiServices loop sent (system prompt, data block, tool results). A
 * call past the end of the script fails the run, as a provider error would.
 */
final class ScriptedChatModel implements ChatModel {

  private final Deque<Function<ChatRequest, ChatResponse>> steps = new ArrayDeque<>();
  private final List<ChatRequest> requests = new ArrayList<>();
  private final Set<Capability> capabilities;

  /** A model without structured output: the triage reads its verdict out of the text. */
  ScriptedChatModel() {
    this(Set.of());
  }

  private ScriptedChatModel(Set<Capability> capabilities) {
    this.capabilities = capabilities;
  }

  /**
   * A model that takes a JSON schema as its response format, as the configured providers do by
   * default.
   */
  static ScriptedChatModel structured() {
    return new ScriptedChatModel(Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA));
  }

  ScriptedChatModel then(Function<ChatRequest, ChatResponse> step) {
    steps.add(step);
    return this;
  }

  /** The next answer asks for one tool call. */
  ScriptedChatModel callsTool(String id, String name, String argumentsJson) {
    return then(r -> toolCall(id, name, argumentsJson));
  }

  /** The next answer is final text. */
  ScriptedChatModel answers(String text) {
    return then(r -> text(text));
  }

  @Override
  public synchronized ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    Function<ChatRequest, ChatResponse> step = steps.poll();
    if (step == null) {
      throw new IllegalStateException("script exhausted after " + requests.size() + " requests");
    }
    return step.apply(request);
  }

  @Override
  public Set<Capability> supportedCapabilities() {
    return capabilities;
  }

  synchronized List<ChatRequest> requests() {
    return List.copyOf(requests);
  }

  static ChatResponse toolCall(String id, String name, String argumentsJson) {
    ToolExecutionRequest call =
        ToolExecutionRequest.builder().id(id).name(name).arguments(argumentsJson).build();
    return ChatResponse.builder()
        .aiMessage(AiMessage.from(call))
        .finishReason(FinishReason.TOOL_EXECUTION)
        .tokenUsage(new TokenUsage(100, 20))
        .build();
  }

  static ChatResponse text(String text) {
    return ChatResponse.builder()
        .aiMessage(AiMessage.from(text))
        .finishReason(FinishReason.STOP)
        .tokenUsage(new TokenUsage(100, 20))
        .build();
  }

  /** Every tool result the model received in {@code request}, in order. */
  static List<ToolExecutionResultMessage> toolResults(ChatRequest request) {
    return request.messages().stream()
        .filter(m -> m instanceof ToolExecutionResultMessage)
        .map(m -> (ToolExecutionResultMessage) m)
        .toList();
  }

  static String systemText(ChatRequest request) {
    return request.messages().stream()
        .filter(m -> m instanceof SystemMessage)
        .map(m -> ((SystemMessage) m).text())
        .reduce("", (a, b) -> a + b);
  }

  static List<String> userTexts(ChatRequest request) {
    List<String> out = new ArrayList<>();
    for (ChatMessage m : request.messages()) {
      if (m instanceof UserMessage u) {
        out.add(u.singleText());
      }
    }
    return out;
  }
}
