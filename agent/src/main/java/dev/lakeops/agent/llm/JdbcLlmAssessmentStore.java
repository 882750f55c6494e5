package dev.lakeops.agent.llm;

import dev.lakeops.agent.store.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * LLM reviews in the {@code llm_assessment} table (H2 or PostgreSQL), one JSON document per row
 * ({@link LlmAssessmentJson}).
 */
public final class JdbcLlmAssessmentStore implements LlmAssessmentStore {

  private final DataSource dataSource;

  public JdbcLlmAssessmentStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public void add(LlmAssessment assessment) {
    String doc = LlmAssessmentJson.write(assessment);
    String sql =
        "INSERT INTO llm_assessment (id, incident_id, created_at_us, doc) VALUES (?, ?, ?, ?)";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, UUID.randomUUID().toString());
      s.setString(2, assessment.incidentId());
      s.setLong(3, ChronoUnit.MICROS.between(java.time.Instant.EPOCH, assessment.finishedAt()));
      s.setString(4, doc);
      s.executeUpdate();
    } catch (SQLException e) {
      throw SqlErrors.wrap("store the LLM review of incident " + assessment.incidentId(), e);
    }
  }

  @Override
  public Optional<LlmAssessment> latest(String incidentId) {
    String sql =
        "SELECT doc FROM llm_assessment WHERE incident_id = ? ORDER BY created_at_us DESC, id LIMIT"
            + " 1";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, incidentId);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(LlmAssessmentJson.read(incidentId, rs.getString(1)));
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("read the LLM review of incident " + incidentId, e);
    }
  }
}
