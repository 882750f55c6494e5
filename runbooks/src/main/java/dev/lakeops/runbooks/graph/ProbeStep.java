package dev.lakeops.runbooks.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Calls a read-only tool with arguments templated from the alert and earlier outputs, and stores
 * its report under {@code output}.
 */
public record ProbeStep(
    String id,
    String tool,
    Map<String, Template> args,
    String output,
    String next,
    @Nullable Bound bound)
    implements Step {

  public ProbeStep {
    args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
  }

  @Override
  public String kind() {
    return "probe";
  }

  @Override
  public List<String> successors() {
    List<String> next = new ArrayList<>(List.of(this.next));
    if (bound != null) {
      next.add(bound.onExhausted());
    }
    return next;
  }

  @Override
  public List<String> produces() {
    return List.of(output);
  }

  @Override
  public List<String> reads() {
    return Template.outputsOf(args.values());
  }

  @Override
  public List<String> inputsRead() {
    return Template.inputsOf(args.values());
  }
}
