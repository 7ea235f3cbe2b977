-- GSTR-2B (package backend/gstr2b). Every pull from the service and every portal file imported
-- is a snapshot; a later one never replaces an earlier one. Money is integer paise. A snapshot's
-- documents are one contiguous id range [doc_first, doc_last].
CREATE TABLE gstr2b_snapshots (
	sid             INTEGER PRIMARY KEY,
	id              TEXT NOT NULL UNIQUE,
	workspace_id    TEXT NOT NULL,
	gstin           TEXT NOT NULL,
	period          TEXT NOT NULL CHECK (period GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]'),
	source          TEXT NOT NULL CHECK (source IN ('api', 'file')),
	file_name       TEXT NOT NULL DEFAULT '',          -- the portal file's name, for 'file'
	fetched_at      TEXT NOT NULL,                     -- RFC 3339 UTC: pulled or imported
	transaction_id  TEXT NOT NULL DEFAULT '',
	server_time     TEXT NOT NULL DEFAULT '',
	status          TEXT NOT NULL CHECK (status IN ('complete', 'empty')),
	gendt           TEXT NOT NULL DEFAULT '',          -- generation date as given, DD-MM-YYYY
	version         TEXT NOT NULL DEFAULT '',
	chksum          TEXT NOT NULL DEFAULT '',
	shape           TEXT NOT NULL DEFAULT '',          -- items, totals, mixed, ''
	files           INTEGER NOT NULL DEFAULT 0,        -- file_number pages it came in
	doc_count       INTEGER NOT NULL DEFAULT 0,
	rejected_count  INTEGER NOT NULL DEFAULT 0,
	supplier_count  INTEGER NOT NULL DEFAULT 0,
	taxable         INTEGER NOT NULL DEFAULT 0,        -- signed sums of docdata (credit notes negative)
	igst            INTEGER NOT NULL DEFAULT 0,
	cgst            INTEGER NOT NULL DEFAULT 0,
	sgst            INTEGER NOT NULL DEFAULT 0,
	cess            INTEGER NOT NULL DEFAULT 0,
	itc_available   INTEGER NOT NULL DEFAULT 0,        -- signed tax of docdata with ITC available
	itcsumm         TEXT NOT NULL DEFAULT '{}',        -- gstr2b.ITCSummary as JSON
	cpsumm          TEXT NOT NULL DEFAULT '{}',        -- cpsumm by section as JSON
	note            TEXT NOT NULL DEFAULT '',          -- what a person must not miss about it
	doc_first       INTEGER NOT NULL DEFAULT 0,
	doc_last        INTEGER NOT NULL DEFAULT -1
);
CREATE INDEX gstr2b_snapshots_period ON gstr2b_snapshots (workspace_id, period, fetched_at);

CREATE TABLE gstr2b_snapshot_raw (
	sid    INTEGER PRIMARY KEY REFERENCES gstr2b_snapshots (sid) ON DELETE CASCADE,
	answer BLOB NOT NULL                               -- the return as one document, S2-compressed
);

-- Documents of docdata (rejected = 0) and docRejdata (rejected = 1), in the order given.
CREATE TABLE gstr2b_documents (
	id          INTEGER PRIMARY KEY,
	sid         INTEGER NOT NULL,                      -- no FK: bulk rows, deleted with the snapshot
	rejected    INTEGER NOT NULL,
	section     TEXT NOT NULL,
	kind        TEXT NOT NULL,
	ctin        TEXT NOT NULL,
	trdnm       TEXT NOT NULL,
	supfildt    TEXT NOT NULL,
	supprd      TEXT NOT NULL,
	num         TEXT NOT NULL,
	num_norm    TEXT NOT NULL,
	dt          TEXT NOT NULL,                         -- as given, DD-MM-YYYY
	doc_date    TEXT NOT NULL,                         -- YYYY-MM-DD
	val         INTEGER NOT NULL,
	taxable     INTEGER NOT NULL,
	igst        INTEGER NOT NULL,
	cgst        INTEGER NOT NULL,
	sgst        INTEGER NOT NULL,
	cess        INTEGER NOT NULL,
	pos         TEXT NOT NULL,
	rev         TEXT NOT NULL,
	typ         TEXT NOT NULL,
	itcavl      TEXT NOT NULL,
	rsn         TEXT NOT NULL,
	diffprcnt   INTEGER NOT NULL,
	ims_status  TEXT NOT NULL,
	srctyp      TEXT NOT NULL,
	irn         TEXT NOT NULL,
	irngendate  TEXT NOT NULL,
	onum        TEXT NOT NULL,
	odt         TEXT NOT NULL,
	otyp        TEXT NOT NULL,
	portcode    TEXT NOT NULL,
	items       TEXT                                   -- JSON lines of the items shape, NULL for totals
);
CREATE INDEX gstr2b_documents_sid ON gstr2b_documents (sid, rejected, section);
CREATE INDEX gstr2b_documents_ctin ON gstr2b_documents (ctin, sid);
