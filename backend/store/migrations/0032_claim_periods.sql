-- The claim period of each document (package backend/gstr3b): the GSTR-3B period (YYYY-MM) in
-- which its credit is claimed, reversed or reclaimed. A document is known by its face ('books'
-- for a purchase register document, '2b' for a GSTR-2B document), supplier GSTIN, document type
-- (invoice, credit_note, debit_note), invoice number as normalised for matching and, for a 2B
-- document, the 2B's period and section ('' for books). state 'claim' sets claim_period; 'hold'
-- clears it. decided_by says whether a person chose it or gstdesk recorded the worksheet's
-- outcome ('auto'). Every change is kept in gstr3b_claim_log.
CREATE TABLE gstr3b_claims (
	workspace_id  TEXT NOT NULL,
	face          TEXT NOT NULL CHECK (face IN ('books', '2b')),
	supplier      TEXT NOT NULL,
	doc_type      TEXT NOT NULL,
	num_norm      TEXT NOT NULL,
	period_2b     TEXT NOT NULL DEFAULT '',
	section       TEXT NOT NULL DEFAULT '',
	num           TEXT NOT NULL,                     -- the number as shown
	doc_date      TEXT NOT NULL DEFAULT '',          -- YYYY-MM-DD
	state         TEXT NOT NULL CHECK (state IN ('claim', 'hold')),
	claim_period  TEXT NOT NULL DEFAULT '',          -- YYYY-MM when state is claim
	decided_by    TEXT NOT NULL CHECK (decided_by IN ('auto', 'person')),
	who           TEXT NOT NULL DEFAULT '',
	decided_at    TEXT NOT NULL,                     -- RFC 3339 UTC
	reason        TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (workspace_id, face, supplier, doc_type, num_norm, period_2b, section)
) WITHOUT ROWID;
CREATE INDEX gstr3b_claims_period ON gstr3b_claims (workspace_id, claim_period);

CREATE TABLE gstr3b_claim_log (
	id            INTEGER PRIMARY KEY,
	workspace_id  TEXT NOT NULL,
	face          TEXT NOT NULL,
	supplier      TEXT NOT NULL,
	doc_type      TEXT NOT NULL,
	num_norm      TEXT NOT NULL,
	period_2b     TEXT NOT NULL DEFAULT '',
	section       TEXT NOT NULL DEFAULT '',
	num           TEXT NOT NULL,
	prev_state    TEXT NOT NULL DEFAULT '',
	prev_period   TEXT NOT NULL DEFAULT '',
	state         TEXT NOT NULL,
	claim_period  TEXT NOT NULL DEFAULT '',
	decided_by    TEXT NOT NULL,
	who           TEXT NOT NULL DEFAULT '',
	at            TEXT NOT NULL,
	reason        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX gstr3b_claim_log_doc ON gstr3b_claim_log (workspace_id, supplier, num_norm);
