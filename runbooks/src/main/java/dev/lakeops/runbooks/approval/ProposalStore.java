package dev.lakeops.runbooks.approval;

import java.util.List;
import java.util.Optional;

/**
 * Durable proposals. Every change is atomic, and {@link #transition} is a compare-and-set: of any
 * number of concurrent callers (threads or processes) moving a proposal out of the same state, at
 * most one succeeds. This is what makes an approval run once.
 */
public interface ProposalStore {

  /**
   * Stores a new proposal, atomically with the check that no open proposal (PROPOSED, APPROVED) has
   * the same {@link Proposal#bindingHash() binding}: of two callers storing the same action at once
   * (threads or processes) at most one succeeds.
   *
   * @throws DuplicateProposalException an open proposal has the same binding (its id is given)
   * @throws IllegalStateException a proposal with that id exists
   */
  void create(Proposal proposal);

  Optional<Proposal> find(String id);

  /** Every proposal, oldest first. */
  List<Proposal> list();

  /**
   * The proposals still waiting for a decision or for execution (PROPOSED, APPROVED), oldest first.
   */
  default List<Proposal> open() {
    return list().stream()
        .filter(p -> p.state() == ProposalState.PROPOSED || p.state() == ProposalState.APPROVED)
        .toList();
  }

  /**
   * Moves proposal {@code id} from {@code from} to {@code to} if it is in {@code from}; false, and
   * no change, otherwise (including when there is no such proposal).
   */
  boolean transition(String id, ProposalState from, ProposalState to);

  /**
   * Appends {@code approval} if the proposal is still in {@code expected} and then moves it to
   * {@code next} (the same state to stay); false, and no change, otherwise.
   */
  boolean addApproval(String id, ProposalState expected, Approval approval, ProposalState next);
}
