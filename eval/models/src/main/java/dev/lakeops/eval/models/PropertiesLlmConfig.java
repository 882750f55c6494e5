package dev.lakeops.eval.models;

import dev.lakeops.agent.llm.LlmConfig;
import dev.lakeops.tools.spec.Durations;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The agent's {@code lakeops.llm.*} keys from a properties map (the agent's own file), with the
 * provider, model and base URL of one {@link ModelSpec} over them; the defaults are the agent's.
 */
final class PropertiesLlmConfig implements LlmConfig {

  private final Map<String, String> p;
  private final ModelSpec spec;

  PropertiesLlmConfig(Map<String, String> properties, ModelSpec spec) {
    this.p = Map.copyOf(properties);
    this.spec = spec;
  }

  private Optional<String> key(String name) {
    return Optional.ofNullable(p.get("lakeops.llm." + name)).filter(v -> !v.isBlank());
  }

  private int integer(String name, int fallback) {
    return key(name)
        .map(
            v -> {
              try {
                return Integer.parseInt(v.strip());
              } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                    "lakeops.llm." + name + "=" + v + ": not a whole number");
              }
            })
        .orElse(fallback);
  }

  private Duration duration(String name, Duration fallback) {
    return key(name).map(Durations::parse).orElse(fallback);
  }

  @Override
  public String provider() {
    return spec.provider();
  }

  @Override
  public Optional<String> baseUrl() {
    return spec.baseUrl() != null ? Optional.of(spec.baseUrl()) : key("base-url");
  }

  @Override
  public Optional<String> apiKey() {
    return key("api-key").or(() -> Optional.ofNullable(System.getenv("LAKEOPS_LLM_API_KEY")));
  }

  @Override
  public Optional<String> model() {
    return Optional.of(spec.model());
  }

  @Override
  public boolean structuredOutput() {
    return key("structured-output").map(Boolean::parseBoolean).orElse(true);
  }

  @Override
  public Duration timeout() {
    return duration("timeout", Duration.ofSeconds(60));
  }

  @Override
  public int maxToolCalls() {
    return integer("max-tool-calls", 8);
  }

  @Override
  public int maxTokens() {
    return integer("max-tokens", 60_000);
  }

  @Override
  public Duration maxDuration() {
    return duration("max-duration", Duration.ofSeconds(120));
  }

  @Override
  public Duration toolTimeout() {
    return duration("tool-timeout", Duration.ofSeconds(30));
  }

  @Override
  public int maxToolOutputChars() {
    return integer("max-tool-output-chars", 4000);
  }

  @Override
  public boolean redactValues() {
    return key("redact-values").map(Boolean::parseBoolean).orElse(true);
  }

  @Override
  public Optional<String> binlogDir() {
    return key("binlog-dir");
  }

  @Override
  public int chatMemoryMessages() {
    return integer("chat-memory-messages", 20);
  }
}
