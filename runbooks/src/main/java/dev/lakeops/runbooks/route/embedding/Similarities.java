package dev.lakeops.runbooks.route.embedding;

import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.route.TextSimilarity;

/** The similarity a configuration asks for ({@code lakeops.alerts.similarity.model}). */
public final class Similarities {

  private Similarities() {}

  /**
   * {@link MiniLmSimilarity#shared()} for {@code all-minilm-l6-v2-q}, {@link TextSimilarity#NONE}
   * for {@code none}.
   */
  public static TextSimilarity of(AlertRouting routing) {
    return routing.similarityModel().equals(AlertRouting.MINILM)
        ? MiniLmSimilarity.shared()
        : TextSimilarity.NONE;
  }
}
