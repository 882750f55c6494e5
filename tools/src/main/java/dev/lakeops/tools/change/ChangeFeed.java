package dev.lakeops.tools.change;

import java.util.List;

/**
 * Changes no probe sees, such as the actions lakeops ran itself (kept in the runbooks' audit log,
 * which the tools cannot read): {@link ChangeTools#withFeed} adds them to every report.
 */
public interface ChangeFeed {

  /** The feed's name in evidence, e.g. {@code lakeops audit log}. */
  String name();

  /**
   * The changes concerning {@code targets} within {@code window}, any order.
   *
   * @throws dev.lakeops.tools.ProbeException the feed cannot be read; the message names what was
   *     tried
   */
  List<Change> changes(ChangeTargets targets, ChangeWindow window);
}
