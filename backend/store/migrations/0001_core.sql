-- Workspaces: one per client (a GSTIN and its data). The app opens on the last used one.
CREATE TABLE workspaces (
	id          TEXT PRIMARY KEY,               -- uuid
	name        TEXT NOT NULL,
	gstin       TEXT NOT NULL DEFAULT '',
	environment TEXT NOT NULL DEFAULT 'demo' CHECK (environment IN ('production', 'test', 'demo')),
	base_url    TEXT NOT NULL DEFAULT '',       -- empty: the environment's default
	created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
	last_used_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Settings: plain preferences, app-wide (workspace_id '') or per workspace. Never secrets.
CREATE TABLE settings (
	workspace_id TEXT NOT NULL DEFAULT '',
	key          TEXT NOT NULL,
	value        TEXT NOT NULL,
	PRIMARY KEY (workspace_id, key)
);
