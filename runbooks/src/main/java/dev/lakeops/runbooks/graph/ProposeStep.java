package dev.lakeops.runbooks.graph;

import dev.lakeops.runbooks.action.ActionKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Records a proposal: the exact action and its arguments, as data. Triage continues at {@code
 * next}; carrying the proposal out starts at {@code approval} (if the runbook describes the
 * execution), never during triage.
 */
public record ProposeStep(
    String id,
    ActionKind action,
    Map<String, Template> args,
    Template reason,
    String next,
    @Nullable String approval)
    implements Step {

  public ProposeStep {
    args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
  }

  @Override
  public String kind() {
    return "propose";
  }

  @Override
  public List<String> successors() {
    List<String> next = new ArrayList<>(List.of(this.next));
    if (approval != null) {
      next.add(approval);
    }
    return next;
  }

  @Override
  public List<String> reads() {
    return Template.outputsOf(templates());
  }

  @Override
  public List<String> inputsRead() {
    return Template.inputsOf(templates());
  }

  private List<Template> templates() {
    List<Template> all = new ArrayList<>(args.values());
    all.add(reason);
    return all;
  }
}
