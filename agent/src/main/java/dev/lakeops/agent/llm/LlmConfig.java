package dev.lakeops.agent.llm;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * The optional LLM layer, under {@code lakeops.llm}. With {@code provider=none} (the default) only
 * the deterministic planner triages and chat understands commands only.
 */
@ConfigMapping(prefix = "lakeops.llm")
public interface LlmConfig {

  /**
   * {@code none}, {@code openai} (any OpenAI-compatible server), {@code anthropic} or {@code
   * ollama}.
   */
  @WithDefault("none")
  String provider();

  /**
   * The provider's endpoint, e.g. {@code http://127.0.0.1:8000/v1} for vLLM or llama.cpp, {@code
   * http://127.0.0.1:11434/v1} for Ollama's OpenAI-compatible API, {@code http://127.0.0.1:11434}
   * for Ollama's own API. Unset: the provider's public endpoint (openai, anthropic) or {@code
   * http://127.0.0.1:11434} (ollama).
   */
  Optional<String> baseUrl();

  /** Sent to the provider only; never logged, never part of a report. */
  Optional<String> apiKey();

  /**
   * The model name the provider knows, e.g. {@code qwen2.5-7b-instruct}. Required unless provider
   * is none.
   */
  Optional<String> model();

  /**
   * Whether the triage model is asked for its verdict as structured output: the request carries the
   * verdict's JSON schema as the response format (OpenAI-compatible {@code response_format} {@code
   * json_schema}, strict; Anthropic {@code output_config}; Ollama {@code format}) and the answer is
   * mapped onto a typed record. Set false for a server that rejects a JSON schema response format
   * (e.g. DeepSeek, Claude models before 4.5) or whose answers under a schema can no longer call
   * tools: the model is then told the verdict's JSON layout and its text is parsed.
   */
  @WithDefault("true")
  boolean structuredOutput();

  /** Connect and read timeout of one request to the provider. */
  @WithDefault("60s")
  Duration timeout();

  /**
   * Most tool calls the model may make in one triage or chat answer; one more ends it (fallback).
   */
  @WithDefault("8")
  int maxToolCalls();

  /**
   * Most tokens (prompt + completion, summed over every model call) one triage or chat answer may
   * use.
   */
  @WithDefault("60000")
  int maxTokens();

  /** Wall time one triage or chat answer may take, tools included. */
  @WithDefault("120s")
  Duration maxDuration();

  /** Wall time one tool call may take before the model is told it timed out. */
  @WithDefault("30s")
  Duration toolTimeout();

  /** Longest tool result the model receives; longer ones are cut with a notice. */
  @WithDefault("4000")
  int maxToolOutputChars();

  /**
   * Replace row values (table rows, SQL literals) by their keys and counts before they reach the
   * model.
   */
  @WithDefault("true")
  boolean redactValues();

  /**
   * The older name of {@code lakeops.binlog.dir}, read when that key is not set: the directory
   * whose binlog files the model's binlog tools (and the runbooks) may read. Unset with it: the
   * model gets no binlog tools.
   */
  Optional<String> binlogDir();

  /** Messages of one chat thread the model remembers. */
  @WithDefault("20")
  int chatMemoryMessages();
}
