-- What the last listing of an IMS section had to say when it listed fewer documents than the list
-- before it (a list that shrinks is never replaced silently). One row per section at most; a
-- listing that does not shrink removes it.
CREATE TABLE ims_list_notices (
	workspace_id TEXT NOT NULL,
	section      TEXT NOT NULL,
	notice       TEXT NOT NULL,
	at           TEXT NOT NULL,
	PRIMARY KEY (workspace_id, section)
);
