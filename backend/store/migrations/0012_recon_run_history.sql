-- A bounded history of reconciliation runs (package backend/recon): each run stores all its rows,
-- so only the newest runs of each workspace and periods are kept (recon.KeepRuns), and the ones a
-- person pinned. The index finds a period's runs newest first when a run is saved.
ALTER TABLE recon_runs ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
CREATE INDEX recon_runs_period ON recon_runs(workspace_id, from_period, to_period, created_at);
