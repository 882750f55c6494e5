package dev.lakeops.eval.models;

import org.jspecify.annotations.Nullable;

/**
 * A model to evaluate, as {@code PROVIDER:MODEL} or {@code PROVIDER:MODEL@BASE_URL}: {@code
 * openai:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1}, {@code anthropic:claude-sonnet-4-5}, {@code
 * ollama:llama3.1@http://127.0.0.1:11434}.
 */
public record ModelSpec(String provider, String model, @Nullable String baseUrl) {

  /**
   * @throws IllegalArgumentException the text is not {@code PROVIDER:MODEL[@BASE_URL]}
   */
  public static ModelSpec parse(String text) {
    int colon = text.indexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new IllegalArgumentException(
          "--model " + text + ": expected PROVIDER:MODEL[@BASE_URL], e.g. openai:gpt-4o-mini");
    }
    String provider = text.substring(0, colon).strip();
    String rest = text.substring(colon + 1);
    int at = rest.indexOf('@');
    String model = (at < 0 ? rest : rest.substring(0, at)).strip();
    String url = at < 0 ? null : rest.substring(at + 1).strip();
    if (model.isEmpty() || (url != null && url.isEmpty())) {
      throw new IllegalArgumentException(
          "--model " + text + ": expected PROVIDER:MODEL[@BASE_URL], e.g. openai:gpt-4o-mini");
    }
    return new ModelSpec(provider, model, url);
  }

  @Override
  public String toString() {
    return provider + ":" + model + (baseUrl == null ? "" : "@" + baseUrl);
  }
}
