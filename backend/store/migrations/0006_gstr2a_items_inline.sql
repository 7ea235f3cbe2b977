-- GSTR-2A line items move into their invoice's row (issue 4's ingest target: one text value per
-- invoice instead of one row per item). gstr2a_invoices.items is a JSON array with one array per
-- item, in the order given: [[num, rt, txval, iamt, camt, samt, csamt], ...]; amounts in paise,
-- rates in hundredths, an omitted tax amount null. The gstr2a_items view below keeps one row per
-- item for SQL.
ALTER TABLE gstr2a_invoices ADD COLUMN items TEXT NOT NULL DEFAULT '[]';

UPDATE gstr2a_invoices SET items = coalesce((
	SELECT json_group_array(json_array(t.num, t.rt, t.txval, t.iamt, t.camt, t.samt, t.csamt) ORDER BY t.key)
	FROM gstr2a_items t
	WHERE t.key BETWEEN gstr2a_invoices.id << 16 AND (gstr2a_invoices.id << 16) | 65535), '[]');

DROP TABLE gstr2a_items;

CREATE VIEW gstr2a_items AS
SELECT i.id AS invoice_id, CAST(j.key AS INTEGER) AS seq,
	j.value ->> 0 AS num, j.value ->> 1 AS rt, j.value ->> 2 AS txval,
	j.value ->> 3 AS iamt, j.value ->> 4 AS camt, j.value ->> 5 AS samt, j.value ->> 6 AS csamt
FROM gstr2a_invoices i, json_each(i.items) j;

-- The answer as given is now compressed as an S2 stream (old rows stay gzip; readers tell them
-- apart by their magic bytes).
ALTER TABLE gstr2a_snapshot_raw RENAME COLUMN gzip TO answer;
