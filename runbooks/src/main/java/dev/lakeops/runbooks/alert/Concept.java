package dev.lakeops.runbooks.alert;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * Something an alert can be about, read from its labels (e.g. {@code flink.job} from {@code
 * job_name}). Runbook inputs read concepts, so any label name the table knows fills them.
 *
 * @param name e.g. {@code kafka.group}
 * @param description what it is
 * @param labels label names that say on their own what the alert is about, first set wins
 * @param weakLabels label names read after {@code labels} that fill the concept but never make a
 *     runbook fit ({@code instance}, {@code file}, {@code partition} ...)
 * @param words how alert text names it
 */
public record Concept(
    String name,
    String description,
    List<String> labels,
    List<String> weakLabels,
    List<Phrase> words) {

  public Concept {
    requireNonNull(name, "name");
    requireNonNull(description, "description");
    labels = List.copyOf(labels);
    weakLabels = List.copyOf(weakLabels);
    words = List.copyOf(words);
  }

  /** Every label name, strong ones first. */
  public List<String> allLabels() {
    List<String> all = new ArrayList<>(labels);
    all.addAll(weakLabels);
    return all;
  }

  /** This concept with {@code names} read first, as strong labels (configured aliases). */
  public Concept withLabelsFirst(List<String> names) {
    List<String> strong = new ArrayList<>(names);
    labels.stream().filter(l -> !strong.contains(l)).forEach(strong::add);
    return new Concept(
        name,
        description,
        strong,
        weakLabels.stream().filter(l -> !strong.contains(l)).toList(),
        words);
  }
}
