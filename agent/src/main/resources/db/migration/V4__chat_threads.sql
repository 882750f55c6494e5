-- Chat threads: the last turns of each thread (thread memory, trimmed to lakeops.chat.history-turns
-- per thread on every append) and which thread holds each incident's triage report.
-- Plain SQL that H2 (MODE=PostgreSQL) and PostgreSQL both run.
CREATE TABLE chat_turn (
  thread_key VARCHAR(512) NOT NULL,
  seq BIGINT NOT NULL,
  author VARCHAR(16) NOT NULL,
  user_id VARCHAR(256) NOT NULL,
  text TEXT NOT NULL,
  at_us BIGINT NOT NULL,
  CONSTRAINT chat_turn_pk PRIMARY KEY (thread_key, seq)
);
CREATE INDEX chat_turn_at ON chat_turn (at_us);

-- One row per incident whose report was posted (or is being posted): the row is claimed before the
-- post, so no instance posts a report twice; thread_key is set once the post started a thread and
-- stays null on channels without threads (webhooks, WeCom).
CREATE TABLE report_thread (
  incident_id VARCHAR(64) NOT NULL PRIMARY KEY,
  thread_key VARCHAR(512),
  platform VARCHAR(16) NOT NULL,
  posted_at_us BIGINT NOT NULL,
  CONSTRAINT report_thread_key UNIQUE (thread_key)
);
