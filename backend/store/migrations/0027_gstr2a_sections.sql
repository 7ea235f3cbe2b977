-- Every section of a GSTR-2A, not only B2B (issue 22): amendments (b2ba, cdna, isda, ecoma),
-- credit and debit notes (cdn), ISD documents (isd), bills of entry (impg, impgsez), e-commerce
-- invoices (ecom) and TDS/TCS credits (tds, tcs). B2B invoices stay in gstr2a_invoices (the
-- reconciliation, the in-memory index and the diff read them there); the other sections'
-- documents go here, one row each, in the order the return gives them.
-- Amounts are sizes in paise (a credit note's amounts are positive); kind says the sign
-- (credit_note and isd_credit_note reduce the credit), as in gstr2b_documents.
CREATE TABLE gstr2a_documents (
	sid          INTEGER NOT NULL REFERENCES gstr2a_snapshots (sid) ON DELETE CASCADE,
	seq          INTEGER NOT NULL,                 -- position in the snapshot, from 0, sections in return order
	section      TEXT NOT NULL,                    -- b2ba, cdn, cdna, isd, isda, impg, impgsez, ecom, ecoma, tds, tcs
	kind         TEXT NOT NULL,                    -- invoice, credit_note, debit_note, isd_invoice, isd_credit_note, bill_of_entry, tds, tcs
	ctin         TEXT NOT NULL DEFAULT '',         -- supplier (impgsez: the SEZ supplier, sgstin; tds/tcs: the deductor/collector)
	trade_name   TEXT,                             -- trdnm, tdname
	cfs          TEXT,
	cfs3b        TEXT,
	dtcancel     TEXT,                             -- as given (27-Aug-19)
	fldtr1       TEXT,
	flprdr1      TEXT,
	num          TEXT NOT NULL DEFAULT '',         -- inum, nt_num, docnum, benum (as text)
	num_norm     TEXT NOT NULL DEFAULT '',
	doc_date     TEXT NOT NULL DEFAULT '',         -- as given (DD-MM-YYYY)
	date_iso     TEXT NOT NULL DEFAULT '',         -- YYYY-MM-DD, '' when not a date
	doc_type     TEXT,                             -- ntty (C/D), isd_docty (ISD/ISDCN)
	inv_num      TEXT,                             -- a note's invoice (inum of cdn/cdna)
	inv_date     TEXT,
	orig_num     TEXT,                             -- an amendment's original: oinum, ont_num, odocnum ('' when missing)
	orig_date    TEXT,
	inv_typ      TEXT,
	pos          TEXT,
	rchrg        TEXT,
	p_gst        TEXT,
	diff_percent INTEGER,                          -- hundredths
	aspd         TEXT,
	atyp         TEXT,
	itc_elg      TEXT,
	port_code    TEXT,
	ref_date     TEXT,
	amd          TEXT,
	srctyp       TEXT,
	irn          TEXT,
	irngendate   TEXT,
	chksum       TEXT,
	month        TEXT,                             -- tds/tcs: the month given
	val          INTEGER NOT NULL DEFAULT 0,
	taxable      INTEGER NOT NULL DEFAULT 0,
	igst         INTEGER NOT NULL DEFAULT 0,
	cgst         INTEGER NOT NULL DEFAULT 0,
	sgst         INTEGER NOT NULL DEFAULT 0,
	cess         INTEGER NOT NULL DEFAULT 0,
	items        TEXT,                             -- as gstr2a_invoices.items; NULL when the document has no lines
	PRIMARY KEY (sid, seq)
) WITHOUT ROWID;

-- Documents and amounts (sizes) per section and kind of a snapshot, made at save time. The B2B
-- row is kept as well, so the summary reads one table.
CREATE TABLE gstr2a_section_totals (
	sid       INTEGER NOT NULL REFERENCES gstr2a_snapshots (sid) ON DELETE CASCADE,
	section   TEXT NOT NULL,
	kind      TEXT NOT NULL,
	documents INTEGER NOT NULL,
	val       INTEGER NOT NULL,
	taxable   INTEGER NOT NULL,
	igst      INTEGER NOT NULL,
	cgst      INTEGER NOT NULL,
	sgst      INTEGER NOT NULL,
	cess      INTEGER NOT NULL,
	PRIMARY KEY (sid, section, kind)
) WITHOUT ROWID;

-- The documents of sections other than B2B, and what the reader said of the answer (fields
-- stored empty, keys kept only in the stored answer), as a JSON list of sentences.
ALTER TABLE gstr2a_snapshots ADD COLUMN document_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE gstr2a_snapshots ADD COLUMN notices TEXT NOT NULL DEFAULT '[]';
