package dev.lakeops.runbooks.graph;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A runbook as loaded from its file: header and the step graph. Built only by the loader, which
 * validates it; a graph that exists is valid.
 *
 * @param name stable id, e.g. {@code flink-backpressure}
 * @param source the file it came from, for messages
 * @param description what it is for
 * @param hop the part of the pipeline it examines, e.g. {@code flink-job}, {@code kafka-group},
 *     {@code lake-table}; runbooks of one hop are neighbours, run for the same entity when one of
 *     them finds nothing wrong; empty for none
 * @param match which alerts it is for
 * @param inputs the values it reads from the alert, by name
 * @param limits per-step timeout and total budget
 * @param start the first step's id
 * @param steps every step by id, in file order
 */
public record RunbookGraph(
    String name,
    String source,
    String description,
    String hop,
    MatchRule match,
    Map<String, InputSpec> inputs,
    Limits limits,
    String start,
    Map<String, Step> steps) {

  public RunbookGraph {
    requireNonNull(name, "name");
    hop = hop == null ? "" : hop;
    requireNonNull(source, "source");
    requireNonNull(match, "match");
    inputs = Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
    requireNonNull(limits, "limits");
    requireNonNull(start, "start");
    steps = Collections.unmodifiableMap(new LinkedHashMap<>(steps));
  }

  public Optional<Step> step(String id) {
    return Optional.ofNullable(steps.get(id));
  }

  /** The step with {@code id}. REQUIRES: the graph is valid and {@code id} is one of its steps. */
  public Step require(String id) {
    Step step = steps.get(id);
    if (step == null) {
      throw new IllegalStateException("Runbook " + name + " has no step " + id);
    }
    return step;
  }

  /** Inputs the alert must provide for this runbook to apply. */
  public List<InputSpec> requiredInputs() {
    return inputs.values().stream().filter(InputSpec::required).toList();
  }

  /** Tools the runbook's probe and verify steps call. */
  public List<String> tools() {
    return steps.values().stream()
        .map(s -> s instanceof ProbeStep p ? p.tool() : s instanceof VerifyStep v ? v.tool() : null)
        .filter(java.util.Objects::nonNull)
        .distinct()
        .toList();
  }

  /** Actions the runbook proposes. */
  public List<String> actions() {
    return steps.values().stream()
        .filter(s -> s instanceof ProposeStep)
        .map(s -> ((ProposeStep) s).action().actionName())
        .distinct()
        .toList();
  }
}
