package dev.lakeops.agent.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Proposals kept in memory, all {@code PENDING} forever: nothing here can approve or execute one.
 */
final class InMemoryProposals implements ProposalPort {

  private final AtomicInteger next = new AtomicInteger();
  private final List<Recorded> recorded = new ArrayList<>();

  /** One recorded proposal. */
  record Recorded(String id, ProposalDraft draft, String state) {}

  @Override
  public synchronized ProposalReceipt propose(ProposalDraft draft) {
    String id = "p-" + next.incrementAndGet();
    recorded.add(new Recorded(id, draft, "PENDING"));
    return new ProposalReceipt(id, "PENDING");
  }

  synchronized List<Recorded> all() {
    return List.copyOf(recorded);
  }
}
