-- What is expensive to derive from what is stored (the dashboard's week, a pull's Rule 37A
-- suppliers), kept across openings: each row is keyed by a digest of everything it was derived
-- from, and one whose digest does not match what a reader computes now is ignored and replaced,
-- never shown. One row per workspace, kind and slot (a year, a month, a snapshot id): a row is
-- replaced, never added beside its old self; a workspace's rows go with it.
CREATE TABLE derived_cache (
	workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
	kind         TEXT NOT NULL,
	slot         TEXT NOT NULL,
	digest       BLOB NOT NULL,
	value        BLOB NOT NULL, -- store.CompressAnswer of the value's bytes
	saved_at     TEXT NOT NULL,
	PRIMARY KEY (workspace_id, kind, slot)
);
