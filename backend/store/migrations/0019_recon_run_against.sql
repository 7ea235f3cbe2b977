-- A reconciliation run is against GSTR-2A (the two-way run) or against GSTR-2B and IMS (the
-- three-way run with a recommended IMS action on each row). The two kinds keep separate bounded
-- histories (recon.KeepRuns each). detail is what the run's kind adds, as JSON (for 2b: the 2B
-- snapshots used, rows by recommended action, invoices left out, periods without a 2B).
ALTER TABLE recon_runs ADD COLUMN against TEXT NOT NULL DEFAULT '2a' CHECK (against IN ('2a', '2b'));
ALTER TABLE recon_runs ADD COLUMN detail TEXT NOT NULL DEFAULT '{}';
