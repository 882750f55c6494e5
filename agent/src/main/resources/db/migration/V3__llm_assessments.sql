-- LLM reviews of triages, appended next to the incidents (the deterministic report stays in incident.doc).
-- Plain SQL that H2 (MODE=PostgreSQL) and PostgreSQL both run.
CREATE TABLE llm_assessment (
  id VARCHAR(64) NOT NULL PRIMARY KEY,
  incident_id VARCHAR(64) NOT NULL,
  created_at_us BIGINT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX llm_assessment_incident ON llm_assessment (incident_id, created_at_us);
