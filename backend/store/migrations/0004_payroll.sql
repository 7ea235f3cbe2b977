-- Salary TDS payroll runs (package backend/payroll). A run is one imported file computed for one
-- financial year; it is stored whole in one transaction, never half. Money is whole rupees except
-- where marked paise. The input is kept so a run can be recomputed and explained offline.
CREATE TABLE payroll_runs (
	id              TEXT PRIMARY KEY,                -- uuid
	workspace_id    TEXT NOT NULL,
	created_at      TEXT NOT NULL,                   -- RFC 3339 UTC
	fy              INTEGER NOT NULL,                -- 2025 is FY 2025-26
	month           INTEGER NOT NULL DEFAULT 0,      -- current month 1-12 for the schedule, 0 none
	source_name     TEXT NOT NULL,
	source_hash     TEXT NOT NULL,                   -- SHA-256 of the file, hex
	source_format   TEXT NOT NULL CHECK (source_format IN ('json', 'csv', 'xlsx')),
	source_rows     INTEGER NOT NULL,                -- rows (workbooks) in the file
	skipped_rows    INTEGER NOT NULL,                -- rows left out for bad cells, by the user's choice
	employees       INTEGER NOT NULL,
	new_count       INTEGER NOT NULL,
	old_count       INTEGER NOT NULL,
	new_tax         INTEGER NOT NULL,
	old_tax         INTEGER NOT NULL,
	recommended_tax INTEGER NOT NULL,
	saving          INTEGER NOT NULL,
	tds             INTEGER NOT NULL,
	deducted        INTEGER NOT NULL,
	monthly         INTEGER NOT NULL
);
CREATE INDEX payroll_runs_workspace ON payroll_runs (workspace_id, created_at);

-- One row per employee of a run, in input order (seq from 1).
CREATE TABLE payroll_employees (
	run_id      TEXT NOT NULL REFERENCES payroll_runs (id) ON DELETE CASCADE,
	seq         INTEGER NOT NULL,
	source_row  INTEGER NOT NULL,
	name        TEXT NOT NULL DEFAULT '',
	code        TEXT NOT NULL DEFAULT '',
	pan         TEXT NOT NULL DEFAULT '',
	input       TEXT NOT NULL,                       -- pan_status|category|46 amounts in paise
	request     TEXT,                                -- the JSON workbook as given (JSON imports only)
	deducted    INTEGER NOT NULL DEFAULT 0,          -- paise
	new_income  INTEGER NOT NULL,
	new_tax     INTEGER NOT NULL,
	new_tds     INTEGER NOT NULL,
	old_income  INTEGER NOT NULL,
	old_tax     INTEGER NOT NULL,
	old_tds     INTEGER NOT NULL,
	recommended TEXT NOT NULL CHECK (recommended IN ('new', 'old')),
	saving      INTEGER NOT NULL,
	monthly     INTEGER NOT NULL,
	PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

-- Answers of the remote calculator (4.8) for employees of a run, kept with their transaction id.
CREATE TABLE payroll_checks (
	run_id           TEXT NOT NULL,
	seq              INTEGER NOT NULL,
	checked_at       TEXT NOT NULL,
	transaction_id   TEXT NOT NULL DEFAULT '',
	response         TEXT NOT NULL,                  -- data exactly as the service sent it
	differences      TEXT NOT NULL,                  -- JSON array of payroll.Difference
	difference_count INTEGER NOT NULL,
	PRIMARY KEY (run_id, seq, checked_at),
	FOREIGN KEY (run_id, seq) REFERENCES payroll_employees (run_id, seq) ON DELETE CASCADE
);
