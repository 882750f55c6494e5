package dev.lakeops.agent.approval;

import dev.lakeops.agent.store.SqlErrors;
import dev.lakeops.agent.store.Transactions;
import dev.lakeops.runbooks.approval.Approval;
import dev.lakeops.runbooks.approval.DuplicateProposalException;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.runbooks.approval.ProposalState;
import dev.lakeops.runbooks.approval.ProposalStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * Proposals in the {@code proposal} table, shared by every instance on the same database. Each
 * change locks the row ({@code SELECT ... FOR UPDATE}) and checks the expected state inside the
 * transaction, so of two instances moving a proposal out of the same state exactly one succeeds: an
 * approval runs once however many instances share the database. A unique column holds the binding
 * of each open proposal, so two instances cannot both store the same open action.
 */
public final class JdbcProposalStore implements ProposalStore {

  private final DataSource dataSource;

  public JdbcProposalStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public void create(Proposal proposal) {
    String binding = open(proposal.state()) ? proposal.bindingHash() : null;
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO proposal (id, state, created_at_us, doc, open_binding)"
                    + " VALUES (?, ?, ?, ?, ?)")) {
      s.setString(1, proposal.id());
      s.setString(2, proposal.state().name());
      s.setLong(3, ChronoUnit.MICROS.between(Instant.EPOCH, proposal.created()));
      s.setString(4, ProposalJson.toJson(proposal));
      s.setString(5, binding);
      s.executeUpdate();
    } catch (SQLException e) {
      if (SqlErrors.isUniqueViolation(e)) {
        Optional<String> holder = binding == null ? Optional.empty() : openWith(binding);
        if (holder.isPresent()) {
          throw new DuplicateProposalException(
              holder.get(), "proposal " + holder.get() + " has the same binding and is open");
        }
        throw new IllegalStateException("A proposal with id " + proposal.id() + " exists");
      }
      throw SqlErrors.wrap("store proposal " + proposal.id(), e);
    }
  }

  private Optional<String> openWith(String binding) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT id FROM proposal WHERE open_binding = ?")) {
      s.setString(1, binding);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("find the open proposal of binding " + binding, e);
    }
  }

  private static boolean open(ProposalState state) {
    return state == ProposalState.PROPOSED || state == ProposalState.APPROVED;
  }

  @Override
  public Optional<Proposal> find(String id) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("SELECT doc FROM proposal WHERE id = ?")) {
      s.setString(1, id);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.of(ProposalJson.fromJson(rs.getString(1))) : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("find proposal " + id, e);
    }
  }

  @Override
  public List<Proposal> list() {
    return query("SELECT doc FROM proposal ORDER BY created_at_us, id");
  }

  @Override
  public List<Proposal> open() {
    return query(
        "SELECT doc FROM proposal WHERE state IN ('PROPOSED', 'APPROVED') ORDER BY created_at_us,"
            + " id");
  }

  private List<Proposal> query(String sql) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql);
        ResultSet rs = s.executeQuery()) {
      List<Proposal> out = new ArrayList<>();
      while (rs.next()) {
        out.add(ProposalJson.fromJson(rs.getString(1)));
      }
      return out;
    } catch (SQLException e) {
      throw SqlErrors.wrap("list proposals", e);
    }
  }

  @Override
  public boolean transition(String id, ProposalState from, ProposalState to) {
    return change(id, from, p -> p.withState(to));
  }

  @Override
  public boolean addApproval(
      String id, ProposalState expected, Approval approval, ProposalState next) {
    return change(id, expected, p -> p.withApproval(approval).withState(next));
  }

  private boolean change(String id, ProposalState expected, UnaryOperator<Proposal> change) {
    return Transactions.run(
        dataSource,
        "change proposal " + id,
        c -> {
          Proposal current;
          try (PreparedStatement s =
              c.prepareStatement("SELECT doc FROM proposal WHERE id = ? FOR UPDATE")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
              if (!rs.next()) {
                return false;
              }
              current = ProposalJson.fromJson(rs.getString(1));
            }
          }
          if (current.state() != expected) {
            return false;
          }
          Proposal changed = change.apply(current);
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE proposal SET state = ?, doc = ?,"
                      + " open_binding = CASE WHEN ? THEN open_binding ELSE NULL END"
                      + " WHERE id = ? AND state = ?")) {
            s.setString(1, changed.state().name());
            s.setString(2, ProposalJson.toJson(changed));
            s.setBoolean(3, open(changed.state()));
            s.setString(4, id);
            s.setString(5, expected.name());
            if (s.executeUpdate() != 1) {
              return false;
            }
          }
          return true;
        });
  }
}
