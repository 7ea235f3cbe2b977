-- A GSTR-2B snapshot's documents are written section by section (docdata, then docRejdata), so
-- each section of each part is one contiguous id range. sections keeps, per part and section,
-- the range, the count and the signed totals (JSON, gstr2b.sectionRange), so a page of one
-- section starts at its id and is counted and totalled without reading the section. '' for a
-- snapshot stored before: its pages are counted from the rows, as before.
ALTER TABLE gstr2b_snapshots ADD COLUMN sections TEXT NOT NULL DEFAULT '';
