package dev.lakeops.runbooks.action;

import dev.lakeops.tools.cdc.ConnectSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code cdc.restart_connector}: restarts a Kafka Connect connector's task ({@code POST
 * /connectors/NAME/tasks/ID/restart}), or the connector with all its tasks when no task is named
 * ({@code POST /connectors/NAME/restart?includeTasks=true}, Kafka 3.0 and later). The task resumes
 * from its committed source offset: for a binlog connector, a new binlog connection from the same
 * file, position and GTIDs. Arguments: {@code worker} (a configured worker or its REST URL), {@code
 * connector}, {@code task} (optional).
 *
 * <p>The verification reads the connector and the tasks RUNNING and, where the worker's JMX is
 * configured, Debezium's binlog client connected.
 *
 * <p>A PAUSED or STOPPED connector is refused (a restart leaves it as it is: it wants a resume).
 * The fingerprint holds the states, the failed task's first trace line and the committed offset: a
 * connector that recovered or moved on since the proposal no longer matches it.
 */
final class RestartConnectorAction implements Action {

  static final Set<String> ARGS = Set.of("worker", "connector", "task");
  private static final Set<String> RESTARTABLE = Set.of("RUNNING", "FAILED", "UNASSIGNED");
  private static final Duration WAIT = Duration.ofSeconds(60);
  // a task that fails again on the same cause does so within a second or two of its start
  private static final Duration STEADY = Duration.ofSeconds(3);

  private final ConnectorControl control;
  private final String connector;
  private final @Nullable Integer task;

  RestartConnectorAction(ActionArgs args, ActionTargets targets) {
    args.allowOnly(ARGS);
    this.connector = args.require("connector");
    this.task = args.find("task").map(t -> taskId(args, t)).orElse(null);
    this.control = ConnectorControl.of(args, targets, connector);
  }

  private static int taskId(ActionArgs args, String text) {
    try {
      int id = Integer.parseInt(text.strip());
      if (id >= 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // named below
    }
    throw args.invalid("task", "'" + text + "' (expected a task id: 0, 1, ...)");
  }

  @Override
  public ActionKind kind() {
    return ActionKind.CDC_RESTART_CONNECTOR;
  }

  @Override
  public Fingerprint fingerprint() {
    ConnectSnapshot.Connector c = read();
    Map<String, String> values = new LinkedHashMap<>();
    values.put("worker", control.worker());
    values.put("connector", connector);
    values.put("connector state", c.state());
    for (ConnectSnapshot.Task t : targetTasks(c)) {
      values.put("task " + t.id() + " state", t.state());
      values.put("task " + t.id() + " failure", firstLine(t.trace()));
    }
    values.put("committed offset", offset(c));
    return Fingerprint.of(values);
  }

  @Override
  public Preview preview() {
    ConnectSnapshot.Connector c = read();
    requireRestartable(c);
    return new Preview(
        "restart "
            + what()
            + " at "
            + control.worker()
            + " ("
            + states(c)
            + "): it resumes from its committed offset "
            + offset(c),
        Map.of("tasks restarted", transitions(c, "RUNNING")),
        Map.of());
  }

  @Override
  public ActionOutcome execute(ExecutionContext context) {
    ConnectSnapshot.Connector before = read();
    requireRestartable(before);
    control.send(
        "POST",
        task == null
            ? "/restart?includeTasks=true&onlyFailed=false"
            : "/tasks/" + task + "/restart",
        null);
    ConnectSnapshot.Connector after = awaitSteady();
    List<ConnectSnapshot.Task> failed =
        targetTasks(after).stream().filter(t -> t.state().equals("FAILED")).toList();
    if (!failed.isEmpty()) {
      throw new IllegalStateException(
          "Restarted "
              + what()
              + ", but it FAILED again: "
              + firstLine(failed.get(0).trace())
              + " (still at offset "
              + offset(after)
              + ")");
    }
    return new ActionOutcome(
        "restarted " + what() + " at " + control.worker() + ": now " + states(after),
        Map.of("tasks restarted", transitions(before, after)),
        Map.of());
  }

  @Override
  public Verification verify(ActionOutcome outcome) {
    ConnectSnapshot.Connector c = read();
    List<Verification.Check> checks = new ArrayList<>();
    control.connectedCheck(c).ifPresent(checks::add);
    checks.add(
        new Verification.Check(
            allRunning(c),
            what()
                + " RUNNING (found "
                + (targetTasks(c).isEmpty() ? "no such task" : states(c))
                + ")"));
    return Verification.of(checks);
  }

  private ConnectSnapshot.Connector read() {
    return control.read();
  }

  private List<ConnectSnapshot.Task> targetTasks(ConnectSnapshot.Connector c) {
    return task == null ? c.tasks() : c.tasks().stream().filter(t -> t.id() == task).toList();
  }

  private void requireRestartable(ConnectSnapshot.Connector c) {
    if (!RESTARTABLE.contains(c.state())) {
      throw new ActionRefusedException(
          "Cannot restart connector "
              + connector
              + " at "
              + control.worker()
              + ": it is "
              + c.state()
              + " (a restart leaves a paused or stopped connector as it is; resume it instead)");
    }
    if (task != null && targetTasks(c).isEmpty()) {
      throw new ActionRefusedException(
          "Cannot restart task "
              + task
              + " of connector "
              + connector
              + " at "
              + control.worker()
              + ": it has tasks "
              + c.tasks().stream().map(ConnectSnapshot.Task::id).toList());
    }
  }

  /** Polls until every restarted task has been RUNNING for {@link #STEADY}, or one FAILED. */
  private ConnectSnapshot.Connector awaitSteady() {
    long start = System.nanoTime();
    long deadline = start + WAIT.toNanos();
    long runningSince = 0;
    ConnectSnapshot.Connector c = read();
    while (System.nanoTime() < deadline) {
      long now = System.nanoTime();
      if (!allRunning(c)) {
        runningSince = 0;
        // a FAILED task right after the POST may not have restarted yet: wait out the steady time
        if (now - start > STEADY.toNanos()
            && targetTasks(c).stream().anyMatch(t -> t.state().equals("FAILED"))) {
          return c;
        }
      } else if (runningSince == 0) {
        runningSince = now;
      } else if (now - runningSince >= STEADY.toNanos()) {
        return c;
      }
      if (!ConnectorControl.pause()) {
        return c;
      }
      c = read();
    }
    throw new IllegalStateException(
        "Restarted "
            + what()
            + ", but it was not RUNNING within "
            + WAIT.toSeconds()
            + " s: "
            + states(c));
  }

  private boolean allRunning(ConnectSnapshot.Connector c) {
    List<ConnectSnapshot.Task> tasks = targetTasks(c);
    return c.state().equals("RUNNING")
        && !tasks.isEmpty()
        && tasks.stream().allMatch(t -> t.state().equals("RUNNING"));
  }

  private String what() {
    return task == null
        ? "connector " + connector + " and its tasks"
        : "task " + task + " of connector " + connector;
  }

  private String states(ConnectSnapshot.Connector c) {
    StringBuilder s = new StringBuilder("connector " + c.state());
    for (ConnectSnapshot.Task t : targetTasks(c)) {
      s.append(", task ").append(t.id()).append(' ').append(t.state());
    }
    return s.toString();
  }

  private List<String> transitions(ConnectSnapshot.Connector c, String to) {
    return targetTasks(c).stream()
        .map(t -> connector + "/" + t.id() + ": " + t.state() + " → " + to)
        .toList();
  }

  private List<String> transitions(
      ConnectSnapshot.Connector before, ConnectSnapshot.Connector after) {
    List<String> out = new ArrayList<>();
    for (ConnectSnapshot.Task t : targetTasks(before)) {
      String now =
          targetTasks(after).stream()
              .filter(a -> a.id() == t.id())
              .map(ConnectSnapshot.Task::state)
              .findFirst()
              .orElse("gone");
      out.add(connector + "/" + t.id() + ": " + t.state() + " → " + now);
    }
    return out;
  }

  private static String offset(ConnectSnapshot.Connector c) {
    return ConnectorControl.offset(c);
  }

  private static String firstLine(@Nullable String trace) {
    return ConnectorControl.firstLine(trace);
  }
}
