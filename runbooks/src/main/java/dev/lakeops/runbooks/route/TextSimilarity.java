package dev.lakeops.runbooks.route;

import java.util.List;

/**
 * How close two texts are in meaning: for alert text that no rule of the vocabulary covers.
 * Implementations are thread-safe, load what they need once, and never throw for any text.
 */
public interface TextSimilarity {

  /** None: every similarity is 0, and nothing is loaded. */
  TextSimilarity NONE =
      new TextSimilarity() {
        @Override
        public double[] scores(String text, List<String> candidates) {
          return new double[candidates.size()];
        }

        @Override
        public String name() {
          return "none";
        }
      };

  /**
   * The similarity of {@code text} to each of {@code candidates}, in their order, from -1
   * (opposite) to 1 (same meaning); 0 for all when the similarity cannot be computed.
   */
  double[] scores(String text, List<String> candidates);

  /** What computes it, for reports: {@code all-minilm-l6-v2-q}, {@code none}. */
  String name();
}
