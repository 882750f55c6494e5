package dev.lakeops.agent.approval;

import dev.lakeops.agent.store.Transactions;
import dev.lakeops.agent.triage.TriageProposals;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.DuplicateProposalException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The triage's proposals on the approval gate, linked to their incident in {@code
 * incident_proposal}. A proposal identical to one still open (proposed by a person, or by an
 * earlier triage of the same incident) is linked to that one instead of being stored twice.
 */
public final class GateTriageProposals implements TriageProposals {

  private static final Logger LOG = LoggerFactory.getLogger(GateTriageProposals.class);
  private static final int MAX_REFUSAL_CHARS = 1000;

  private final ProposalService proposals;
  private final DataSource dataSource;

  public GateTriageProposals(ProposalService proposals, DataSource dataSource) {
    this.proposals = proposals;
    this.dataSource = dataSource;
  }

  @Override
  public List<Link> store(String incidentId, TriageReport report) {
    List<ProposedAction> proposed = report.verdict().proposals();
    List<Link> links = new ArrayList<>();
    for (int i = 0; i < proposed.size(); i++) {
      links.add(propose(incidentId, i, proposed.get(i), report.verdict().evidence()));
    }
    if (!links.isEmpty()) {
      try {
        save(incidentId, links);
      } catch (RuntimeException e) {
        LOG.error("Could not link the proposals of incident {}", incidentId, e);
      }
    }
    return links;
  }

  private Link propose(String incidentId, int index, ProposedAction p, List<String> evidence) {
    if (!p.missing().isEmpty()) {
      return new Link(index, null, p.status());
    }
    Optional<ActionKind> kind = ActionKind.byName(p.action());
    if (kind.isEmpty()) {
      return new Link(index, null, "unknown action " + p.action());
    }
    try {
      String id =
          proposals
              .propose(
                  kind.get(),
                  p.args(),
                  ProposalService.SYSTEM_ACTOR,
                  p.reason().isEmpty()
                      ? "proposed by the triage of incident " + incidentId
                      : p.reason() + " (triage of incident " + incidentId + ")",
                  evidence,
                  null)
              .id();
      return new Link(index, id, null);
    } catch (DuplicateProposalException e) {
      return new Link(index, e.existingId(), null);
    } catch (ApprovalRefusedException e) {
      return new Link(index, null, shorten(e.getMessage()));
    } catch (RuntimeException e) {
      LOG.error("Could not store proposal {} of incident {}", p.action(), incidentId, e);
      return new Link(index, null, shorten("could not store the proposal: " + e.getMessage()));
    }
  }

  private void save(String incidentId, List<Link> links) {
    Transactions.run(
        dataSource,
        "link the proposals of incident " + incidentId,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM incident_proposal WHERE incident_id = ?")) {
            s.setString(1, incidentId);
            s.executeUpdate();
          }
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO incident_proposal (incident_id, idx, proposal_id, refusal)"
                      + " VALUES (?, ?, ?, ?)")) {
            for (Link l : links) {
              s.setString(1, incidentId);
              s.setInt(2, l.index());
              s.setString(3, l.proposalId());
              s.setString(4, l.refusal());
              s.addBatch();
            }
            s.executeBatch();
          }
          return null;
        });
  }

  @Override
  public List<Link> links(String incidentId) {
    return Transactions.run(
        dataSource,
        "read the proposals of incident " + incidentId,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT idx, proposal_id, refusal FROM incident_proposal"
                      + " WHERE incident_id = ? ORDER BY idx")) {
            s.setString(1, incidentId);
            List<Link> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                out.add(new Link(rs.getInt(1), rs.getString(2), rs.getString(3)));
              }
            }
            return out;
          }
        });
  }

  private static String shorten(String text) {
    String t = text == null ? "" : text;
    return t.length() <= MAX_REFUSAL_CHARS ? t : t.substring(0, MAX_REFUSAL_CHARS) + "...";
  }
}
