package dev.lakeops.runbooks.plan;

import dev.lakeops.tools.ToolReport;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The probe answers of one triage, shared by the runbooks it runs: when a second runbook (a
 * neighbour, a runbook ranked beside the first) asks a tool what an earlier runbook of the same
 * triage already asked it with the same arguments, it gets that answer instead of probing again. So
 * every runbook of a triage reads the same state of the system, and a neighbour costs only the
 * probes that are new. A runbook asking again itself (a probe step in a loop, which waits for a
 * longer window) always probes: its second call is meant to see something new.
 *
 * <p>Scoped to the triage's thread by {@link #open()}; outside a scope every call probes.
 */
final class SharedProbes implements AutoCloseable {

  private static final ThreadLocal<SharedProbes> CURRENT = new ThreadLocal<>();

  private record Key(String tool, Map<String, String> args) {}

  private record Answer(String runbook, ToolReport report) {}

  private final Map<Key, Answer> answers = new HashMap<>();
  private final SharedProbes outer;

  private SharedProbes(SharedProbes outer) {
    this.outer = outer;
  }

  /** Opens the scope of one triage on this thread; close it when the triage ends. */
  static SharedProbes open() {
    SharedProbes scope = new SharedProbes(CURRENT.get());
    CURRENT.set(scope);
    return scope;
  }

  /**
   * The answer of {@code tool} for {@code args}: an earlier answer of this triage given to another
   * runbook, else {@code probe}'s (kept for the runbooks after this one). Errors are not shared:
   * the next runbook tries again.
   */
  static ToolReport answer(
      String runbook, String tool, Map<String, String> args, Supplier<ToolReport> probe) {
    SharedProbes scope = CURRENT.get();
    if (scope == null) {
      return probe.get();
    }
    Key key = new Key(tool, Map.copyOf(args));
    Answer earlier = scope.answers.get(key);
    if (earlier != null && !earlier.runbook().equals(runbook)) {
      return earlier.report();
    }
    ToolReport report = probe.get();
    if (report.status() != ToolReport.Status.ERROR) {
      scope.answers.put(key, new Answer(runbook, report));
    }
    return report;
  }

  @Override
  public void close() {
    if (outer == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(outer);
    }
  }
}
