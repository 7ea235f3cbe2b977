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
