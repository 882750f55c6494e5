package dev.lakeops.agent.scheduler;

import dev.lakeops.agent.approval.ProposalService;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes proposals past their expiry ({@code lakeops.approval.proposal-ttl}) once a minute, so the
 * approvers' lists and cards show only what can still run. An expired proposal could never run
 * anyway (the gate checks expiry at approval and execution); this makes it visible and audited.
 * Safe with several instances: each close is a compare-and-set in the shared store.
 */
@ApplicationScoped
public class ProposalExpiry {

  private static final Logger LOG = LoggerFactory.getLogger(ProposalExpiry.class);

  private final ProposalService proposals;

  public ProposalExpiry(ProposalService proposals) {
    this.proposals = proposals;
  }

  @Scheduled(
      every = "1m",
      delayed = "30s",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void scheduled() {
    try {
      expire();
    } catch (RuntimeException e) {
      LOG.error("Proposal expiry failed: {}", e.getMessage());
    }
  }

  /** Closes what has expired; returns the ids closed. */
  public List<String> expire() {
    List<String> closed = proposals.expireDue();
    if (!closed.isEmpty()) {
      LOG.info("Closed {} expired proposals: {}", closed.size(), closed);
    }
    return closed;
  }
}
