package dev.lakeops.agent.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.llm.JdbcLlmAssessmentStore;
import dev.lakeops.agent.llm.LlmAssessment;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Documents as the stores wrote them before the stored format had a version ({@code stored/v1/},
 * captured through the real stores from {@link StoredSamples}) still read, through the real stores,
 * as the same incidents and reviews.
 */
class StoredV1Test {

  @TempDir Path dir;

  @Test
  void incidentsStoredByTheFirstFormatStillRead() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    for (Map.Entry<String, Incident> sample : StoredSamples.incidents().entrySet()) {
      Incident expected = sample.getValue();
      insertIncident(db, expected, v1("incident-" + sample.getKey()));

      assertThat(store.find(expected.id())).as(sample.getKey()).contains(expected);
    }
  }

  @Test
  void llmReviewsStoredByTheFirstFormatStillRead() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcLlmAssessmentStore store = new JdbcLlmAssessmentStore(db);
    for (Map.Entry<String, LlmAssessment> sample : StoredSamples.assessments().entrySet()) {
      LlmAssessment expected = sample.getValue();
      insertAssessment(db, expected, v1(sample.getKey()));

      assertThat(store.latest(expected.incidentId())).as(sample.getKey()).contains(expected);
    }
  }

  static String v1(String name) throws IOException {
    try (InputStream in = StoredV1Test.class.getResourceAsStream("/stored/v1/" + name + ".json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
  }

  private static void insertIncident(DataSource db, Incident incident, String doc)
      throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO incident (id, fingerprint, starts_at, received_at_us, status, version,"
                    + " doc) VALUES (?, ?, ?, 0, ?, 0, ?)")) {
      s.setString(1, incident.id());
      s.setString(2, incident.fingerprint());
      s.setString(3, incident.startsAt().toString());
      s.setString(4, incident.status().name());
      s.setString(5, doc);
      s.executeUpdate();
    }
  }

  private static void insertAssessment(DataSource db, LlmAssessment assessment, String doc)
      throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO llm_assessment (id, incident_id, created_at_us, doc) VALUES (?, ?, 0,"
                    + " ?)")) {
      s.setString(1, "v1-" + assessment.incidentId());
      s.setString(2, assessment.incidentId());
      s.setString(3, doc);
      s.executeUpdate();
    }
  }
}
