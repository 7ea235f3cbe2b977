-- The two ledgers the portal enforces on GSTR-3B Table 4 (package backend/gstr3b): the opening
-- balance of the Electronic Credit Reversal and Re-claimed Statement ('ecrs') and of the RCM
-- liability/ITC statement ('rcm'), each entered once per workspace (a correction replaces it and
-- is logged), as of the start of period (YYYY-MM), amounts in paise per head.
CREATE TABLE gstr3b_ledger_openings (
	workspace_id  TEXT NOT NULL,
	ledger        TEXT NOT NULL CHECK (ledger IN ('ecrs', 'rcm')),
	period        TEXT NOT NULL,
	igst          INTEGER NOT NULL,
	cgst          INTEGER NOT NULL,
	sgst          INTEGER NOT NULL,
	cess          INTEGER NOT NULL,
	who           TEXT NOT NULL DEFAULT '',
	entered_at    TEXT NOT NULL,
	replaced      TEXT NOT NULL DEFAULT '',          -- what a correction replaced, as text
	PRIMARY KEY (workspace_id, ledger)
) WITHOUT ROWID;

-- Documents whose credit is blocked under s.17(5) (permanent reversal, Table 4(B)(1)), marked by a
-- person: the purchase register has no column for it yet. Known as a claim is (face, supplier,
-- document type, normalised number).
CREATE TABLE gstr3b_blocked (
	workspace_id  TEXT NOT NULL,
	supplier      TEXT NOT NULL,
	doc_type      TEXT NOT NULL,
	num_norm      TEXT NOT NULL,
	num           TEXT NOT NULL,
	reason        TEXT NOT NULL DEFAULT '',
	who           TEXT NOT NULL DEFAULT '',
	marked_at     TEXT NOT NULL,
	PRIMARY KEY (workspace_id, supplier, doc_type, num_norm)
) WITHOUT ROWID;
