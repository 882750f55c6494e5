package dev.lakeops.agent.approval;

import dev.lakeops.agent.store.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import javax.sql.DataSource;

/**
 * Signatures of approval links already used, in {@code used_approval_link}. The primary key makes a
 * claim atomic: of two instances claiming the same link on one database, exactly one succeeds.
 */
public final class UsedApprovalLinks {

  private final DataSource dataSource;

  public UsedApprovalLinks(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Records the link as used; false when it was used already. */
  public boolean claim(String signature, Instant at) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO used_approval_link (signature, used_at_us) VALUES (?, ?)")) {
      s.setString(1, signature);
      s.setLong(2, ChronoUnit.MICROS.between(Instant.EPOCH, at));
      s.executeUpdate();
      return true;
    } catch (SQLException e) {
      if (SqlErrors.isUniqueViolation(e)) {
        return false;
      }
      throw SqlErrors.wrap("record a used approval link", e);
    }
  }

  public boolean isUsed(String signature) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("SELECT 1 FROM used_approval_link WHERE signature = ?")) {
      s.setString(1, signature);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("look up an approval link", e);
    }
  }
}
