package dev.lakeops.runbooks.graph;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** After an action: calls a read-only tool to check the outcome, like a probe. */
public record VerifyStep(
    String id, String tool, Map<String, Template> args, String output, String next)
    implements Step {

  public VerifyStep {
    args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
  }

  @Override
  public String kind() {
    return "verify";
  }

  @Override
  public List<String> successors() {
    return List.of(next);
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
