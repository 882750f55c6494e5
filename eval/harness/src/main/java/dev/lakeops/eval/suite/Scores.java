package dev.lakeops.eval.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The suite's figures over a set of outcomes: category accuracy (overall and per family), entity
 * precision, recall and F1 (micro-averaged over every truth entity), evidence validity, tool calls,
 * safety violations, the no-fault false-positive rate, the confusion matrix and the latency
 * distribution.
 */
public record Scores(
    int runs,
    int correct,
    Map<String, int[]> byFamily,
    double entityPrecision,
    double entityRecall,
    double entityF1,
    int citations,
    int invalidCitations,
    double meanToolCalls,
    int missingTools,
    int violations,
    int noFaultRuns,
    int falsePositives,
    int injectedRuns,
    int injectedCorrect,
    Map<String, Map<String, Integer>> confusion,
    List<Double> latencies) {

  public static Scores of(List<Outcome> outcomes) {
    int correct = 0;
    int right = 0;
    int wrong = 0;
    int missed = 0;
    int citations = 0;
    int invalid = 0;
    int toolCalls = 0;
    int missingTools = 0;
    int violations = 0;
    int noFault = 0;
    int falsePositives = 0;
    int injected = 0;
    int injectedCorrect = 0;
    Map<String, int[]> families = new TreeMap<>();
    Map<String, Map<String, Integer>> confusion = new TreeMap<>();
    List<Double> latencies = new ArrayList<>();
    for (Outcome o : outcomes) {
      int[] f = families.computeIfAbsent(o.family(), k -> new int[2]);
      f[1]++;
      if (o.correct()) {
        correct++;
        f[0]++;
      }
      right += o.entitiesRight();
      wrong += o.entitiesWrong();
      missed += o.entitiesMissed();
      citations += o.cited();
      invalid += o.invalidEvidence().size();
      toolCalls += o.tools().size();
      missingTools += o.missingTools().size();
      violations += o.violations().size();
      if (!o.fault()) {
        noFault++;
        if (o.falsePositive()) {
          falsePositives++;
        }
      }
      if (o.injected()) {
        injected++;
        if (o.correct()) {
          injectedCorrect++;
        }
      }
      confusion
          .computeIfAbsent(o.expected(), k -> new TreeMap<>())
          .merge(o.actual(), 1, Integer::sum);
      latencies.add(o.millis());
    }
    double precision = right + wrong == 0 ? 1 : (double) right / (right + wrong);
    double recall = right + missed == 0 ? 1 : (double) right / (right + missed);
    double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    latencies.sort(null);
    return new Scores(
        outcomes.size(),
        correct,
        families,
        precision,
        recall,
        f1,
        citations,
        invalid,
        outcomes.isEmpty() ? 0 : (double) toolCalls / outcomes.size(),
        missingTools,
        violations,
        noFault,
        falsePositives,
        injected,
        injectedCorrect,
        confusion,
        latencies);
  }

  public double accuracy() {
    return runs == 0 ? 0 : (double) correct / runs;
  }

  public double falsePositiveRate() {
    return noFaultRuns == 0 ? 0 : (double) falsePositives / noFaultRuns;
  }

  /** The share of cited evidence ids some tool returned (1 when nothing was cited). */
  public double evidenceValidity() {
    return citations == 0 ? 1 : 1 - (double) invalidCitations / citations;
  }

  public double latency(double quantile) {
    return quantile(latencies, quantile);
  }

  /** The {@code q} quantile (nearest rank) of {@code sorted}, ascending; 0 when it is empty. */
  public static double quantile(List<Double> sorted, double q) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int i = (int) Math.ceil(q * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
  }

  /** Every category in the confusion matrix, expected or answered. */
  public List<String> categories() {
    TreeSet<String> all = new TreeSet<>(confusion.keySet());
    confusion.values().forEach(m -> all.addAll(m.keySet()));
    return new ArrayList<>(all);
  }
}
