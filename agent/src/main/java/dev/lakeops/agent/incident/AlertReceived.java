package dev.lakeops.agent.incident;

import static java.util.Objects.requireNonNull;

/**
 * The CDI event fired for each alert of a notification once every incident of that notification is
 * stored. Its observers (the triage queue, the meters, the report poster) are called synchronously
 * on the receiving thread, before the sender gets its answer; each only hands its work off, and
 * none may throw.
 *
 * @param incident the alert's incident as stored now
 * @param duplicate whether the alert repeats one already stored (then {@code incident} is that
 *     one's)
 * @param source who sent it: {@code alertmanager}, {@code grafana}, or the scheduler's probes
 */
public record AlertReceived(Incident incident, boolean duplicate, String source) {

  public AlertReceived {
    requireNonNull(incident, "incident");
    requireNonNull(source, "source");
  }
}
