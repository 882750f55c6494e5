package dev.lakeops.runbooks.graph;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The first choice whose guard holds decides the next step; otherwise {@code otherwise}. */
public record BranchStep(String id, List<Choice> choices, String otherwise, @Nullable Bound bound)
    implements Step {

  public BranchStep {
    choices = List.copyOf(choices);
  }

  @Override
  public String kind() {
    return "branch";
  }

  @Override
  public List<String> successors() {
    List<String> next = new ArrayList<>();
    choices.forEach(c -> next.add(c.next()));
    next.add(otherwise);
    if (bound != null) {
      next.add(bound.onExhausted());
    }
    return next;
  }

  @Override
  public List<String> reads() {
    Set<String> reads = new LinkedHashSet<>();
    choices.forEach(c -> reads.addAll(c.guard().reads()));
    return List.copyOf(reads);
  }

  @Override
  public List<String> inputsRead() {
    Set<String> inputs = new LinkedHashSet<>();
    choices.forEach(c -> inputs.addAll(c.guard().inputs()));
    return List.copyOf(inputs);
  }
}
