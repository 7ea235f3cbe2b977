-- Saved three-way runs (issue 14): the kind of a run and the choices a person makes on its rows.

-- A reconciliation run is against GSTR-2A (the two-way run) or against GSTR-2B and IMS (the
-- three-way run with a recommended IMS action on each row). The two kinds keep separate bounded
-- histories (recon.KeepRuns each). detail is what the run's kind adds, as JSON (for 2b: the 2B
-- snapshots used, rows by recommended action, invoices left out, periods without a 2B).
ALTER TABLE recon_runs ADD COLUMN against TEXT NOT NULL DEFAULT '2a' CHECK (against IN ('2a', '2b'));
ALTER TABLE recon_runs ADD COLUMN detail TEXT NOT NULL DEFAULT '{}';

-- A person's choice on one row of one run, kept with the run: on a run against GSTR-2B, the IMS
-- action they chose instead of the recommended one (A, R, P, N for a reset, '-' to send nothing).
-- fingerprint is the row's data when chosen (recon.Fingerprint): a later run of the same periods
-- takes the choice over only where the row reads the same.
CREATE TABLE recon_row_choices (
	run_id      TEXT NOT NULL REFERENCES recon_runs(id) ON DELETE CASCADE,
	row_key     TEXT NOT NULL,
	choice      TEXT NOT NULL CHECK (choice IN ('A', 'R', 'P', 'N', '-')),
	fingerprint TEXT NOT NULL,
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (run_id, row_key)
) WITHOUT ROWID;
