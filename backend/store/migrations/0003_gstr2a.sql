-- GSTR-2A B2B purchase invoices (package backend/gstr2a). Every pull of a period is a snapshot;
-- a later pull never replaces an earlier one. Money is integer paise, rates are hundredths
-- (18% is 1800). Invoice ids of a snapshot are one contiguous range [inv_first, inv_last], so a
-- snapshot's invoices and items are read as rowid/primary-key ranges.
CREATE TABLE gstr2a_snapshots (
	sid             INTEGER PRIMARY KEY,
	id              TEXT NOT NULL UNIQUE,            -- uuid, the public id
	workspace_id    TEXT NOT NULL,
	gstin           TEXT NOT NULL,                   -- the taxpayer whose 2A this is
	period          TEXT NOT NULL CHECK (period GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]'),
	filter_supplier TEXT NOT NULL DEFAULT '',        -- counterparty_gstin sent, '' for all
	filter_from     TEXT NOT NULL DEFAULT '',        -- from date sent (DD/MM/YYYY), '' for none
	fetched_at      TEXT NOT NULL,                   -- RFC 3339 UTC, when gstdesk received it
	transaction_id  TEXT NOT NULL DEFAULT '',
	server_time     TEXT NOT NULL DEFAULT '',        -- the envelope's timestamp, RFC 3339 UTC
	status          TEXT NOT NULL CHECK (status IN ('complete', 'empty')),
	supplier_count  INTEGER NOT NULL DEFAULT 0,
	invoice_count   INTEGER NOT NULL DEFAULT 0,
	item_count      INTEGER NOT NULL DEFAULT 0,
	value           INTEGER NOT NULL DEFAULT 0,
	taxable         INTEGER NOT NULL DEFAULT 0,
	igst            INTEGER NOT NULL DEFAULT 0,
	cgst            INTEGER NOT NULL DEFAULT 0,
	sgst            INTEGER NOT NULL DEFAULT 0,
	cess            INTEGER NOT NULL DEFAULT 0,
	inv_first       INTEGER NOT NULL DEFAULT 0,
	inv_last        INTEGER NOT NULL DEFAULT -1
);
CREATE INDEX gstr2a_snapshots_period ON gstr2a_snapshots (workspace_id, period, fetched_at);

-- The answer exactly as the service gave it (data.data), gzip-compressed, for --offline output.
CREATE TABLE gstr2a_snapshot_raw (
	sid  INTEGER PRIMARY KEY REFERENCES gstr2a_snapshots (sid) ON DELETE CASCADE,
	gzip BLOB NOT NULL
);

-- ITC by rate of a snapshot, summed over its items at save time.
CREATE TABLE gstr2a_rate_totals (
	sid      INTEGER NOT NULL REFERENCES gstr2a_snapshots (sid) ON DELETE CASCADE,
	rt       INTEGER NOT NULL,
	items    INTEGER NOT NULL,
	taxable  INTEGER NOT NULL,
	igst     INTEGER NOT NULL,
	cgst     INTEGER NOT NULL,
	sgst     INTEGER NOT NULL,
	cess     INTEGER NOT NULL,
	PRIMARY KEY (sid, rt)
) WITHOUT ROWID;

-- Suppliers of a snapshot, with their invoices' totals (so the supplier summary reads one row
-- per supplier and period, not every invoice).
CREATE TABLE gstr2a_suppliers (
	sid            INTEGER NOT NULL REFERENCES gstr2a_snapshots (sid) ON DELETE CASCADE,
	seq            INTEGER NOT NULL,                 -- position in the answer, from 0
	ctin           TEXT NOT NULL,
	pan            TEXT NOT NULL,
	cfs            TEXT NOT NULL DEFAULT '',
	cfs3b          TEXT NOT NULL DEFAULT '',
	fldtr1         TEXT NOT NULL DEFAULT '',         -- as given, DD-Mon-YY
	filed_on       TEXT NOT NULL DEFAULT '',         -- YYYY-MM-DD
	flprdr1        TEXT NOT NULL DEFAULT '',         -- as given, Mon-YY
	filed_period   TEXT NOT NULL DEFAULT '',         -- YYYY-MM
	dtcancel       TEXT NOT NULL DEFAULT '',         -- as given
	cancelled_on   TEXT NOT NULL DEFAULT '',         -- YYYY-MM-DD
	invoice_count  INTEGER NOT NULL,
	value          INTEGER NOT NULL,
	taxable        INTEGER NOT NULL,
	igst           INTEGER NOT NULL,
	cgst           INTEGER NOT NULL,
	sgst           INTEGER NOT NULL,
	cess           INTEGER NOT NULL,
	PRIMARY KEY (sid, seq)
) WITHOUT ROWID;
CREATE INDEX gstr2a_suppliers_ctin ON gstr2a_suppliers (ctin, sid);

-- Invoices. taxable..cess are the sums over the invoice's items. Columns derived from others
-- are generated (computed on read, free at insert). Absent optional fields are NULL.
CREATE TABLE gstr2a_invoices (
	id            INTEGER PRIMARY KEY,
	sid           INTEGER NOT NULL,                  -- gstr2a_snapshots.sid (no FK: bulk rows, deleted by DeleteSnapshot)
	supplier_seq  INTEGER NOT NULL,                  -- the supplier's seq in gstr2a_suppliers
	ctin          TEXT NOT NULL,
	inum          TEXT NOT NULL,
	inum_norm     TEXT NOT NULL,                     -- NormaliseInvoiceNumber(inum)
	inv_date      TEXT NOT NULL,                     -- YYYY-MM-DD
	inv_typ       TEXT NOT NULL,
	pos           TEXT NOT NULL,
	rchrg         TEXT NOT NULL,
	val           INTEGER NOT NULL,
	taxable       INTEGER NOT NULL,
	igst          INTEGER NOT NULL,
	cgst          INTEGER NOT NULL,
	sgst          INTEGER NOT NULL,
	cess          INTEGER NOT NULL,
	rate_mask     INTEGER NOT NULL,                  -- rates of the items: bit i for RateBits[i], bit 62 any other
	diff_percent  INTEGER,                           -- hundredths
	srctyp        TEXT,
	irngendate    TEXT,                              -- as given, DD-MM-YYYY
	irn           TEXT,
	chksum        TEXT NOT NULL,
	pan           TEXT GENERATED ALWAYS AS (substr(ctin, 3, 10)) VIRTUAL,
	idt           TEXT GENERATED ALWAYS AS (substr(inv_date, 9, 2) || '-' || substr(inv_date, 6, 2) || '-' || substr(inv_date, 1, 4)) VIRTUAL,
	einvoice      INTEGER GENERATED ALWAYS AS (irn IS NOT NULL AND irn <> '') VIRTUAL
);
CREATE INDEX gstr2a_invoices_ctin ON gstr2a_invoices (sid, ctin);

-- Line items. key = invoice_id << 16 | seq: a rowid, so a snapshot's items (its invoice id
-- range) and an invoice's items are rowid ranges, and inserts append. Omitted tax amounts stay NULL.
CREATE TABLE gstr2a_items (
	key         INTEGER PRIMARY KEY,
	num         INTEGER NOT NULL,
	rt          INTEGER NOT NULL,                  -- hundredths: 18% is 1800
	txval       INTEGER NOT NULL,
	iamt        INTEGER,
	camt        INTEGER,
	samt        INTEGER,
	csamt       INTEGER,
	invoice_id  INTEGER GENERATED ALWAYS AS (key >> 16) VIRTUAL,
	seq         INTEGER GENERATED ALWAYS AS (key & 65535) VIRTUAL
);
