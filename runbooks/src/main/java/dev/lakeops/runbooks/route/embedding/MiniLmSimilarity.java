package dev.lakeops.runbooks.route.embedding;

import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.route.TextSimilarity;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cosine similarity of sentence embeddings from all-MiniLM-L6-v2 (384 dimensions), in its int8
 * quantized form (a 23 MB model, a quarter of the full one: the agent's heap of 256-512 MB holds it
 * next to everything else, where the full model ran it out of memory), run by ONNX Runtime on the
 * CPU inside this JVM: no network, no GPU. The model is loaded once per JVM, on first use; an
 * embedding then takes a few milliseconds. Embeddings of candidate texts (runbook descriptions) are
 * kept, so routing an alert costs one embedding. English only in practice: Chinese text is routed
 * by the vocabulary's phrases. A model that fails to load is logged once and every similarity is 0.
 */
public final class MiniLmSimilarity implements TextSimilarity {

  private static final Logger LOG = LoggerFactory.getLogger(MiniLmSimilarity.class);
  private static final MiniLmSimilarity SHARED = new MiniLmSimilarity();

  /** Text longer than this is cut: the model reads 256 word pieces at most. */
  private static final int MAX_CHARS = 2_000;

  private static final int MAX_CACHED = 1_000;

  private final Map<String, float[]> cache = new ConcurrentHashMap<>();
  private volatile EmbeddingModel model;
  private volatile boolean failed;

  private MiniLmSimilarity() {}

  /** The one instance of this JVM; the model loads on its first use. */
  public static MiniLmSimilarity shared() {
    return SHARED;
  }

  @Override
  public double[] scores(String text, List<String> candidates) {
    double[] out = new double[candidates.size()];
    float[] t = embed(text, false);
    if (t == null) {
      return out;
    }
    for (int i = 0; i < out.length; i++) {
      float[] c = embed(candidates.get(i), true);
      out[i] = c == null ? 0 : cosine(t, c);
    }
    return out;
  }

  @Override
  public String name() {
    return AlertRouting.MINILM;
  }

  /** Whether the model is loaded (false before first use and after a failed load). */
  public boolean loaded() {
    return model != null;
  }

  private float[] embed(String text, boolean keep) {
    String s = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    float[] known = cache.get(s);
    if (known != null) {
      return known;
    }
    EmbeddingModel m = model();
    if (m == null) {
      return null;
    }
    try {
      Embedding e = m.embed(s.isBlank() ? "-" : s).content();
      if (keep && cache.size() < MAX_CACHED) {
        cache.put(s, e.vector());
      }
      return e.vector();
    } catch (RuntimeException e) {
      LOG.warn("Embedding with {} failed; similarity is 0 for this text", name(), e);
      return null;
    }
  }

  private EmbeddingModel model() {
    if (model == null && !failed) {
      synchronized (this) {
        if (model == null && !failed) {
          try {
            long t0 = System.nanoTime();
            model = new AllMiniLmL6V2QuantizedEmbeddingModel();
            LOG.info(
                "Loaded embedding model {} in {} ms", name(), (System.nanoTime() - t0) / 1_000_000);
          } catch (RuntimeException | LinkageError e) {
            failed = true;
            LOG.warn(
                "Could not load embedding model {}; alerts no rule covers are routed without"
                    + " similarity",
                name(),
                e);
          }
        }
      }
    }
    return model;
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length && i < b.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
