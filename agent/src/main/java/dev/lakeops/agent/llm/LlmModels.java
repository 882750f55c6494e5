package dev.lakeops.agent.llm;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the chat model {@code lakeops.llm.*} names. Tool choice runs at temperature 0. The API key
 * goes to the provider's client only. With {@code lakeops.llm.structured-output} (the default) the
 * model declares {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA}, so that an AI service returning a
 * record sends its JSON schema as the response format (each langchain4j 1.19 client here maps it to
 * its provider's wire form, and none declares the capability unless told).
 */
public final class LlmModels {

  static final String OLLAMA_DEFAULT_URL = "http://127.0.0.1:11434";

  /** Completion tokens one Anthropic answer may use (the Messages API requires a limit). */
  static final int ANTHROPIC_MAX_OUTPUT_TOKENS = 4096;

  private LlmModels() {}

  /**
   * The configured model, or empty for {@code provider=none}.
   *
   * @throws IllegalArgumentException naming the key that is missing or malformed
   */
  public static Optional<ChatModel> create(LlmConfig config) {
    LlmProvider provider = LlmProvider.parse(config.provider());
    if (provider == LlmProvider.NONE) {
      return Optional.empty();
    }
    String model =
        config
            .model()
            .filter(m -> !m.isBlank())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "lakeops.llm.model is required with lakeops.llm.provider="
                            + provider.id()));
    Optional<String> baseUrl = config.baseUrl().filter(u -> !u.isBlank()).map(LlmModels::checkUrl);
    Optional<String> apiKey = config.apiKey().filter(k -> !k.isBlank());
    Set<Capability> capabilities =
        config.structuredOutput() ? Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA) : Set.of();
    ChatModel chatModel =
        switch (provider) {
          case OPENAI -> {
            OpenAiChatModel.OpenAiChatModelBuilder b =
                OpenAiChatModel.builder()
                    .apiKey(apiKey.orElse("none"))
                    .modelName(model)
                    .timeout(config.timeout())
                    .temperature(0.0)
                    .maxRetries(0)
                    .supportedCapabilities(capabilities)
                    .strictJsonSchema(true);
            baseUrl.ifPresent(b::baseUrl);
            yield b.build();
          }
          case ANTHROPIC -> {
            AnthropicChatModel.AnthropicChatModelBuilder b =
                AnthropicChatModel.builder()
                    .apiKey(
                        apiKey.orElseThrow(
                            () ->
                                new IllegalArgumentException(
                                    "lakeops.llm.api-key is required with"
                                        + " lakeops.llm.provider=anthropic")))
                    .modelName(model)
                    .timeout(config.timeout())
                    .temperature(0.0)
                    .maxTokens(ANTHROPIC_MAX_OUTPUT_TOKENS)
                    .maxRetries(0)
                    .supportedCapabilities(capabilities);
            baseUrl.ifPresent(b::baseUrl);
            yield b.build();
          }
          case OLLAMA -> {
            OllamaChatModel.OllamaChatModelBuilder b =
                OllamaChatModel.builder()
                    .baseUrl(baseUrl.orElse(OLLAMA_DEFAULT_URL))
                    .modelName(model)
                    .timeout(config.timeout())
                    .temperature(0.0)
                    .supportedCapabilities(capabilities);
            apiKey.ifPresent(k -> b.customHeaders(Map.of("Authorization", "Bearer " + k)));
            yield b.build();
          }
          case NONE -> throw new IllegalStateException("unreachable");
        };
    return Optional.of(chatModel);
  }

  /** {@code url} without user-info, for logs. */
  public static String describe(LlmConfig config) {
    return LlmProvider.parse(config.provider()).id()
        + " model "
        + config.model().orElse("?")
        + config.baseUrl().map(u -> " at " + ToolOutputs.sanitize(u)).orElse("");
  }

  private static String checkUrl(String url) {
    try {
      URI uri = URI.create(url.strip());
      if (uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
          || uri.getHost() == null) {
        throw new IllegalArgumentException("not an http(s) URL with a host");
      }
      return url.strip();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid lakeops.llm.base-url: '"
              + ToolOutputs.sanitize(url)
              + "' ("
              + e.getMessage()
              + ")",
          e);
    }
  }
}
