package dev.lakeops.agent.llm;

import java.time.Duration;
import java.util.Optional;

/** {@code lakeops.llm.*} as a test sets it; budgets at their defaults. */
record TestLlmConfig(
    String provider,
    Optional<String> baseUrl,
    Optional<String> apiKey,
    Optional<String> model,
    boolean structuredOutput)
    implements LlmConfig {

  /** With structured output, as by default. */
  static TestLlmConfig of(String provider, String baseUrl, String apiKey, String model) {
    return new TestLlmConfig(
        provider,
        Optional.ofNullable(baseUrl),
        Optional.ofNullable(apiKey),
        Optional.ofNullable(model),
        true);
  }

  /**
   * With {@code lakeops.llm.structured-output=false}: the verdict is read out of the model's text.
   */
  TestLlmConfig textOnly() {
    return new TestLlmConfig(provider, baseUrl, apiKey, model, false);
  }

  @Override
  public Duration timeout() {
    return Duration.ofSeconds(10);
  }

  @Override
  public int maxToolCalls() {
    return 8;
  }

  @Override
  public int maxTokens() {
    return 60_000;
  }

  @Override
  public Duration maxDuration() {
    return Duration.ofSeconds(60);
  }

  @Override
  public Duration toolTimeout() {
    return Duration.ofSeconds(30);
  }

  @Override
  public int maxToolOutputChars() {
    return 4000;
  }

  @Override
  public boolean redactValues() {
    return true;
  }

  @Override
  public Optional<String> binlogDir() {
    return Optional.empty();
  }

  @Override
  public int chatMemoryMessages() {
    return 20;
  }
}
