package dev.lakeops.runbooks.route;

import dev.lakeops.runbooks.AlertSignal;
import java.util.List;

/**
 * Known alerts and the runbooks that answered them: the agent feeds it from its incidents.
 * Implementations never throw: a store that cannot be read gives no examples.
 */
public interface AlertExamples {

  AlertExamples NONE = (alert, bySimilarity) -> List.of();

  /** Past alerts like {@code alert}, most alike first, each with how alike (0 to 1). */
  default List<Match> like(AlertSignal alert) {
    return like(alert, true);
  }

  /**
   * Past alerts like {@code alert}: those of the same rule always; with {@code bySimilarity} also
   * those whose text is alike (which runs the embedding model; the router asks for them only when
   * nothing else relates the alert to a runbook).
   */
  List<Match> like(AlertSignal alert, boolean bySimilarity);

  /**
   * A past alert like the one being routed.
   *
   * @param example the past alert and its runbook
   * @param similarity how alike, 0 to 1 (1: the same rule with the same subject)
   */
  record Match(AlertExample example, double similarity) {}
}
