-- recon_rows_status (run_id, status) served a run's rows of one status; every reader now takes a
-- run's rows in order by its primary key (run_id, seq), and the index only cost every saved row
-- an index entry (a 100,000-row run, 100,000 entries written and deleted again when the run is
-- removed).
DROP INDEX IF EXISTS recon_rows_status;
