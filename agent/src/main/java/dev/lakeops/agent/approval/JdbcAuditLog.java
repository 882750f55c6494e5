package dev.lakeops.agent.approval;

import dev.lakeops.agent.store.SqlErrors;
import dev.lakeops.agent.store.Transactions;
import dev.lakeops.runbooks.audit.AuditChain;
import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.ChainVerification;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The audit log in the database: one canonical JSON line per record in {@code audit_record}, the
 * same hash chain as the file log ({@link AuditChain}). An append locks the single {@code
 * audit_head} row, so appends from several instances form one chain; the row is committed before
 * {@link #append} returns.
 */
public final class JdbcAuditLog implements AuditLog {

  private final DataSource dataSource;
  private final Clock clock;

  public JdbcAuditLog(DataSource dataSource, Clock clock) {
    this.dataSource = dataSource;
    this.clock = clock;
  }

  @Override
  public AuditRecord append(AuditEntry entry) {
    return Transactions.run(
        dataSource,
        "append to the audit log",
        c -> {
          long seq;
          String previous;
          try (PreparedStatement s =
                  c.prepareStatement("SELECT seq, hash FROM audit_head WHERE id = 1 FOR UPDATE");
              ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
              throw new IllegalStateException(
                  "audit_head row is missing: the audit log's schema was changed outside lakeops");
            }
            seq = rs.getLong(1) + 1;
            previous = rs.getString(2);
          }
          Instant at = clock.instant();
          String line = AuditChain.seal(seq, at, entry, previous);
          AuditRecord record = AuditChain.read(line, "audit record " + seq);
          try (PreparedStatement s =
              c.prepareStatement("INSERT INTO audit_record (seq, at_us, line) VALUES (?, ?, ?)")) {
            s.setLong(1, seq);
            s.setLong(2, micros(at));
            s.setString(3, line);
            s.executeUpdate();
          }
          try (PreparedStatement s =
              c.prepareStatement("UPDATE audit_head SET seq = ?, hash = ? WHERE id = 1")) {
            s.setLong(1, seq);
            s.setString(2, record.hash());
            s.executeUpdate();
          }
          return record;
        });
  }

  @Override
  public List<AuditRecord> read(Instant since) {
    List<AuditRecord> out = new ArrayList<>();
    for (String[] row :
        rows("SELECT seq, line FROM audit_record WHERE at_us >= ? ORDER BY seq", micros(since))) {
      out.add(AuditChain.read(row[1], "audit record " + row[0]));
    }
    return out;
  }

  @Override
  public ChainVerification verifyChain() {
    List<String> lines = new ArrayList<>();
    List<String> seqs = new ArrayList<>();
    for (String[] row :
        rows("SELECT seq, line FROM audit_record WHERE seq >= ? ORDER BY seq", Long.MIN_VALUE)) {
      seqs.add(row[0]);
      lines.add(row[1]);
    }
    return AuditChain.verify(lines, n -> "row " + n + " (seq " + seqs.get((int) n - 1) + ")");
  }

  private List<String[]> rows(String sql, long arg) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, arg);
      try (ResultSet rs = s.executeQuery()) {
        List<String[]> out = new ArrayList<>();
        while (rs.next()) {
          out.add(new String[] {Long.toString(rs.getLong(1)), rs.getString(2)});
        }
        return out;
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("read the audit log", e);
    }
  }

  private static long micros(Instant instant) {
    return instant.equals(Instant.MIN)
        ? Long.MIN_VALUE
        : ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
