package dev.lakeops.runbooks.alert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The concepts (what an alert is about, from its labels) and signals (what fired, from its metrics
 * and words) lakeops knows, as maintained in {@code alerts/concepts.yaml} and {@code
 * alerts/signals.yaml}. Immutable; {@link #withLabelAliases} makes a copy with configured label
 * names.
 */
public final class Vocabulary {

  public static final String CONCEPTS = "alerts/concepts.yaml";
  public static final String SIGNALS = "alerts/signals.yaml";

  private static final Vocabulary BUILT_IN =
      new Vocabulary(concepts(read(CONCEPTS)), signals(read(SIGNALS)));

  private final Map<String, Concept> concepts;
  private final Map<String, Signal> signals;

  private Vocabulary(Map<String, Concept> concepts, Map<String, Signal> signals) {
    this.concepts = Collections.unmodifiableMap(new LinkedHashMap<>(concepts));
    this.signals = Collections.unmodifiableMap(new LinkedHashMap<>(signals));
  }

  /** The vocabulary shipped with lakeops. */
  public static Vocabulary builtIn() {
    return BUILT_IN;
  }

  /**
   * This vocabulary with {@code aliases} (concept to label names) read before the built-in labels.
   *
   * @throws IllegalArgumentException an alias names a concept that does not exist (the message
   *     lists those that do)
   */
  public Vocabulary withLabelAliases(Map<String, List<String>> aliases) {
    Map<String, Concept> copy = new LinkedHashMap<>(concepts);
    aliases.forEach(
        (concept, labels) -> {
          Concept c = concepts.get(concept);
          if (c == null) {
            throw new IllegalArgumentException(
                "Unknown concept '"
                    + concept
                    + "' (known: "
                    + String.join(", ", concepts.keySet())
                    + ")");
          }
          copy.put(concept, c.withLabelsFirst(labels));
        });
    return new Vocabulary(copy, signals);
  }

  public Map<String, Concept> concepts() {
    return concepts;
  }

  public Map<String, Signal> signals() {
    return signals;
  }

  public Optional<Concept> concept(String name) {
    return Optional.ofNullable(concepts.get(name));
  }

  public Optional<Signal> signal(String name) {
    return Optional.ofNullable(signals.get(name));
  }

  private static Map<String, Concept> concepts(JsonNode root) {
    Map<String, Concept> out = new LinkedHashMap<>();
    root.fields()
        .forEachRemaining(
            e -> {
              JsonNode c = e.getValue();
              known(e.getKey(), c, Set.of("description", "labels", "weak", "words"));
              out.put(
                  e.getKey(),
                  new Concept(
                      e.getKey(),
                      c.path("description").asText(""),
                      texts(c.path("labels")),
                      texts(c.path("weak")),
                      phrases(c.path("words"))));
            });
    return out;
  }

  private static Map<String, Signal> signals(JsonNode root) {
    Map<String, Signal> out = new LinkedHashMap<>();
    root.fields()
        .forEachRemaining(
            e -> {
              JsonNode s = e.getValue();
              known(e.getKey(), s, Set.of("description", "metrics", "words", "zh", "except"));
              List<Phrase> words = new ArrayList<>(phrases(s.path("words")));
              words.addAll(phrases(s.path("zh")));
              out.put(
                  e.getKey(),
                  new Signal(
                      e.getKey(),
                      s.path("description").asText(""),
                      phrases(s.path("metrics")),
                      words,
                      phrases(s.path("except"))));
            });
    return out;
  }

  private static void known(String entry, JsonNode node, Set<String> keys) {
    node.fieldNames()
        .forEachRemaining(
            k -> {
              if (!keys.contains(k)) {
                throw new IllegalStateException(
                    "Unknown key '"
                        + k
                        + "' in "
                        + entry
                        + " of the alert vocabulary (known: "
                        + keys
                        + ")");
              }
            });
  }

  private static List<String> texts(JsonNode list) {
    List<String> out = new ArrayList<>();
    list.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static List<Phrase> phrases(JsonNode list) {
    return texts(list).stream().map(Phrase::of).toList();
  }

  private static JsonNode read(String resource) {
    try (InputStream in = Vocabulary.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Missing resource " + resource + " on the classpath");
      }
      return new ObjectMapper(new YAMLFactory()).readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + resource, e);
    }
  }
}
