-- Reconciliation of the purchase register with GSTR-2A (package backend/recon).

-- A run: which periods, with which settings, against which register file.
CREATE TABLE recon_runs (
	id              TEXT PRIMARY KEY,                 -- uuid
	workspace_id    TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
	from_period     TEXT NOT NULL,                    -- YYYY-MM
	to_period       TEXT NOT NULL,                    -- YYYY-MM
	options         TEXT NOT NULL,                    -- JSON: amount tolerance (paise), date window (days)
	register_name   TEXT NOT NULL DEFAULT '',
	register_sha256 TEXT NOT NULL DEFAULT '',
	counts          TEXT NOT NULL DEFAULT '{}',       -- JSON: status -> rows
	created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX recon_runs_workspace ON recon_runs(workspace_id, created_at);

-- The rows of a run, in result order; data is the whole row (both sides, rule, differences, candidates).
CREATE TABLE recon_rows (
	run_id         TEXT NOT NULL REFERENCES recon_runs(id) ON DELETE CASCADE,
	seq            INTEGER NOT NULL,
	row_key        TEXT NOT NULL,                     -- books identity ~ 2A identity
	period         TEXT NOT NULL,
	status         TEXT NOT NULL,
	supplier_gstin TEXT NOT NULL,
	data           TEXT NOT NULL,
	PRIMARY KEY (run_id, seq)
);
CREATE INDEX recon_rows_key ON recon_rows(row_key);
CREATE INDEX recon_rows_status ON recon_rows(run_id, status);

-- A person's decision on a row, by row key, so it survives re-runs and new 2A pulls; fingerprint
-- is the digest of the row's data when decided (a different one later flags "changed since").
CREATE TABLE recon_actions (
	workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
	row_key      TEXT NOT NULL,
	action       TEXT NOT NULL CHECK (action IN ('accept', 'pending', 'ignore')),
	fingerprint  TEXT NOT NULL,
	updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
	PRIMARY KEY (workspace_id, row_key)
);

-- Manual links (pair these two) and unlinks (never pair these two), by invoice identities.
CREATE TABLE recon_links (
	workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
	books_id     TEXT NOT NULL,
	gstr2a_id    TEXT NOT NULL,
	kind         TEXT NOT NULL CHECK (kind IN ('link', 'unlink')),
	created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
	PRIMARY KEY (workspace_id, books_id, gstr2a_id)
);

-- The register column mapping a person confirmed, once per workspace.
CREATE TABLE recon_mappings (
	workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
	mapping      TEXT NOT NULL,                       -- JSON: field -> header
	updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
