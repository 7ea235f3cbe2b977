-- The Invoice Management System (package backend/ims): the documents as the service last listed
-- them per section (replaced whole by each list), and every action gstdesk sent, with who, when,
-- what and how it ended. An action is 'applied' only when the service's status said processed.
CREATE TABLE ims_documents (
	workspace_id     TEXT NOT NULL,
	section          TEXT NOT NULL,                    -- b2b, b2ba, b2bcn, b2bcna, b2bdn, b2bdna, ecom, ecoma
	seq              INTEGER NOT NULL,
	stin             TEXT NOT NULL,
	num              TEXT NOT NULL,
	num_norm         TEXT NOT NULL,
	doc_date         TEXT NOT NULL,                    -- YYYY-MM-DD
	rtnprd           TEXT NOT NULL,
	action           TEXT NOT NULL,                    -- A, R, P, N
	pending_blocked  INTEGER NOT NULL,
	supplier_filed   INTEGER NOT NULL,
	taxable          INTEGER NOT NULL,
	tax              INTEGER NOT NULL,
	record           TEXT NOT NULL,                    -- the record exactly as the service sent it
	listed_at        TEXT NOT NULL,
	PRIMARY KEY (workspace_id, section, seq)
) WITHOUT ROWID;
CREATE INDEX ims_documents_doc ON ims_documents (workspace_id, stin, num_norm);

CREATE TABLE ims_actions (
	id            INTEGER PRIMARY KEY,
	workspace_id  TEXT NOT NULL,
	at            TEXT NOT NULL,                       -- RFC 3339 UTC, when sent
	who           TEXT NOT NULL,                       -- the OS user who ran gstdesk
	section       TEXT NOT NULL,
	stin          TEXT NOT NULL,
	num           TEXT NOT NULL,
	prev_status   TEXT NOT NULL,
	action        TEXT NOT NULL,                       -- A, R, P, or N for a reset
	reason        TEXT NOT NULL DEFAULT '',
	reference_id  TEXT NOT NULL DEFAULT '',
	result        TEXT NOT NULL CHECK (result IN ('sent', 'applied', 'refused', 'failed', 'unknown')),
	error_code    TEXT NOT NULL DEFAULT '',
	message       TEXT NOT NULL DEFAULT '',
	finished_at   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ims_actions_ws ON ims_actions (workspace_id, at);
