-- Every genuine GSTR-2B file, whole (package backend/gstr2b).
-- gstr2b_documents.rejected is now a set of marks: 1 = of docRejdata (rejected in IMS), 2 = of
-- itcrev (GSTR-2B v4.0: a document whose credit was reversed; counted apart, never in the
-- credit). A reader of docdata or docRejdata (rejected = 0 / 1) sees no reversed document.
-- val_basis says where val comes from: '' given by the return, 'boe_total' a bill of entry's
-- taxable value + IGST + cess, 'isd_tax' the tax an ISD document distributes, 'absent' not given.
ALTER TABLE gstr2b_documents ADD COLUMN val_basis TEXT NOT NULL DEFAULT '';
-- Documents of itcrev; the notices of the return (JSON list of sentences: unknown keys kept in the
-- stored answer, missing references, unknown codes); cpSummRej (JSON, as cpsumm).
ALTER TABLE gstr2b_snapshots ADD COLUMN reversed_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE gstr2b_snapshots ADD COLUMN notices TEXT NOT NULL DEFAULT '[]';
ALTER TABLE gstr2b_snapshots ADD COLUMN cpsumm_rej TEXT NOT NULL DEFAULT '{}';
-- A bill of entry's reference date, date received at the port and amended flag (refdt, recdt,
-- isamd), as given.
ALTER TABLE gstr2b_documents ADD COLUMN refdt TEXT NOT NULL DEFAULT '';
ALTER TABLE gstr2b_documents ADD COLUMN recdt TEXT NOT NULL DEFAULT '';
ALTER TABLE gstr2b_documents ADD COLUMN isamd TEXT NOT NULL DEFAULT '';
