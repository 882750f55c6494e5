package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What fired, as lakeops names it (e.g. {@code flink.backpressure}), and how an alert says so.
 *
 * @param name e.g. {@code kafka.lag}
 * @param description what it means
 * @param metrics metric-name patterns: words that must all occur in a metric's name, in order
 * @param words English words and phrases and Chinese phrases of the alert's name and annotations
 * @param except phrases that contain one of {@code words} without meaning the signal
 */
public record Signal(
    String name,
    String description,
    List<Phrase> metrics,
    List<Phrase> words,
    List<Phrase> except) {

  public Signal {
    requireNonNull(name, "name");
    requireNonNull(description, "description");
    metrics = List.copyOf(metrics);
    words = List.copyOf(words);
    except = List.copyOf(except);
  }
}
