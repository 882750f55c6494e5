-- One open proposal per binding (action + arguments + assumed state, Proposal.bindingHash): the
-- column holds the binding while the proposal is PROPOSED or APPROVED and is null once it closes.
-- A unique constraint ignores nulls in H2 and PostgreSQL alike, so of two instances proposing the
-- same action at once the second insert fails. Proposals stored before this migration keep null.
ALTER TABLE proposal ADD COLUMN open_binding VARCHAR(64);
ALTER TABLE proposal ADD CONSTRAINT proposal_open_binding UNIQUE (open_binding);

-- The stored proposal behind each proposal of an incident's triage (index in the verdict's list),
-- so the incident page shows its state and its Approve / Reject forms.
CREATE TABLE incident_proposal (
  incident_id VARCHAR(64) NOT NULL,
  idx INT NOT NULL,
  proposal_id VARCHAR(64),
  refusal TEXT,
  CONSTRAINT incident_proposal_pk PRIMARY KEY (incident_id, idx)
);
