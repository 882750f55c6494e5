-- Incidents: one row per alert (fingerprint + start), the whole incident as JSON in doc.
-- Plain SQL that H2 (MODE=PostgreSQL) and PostgreSQL both run.
CREATE TABLE incident (
  id VARCHAR(64) NOT NULL PRIMARY KEY,
  fingerprint VARCHAR(64) NOT NULL,
  starts_at VARCHAR(40) NOT NULL,
  received_at_us BIGINT NOT NULL,
  status VARCHAR(16) NOT NULL,
  version BIGINT NOT NULL,
  doc TEXT NOT NULL,
  CONSTRAINT incident_dedup UNIQUE (fingerprint, starts_at)
);
CREATE INDEX incident_received ON incident (received_at_us);
CREATE INDEX incident_status ON incident (status);
