package dev.lakeops.agent.llm;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.Set;

/**
 * A model that answers only while its run has budget left: each call first checks the run's {@link
 * RunMeter} (spent budgets and wall time end the run with {@link LlmBudgetExceededException}) and
 * then adds the response's token usage; a call that throws is counted as failed.
 */
final class MeteredChatModel implements ChatModel {

  private final ChatModel delegate;
  private final RunMeter meter;

  MeteredChatModel(ChatModel delegate, RunMeter meter) {
    this.delegate = delegate;
    this.meter = meter;
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    meter.checkBeforeModelCall();
    ChatResponse response;
    try {
      response = delegate.chat(request);
    } catch (RuntimeException | Error e) {
      meter.modelCallFailed();
      throw e;
    }
    meter.addTokens(response.tokenUsage());
    return response;
  }

  @Override
  public ChatRequestParameters defaultRequestParameters() {
    return delegate.defaultRequestParameters();
  }

  @Override
  public Set<Capability> supportedCapabilities() {
    return delegate.supportedCapabilities();
  }

  @Override
  public ModelProvider provider() {
    return delegate.provider();
  }
}
