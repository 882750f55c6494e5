package dev.lakeops.agent.llm;

import java.time.Duration;
import java.util.Optional;

/** {@code lakeops.llm.*} as a test sets it; budgets at their defaults. */
record TestLlmConfig(String provider, Optional<String> baseUrl, Optional<String> apiKey, Optional<String> model) implements LlmConfig {

  static TestLlmConfig of(String provider, String baseUrl, String apiKey, String model) {
    return new TestLlmConfig(provider, Optional.ofNullable(baseUrl), Optional.ofNullable(apiKey), Optional.ofNullable(model));
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
