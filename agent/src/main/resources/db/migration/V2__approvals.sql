-- Proposals (the whole proposal as JSON in doc; state mirrored for compare-and-set) and the
-- hash-chained audit log (one canonical JSON line per record; audit_head serializes appends).
CREATE TABLE proposal (
  id VARCHAR(64) NOT NULL PRIMARY KEY,
  state VARCHAR(16) NOT NULL,
  created_at_us BIGINT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX proposal_state ON proposal (state);

CREATE TABLE audit_record (
  seq BIGINT NOT NULL PRIMARY KEY,
  at_us BIGINT NOT NULL,
  line TEXT NOT NULL
);
CREATE INDEX audit_record_at ON audit_record (at_us);

CREATE TABLE audit_head (
  id INT NOT NULL PRIMARY KEY,
  seq BIGINT NOT NULL,
  hash VARCHAR(64) NOT NULL
);
INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');

-- Signed one-time approval links already used.
CREATE TABLE used_approval_link (
  signature VARCHAR(128) NOT NULL PRIMARY KEY,
  used_at_us BIGINT NOT NULL
);
