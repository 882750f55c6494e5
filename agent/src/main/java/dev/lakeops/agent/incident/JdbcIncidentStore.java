package dev.lakeops.agent.incident;

import dev.lakeops.agent.store.SqlErrors;
import dev.lakeops.agent.store.Transactions;
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
import org.jspecify.annotations.Nullable;

/**
 * Incidents in the {@code incident} table (H2 or PostgreSQL; see {@code db/migration}). The dedup
 * key is a unique constraint, so two instances that receive the same alert store one incident;
 * updates lock the row ({@code SELECT ... FOR UPDATE}) so a resolve and a finished triage never
 * overwrite each other.
 */
public final class JdbcIncidentStore implements IncidentStore {

  private static final String COLUMNS = "id, doc";

  private final DataSource dataSource;

  public JdbcIncidentStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public Optional<Incident> find(String id) {
    return queryOne("find incident " + id, "SELECT " + COLUMNS + " FROM incident WHERE id = ?", id);
  }

  @Override
  public Optional<Incident> findByDedupKey(DedupKey key) {
    return queryOne(
        "find incident by fingerprint " + key.fingerprint(),
        "SELECT " + COLUMNS + " FROM incident WHERE fingerprint = ? AND starts_at = ?",
        key.fingerprint(),
        key.startsAt().toString());
  }

  @Override
  public List<Incident> list(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    return listWhere("list incidents", "", limit);
  }

  @Override
  public List<Incident> page(@Nullable IncidentStatus status, long offset, int limit) {
    if (offset < 0) {
      throw new IllegalArgumentException("offset must not be negative, was " + offset);
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    return status == null
        ? listWhere("list incidents from " + offset, "", offset, limit)
        : listWhere(
            "list " + status + " incidents from " + offset,
            "WHERE status = ?",
            offset,
            limit,
            status.name());
  }

  private List<Incident> listWhere(String what, String where, int limit, String... args) {
    return listWhere(what, where, 0, limit, args);
  }

  // The offset and limit are numbers checked by the callers, so they are written into the SQL.
  private List<Incident> listWhere(
      String what, String where, long offset, int limit, String... args) {
    String sql =
        "SELECT "
            + COLUMNS
            + " FROM incident "
            + where
            + " ORDER BY received_at_us DESC, id LIMIT "
            + limit
            + (offset > 0 ? " OFFSET " + offset : "");
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        s.setString(i + 1, args[i]);
      }
      try (ResultSet rs = s.executeQuery()) {
        List<Incident> out = new ArrayList<>();
        while (rs.next()) {
          out.add(IncidentJson.read(rs.getString(1), rs.getString(2)));
        }
        return out;
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap(what, e);
    }
  }

  @Override
  public List<Incident> withStatus(IncidentStatus status, int limit) {
    return listWhere("list " + status + " incidents", "WHERE status = ?", limit, status.name());
  }

  @Override
  public Optional<Incident> insertIfNew(Incident incident) {
    String sql =
        "INSERT INTO incident (id, fingerprint, starts_at, received_at_us, status, version, doc)"
            + " VALUES (?, ?, ?, ?, ?, 0, ?)";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, incident.id());
      s.setString(2, incident.fingerprint());
      s.setString(3, incident.startsAt().toString());
      s.setLong(4, micros(incident.receivedAt()));
      s.setString(5, incident.status().name());
      s.setString(6, IncidentJson.write(incident));
      s.executeUpdate();
      return Optional.empty();
    } catch (SQLException e) {
      if (SqlErrors.isUniqueViolation(e)) {
        Optional<Incident> stored = findByDedupKey(incident.dedupKey());
        if (stored.isPresent()) {
          return stored;
        }
      }
      throw SqlErrors.wrap("store incident " + incident.id(), e);
    }
  }

  @Override
  public Optional<Incident> update(String id, UnaryOperator<Incident> change) {
    return Transactions.run(dataSource, "update incident " + id, c -> lockAndChange(c, id, change));
  }

  @Override
  public int deleteFinishedReceivedBefore(Instant cutoff) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("DELETE FROM incident WHERE received_at_us < ? AND status <> ?")) {
      s.setLong(1, micros(cutoff));
      s.setString(2, IncidentStatus.TRIAGING.name());
      return s.executeUpdate();
    } catch (SQLException e) {
      throw SqlErrors.wrap("delete incidents received before " + cutoff, e);
    }
  }

  private static Optional<Incident> lockAndChange(
      Connection c, String id, UnaryOperator<Incident> change) throws SQLException {
    Incident current;
    try (PreparedStatement s =
        c.prepareStatement("SELECT " + COLUMNS + " FROM incident WHERE id = ? FOR UPDATE")) {
      s.setString(1, id);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        current = IncidentJson.read(rs.getString(1), rs.getString(2));
      }
    }
    Incident changed = change.apply(current);
    if (!changed.id().equals(id) || !changed.dedupKey().equals(current.dedupKey())) {
      throw new IllegalArgumentException(
          "An update may not change an incident's id or dedup key: " + id);
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "UPDATE incident SET doc = ?, status = ?, version = version + 1 WHERE id = ?")) {
      s.setString(1, IncidentJson.write(changed));
      s.setString(2, changed.status().name());
      s.setString(3, id);
      s.executeUpdate();
    }
    return Optional.of(changed);
  }

  private Optional<Incident> queryOne(String what, String sql, String... args) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        s.setString(i + 1, args[i]);
      }
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(IncidentJson.read(rs.getString(1), rs.getString(2)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap(what, e);
    }
  }

  private static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
