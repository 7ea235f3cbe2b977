-- A supplier's invoices in a pull have consecutive ids (they are written supplier by supplier),
-- so gstr2a_suppliers keeps the first id and the supplier filters read id ranges. The
-- (sid, ctin) index on invoices, which every ingest paid for, goes.
ALTER TABLE gstr2a_suppliers ADD COLUMN inv_first INTEGER NOT NULL DEFAULT 0;

UPDATE gstr2a_suppliers SET inv_first = coalesce((
	SELECT min(i.id) FROM gstr2a_invoices i
	WHERE i.sid = gstr2a_suppliers.sid AND i.ctin = gstr2a_suppliers.ctin AND i.supplier_seq = gstr2a_suppliers.seq), 0);

DROP INDEX gstr2a_invoices_ctin;
