package dev.lakeops.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.llm.JdbcLlmAssessmentStore;
import dev.lakeops.agent.llm.LlmAssessment;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored documents, through the real stores, against the golden files of the current layout
 * ({@code stored/v2/}, pretty-printed here only for reading; the stores write them compact). A
 * field renamed or reordered anywhere in what an incident holds fails here. {@code
 * -Dlakeops-test.rewrite-golden=true} rewrites the files under {@code src/test/resources} (run from
 * the agent module), for a layout change made on purpose; the v1 files are never rewritten.
 */
class StoredFormatTest {

  private static final boolean REWRITE = Boolean.getBoolean("lakeops-test.rewrite-golden");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void writesEachIncidentAsItsGoldenFileAndReadsTheFileBack() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    for (Map.Entry<String, Incident> sample : StoredSamples.currentIncidents().entrySet()) {
      Incident incident = sample.getValue();
      store.insertIfNew(incident);

      String doc = doc(db, "SELECT doc FROM incident WHERE id = ?", incident.id());
      assertGolden("incident-" + sample.getKey(), doc);
      assertThat(JSON.readTree(doc).path("formatVersion").asInt())
          .isEqualTo(StoredJson.FORMAT_VERSION);
      replace(
          db,
          "UPDATE incident SET doc = ? WHERE id = ?",
          golden("incident-" + sample.getKey()),
          incident.id());
      assertThat(store.find(incident.id())).as(sample.getKey()).contains(incident);
    }
  }

  @Test
  void writesEachLlmReviewAsItsGoldenFileAndReadsTheFileBack() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcLlmAssessmentStore store = new JdbcLlmAssessmentStore(db);
    for (Map.Entry<String, LlmAssessment> sample : StoredSamples.currentAssessments().entrySet()) {
      LlmAssessment assessment = sample.getValue();
      store.add(assessment);

      assertGolden(
          sample.getKey(),
          doc(db, "SELECT doc FROM llm_assessment WHERE incident_id = ?", assessment.incidentId()));
      replace(
          db,
          "UPDATE llm_assessment SET doc = ? WHERE incident_id = ?",
          golden(sample.getKey()),
          assessment.incidentId());
      assertThat(store.latest(assessment.incidentId())).as(sample.getKey()).contains(assessment);
    }
  }

  @Test
  void readsAStoredLlmReviewWithoutAModeAsAReviewAndNamesAModeThatIsNotOne() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcLlmAssessmentStore store = new JdbcLlmAssessmentStore(db);
    LlmAssessment investigation = StoredSamples.llmInvestigation();
    store.add(investigation);
    String golden = golden("llm-investigation");

    replace(
        db,
        "UPDATE llm_assessment SET doc = ? WHERE incident_id = ?",
        golden.replace(",\n  \"mode\" : \"investigation\"", ""),
        investigation.incidentId());
    assertThat(store.latest(investigation.incidentId()).orElseThrow().mode())
        .isEqualTo(LlmAssessment.Mode.REVIEW);

    replace(
        db,
        "UPDATE llm_assessment SET doc = ? WHERE incident_id = ?",
        golden.replace("\"investigation\"", "\"audit\""),
        investigation.incidentId());
    assertThatThrownBy(() -> store.latest(investigation.incidentId()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith("mode is not a mode: 'audit' (review or investigation)");
  }

  @Test
  void namesTheFieldOfAStoredIncidentThatIsMissingOrWrong() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    Incident incident = StoredSamples.incidents().get("backpressure-triaged");
    store.insertIfNew(incident);
    String golden = golden("incident-backpressure-triaged");

    replace(
        db,
        "UPDATE incident SET doc = ? WHERE id = ?",
        golden.replace("\"code\" : \"flink.backpressure.skew\",", ""),
        incident.id());
    assertThatThrownBy(() -> store.find(incident.id()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Stored incident "
                + incident.id()
                + " is not readable: report.tools[1].findings[1].code is missing");

    replace(
        db,
        "UPDATE incident SET doc = ? WHERE id = ?",
        golden.replace("\"BACKPRESSURE\"", "\"BACK_PRESSURE\""),
        incident.id());
    assertThatThrownBy(() -> store.find(incident.id()))
        .hasMessageEndingWith("report.verdict.category is not a category: 'BACK_PRESSURE'");

    replace(
        db,
        "UPDATE incident SET doc = ? WHERE id = ?",
        golden.replace("\"formatVersion\" : 2", "\"formatVersion\" : 3"),
        incident.id());
    assertThatThrownBy(() -> store.find(incident.id()))
        .hasMessageEndingWith(
            "formatVersion 3 is not one this lakeops reads (1 to 2; a newer lakeops wrote it?)");
  }

  @Test
  void ignoresFieldsItDoesNotKnow() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    Incident incident = StoredSamples.incidents().get("failed-triage");
    store.insertIfNew(incident);

    replace(
        db,
        "UPDATE incident SET doc = ? WHERE id = ?",
        golden("incident-failed-triage").replace("\"error\"", "\"addedLater\" : [1], \"error\""),
        incident.id());

    assertThat(store.find(incident.id())).contains(incident);
  }

  private static void assertGolden(String name, String doc) throws IOException {
    String pretty =
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(doc)) + "\n";
    if (REWRITE) {
      Path file = Path.of("src/test/resources/stored/v2", name + ".json");
      Files.createDirectories(file.getParent());
      Files.writeString(file, pretty);
      return;
    }
    assertThat(pretty).as("stored/v2/" + name + ".json").isEqualTo(golden(name));
  }

  private static String golden(String name) throws IOException {
    if (REWRITE) {
      return Files.readString(Path.of("src/test/resources/stored/v2", name + ".json"));
    }
    try (InputStream in =
        StoredFormatTest.class.getResourceAsStream("/stored/v2/" + name + ".json")) {
      assertThat(in).as("golden file stored/v2/" + name + ".json").isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String doc(DataSource db, String sql, String id) throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, id);
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).isTrue();
        return rs.getString(1);
      }
    }
  }

  private static void replace(DataSource db, String sql, String doc, String id)
      throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, doc);
      s.setString(2, id);
      s.executeUpdate();
    }
  }
}
