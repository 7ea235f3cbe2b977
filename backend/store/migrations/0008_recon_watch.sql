-- The last supplier watch of each workspace (desk.WatchView as JSON), so the dashboard can show
-- which suppliers changed without fetching the changed lists again.
CREATE TABLE recon_watch (
	workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
	checked_at   TEXT NOT NULL,                     -- store.FormatTime
	view         TEXT NOT NULL                      -- JSON
);
