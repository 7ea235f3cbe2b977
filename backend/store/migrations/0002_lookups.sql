-- Every successful answer of the remote service, kept verbatim (the envelope's data.data), so
-- lookups can be answered offline. One row per (source, operation, request key): the latest good
-- answer. Remote errors never touch this table. "source" keeps the demo simulator's made-up answers
-- apart from real ones (demo, test, production, or the base URL of a custom gateway).
CREATE TABLE answers (
	source         TEXT NOT NULL,
	op             TEXT NOT NULL,      -- verify, search, preference, changed, applicant, applicant_check
	req_key        TEXT NOT NULL,      -- GSTIN; GSTIN|FY; DD-MM-YYYY|state|page; enrolment number...
	payload        TEXT NOT NULL,      -- data.data as the service sent it
	transaction_id TEXT NOT NULL DEFAULT '',
	server_time    INTEGER NOT NULL DEFAULT 0,  -- the answer's timestamp, Unix ms
	fetched_at     TEXT NOT NULL,      -- RFC 3339, UTC
	PRIMARY KEY (source, op, req_key)
);

-- Every call to the remote service: what, how it went, how long; never a secret or a payload.
CREATE TABLE audit_log (
	id             INTEGER PRIMARY KEY,
	at             TEXT NOT NULL,
	source         TEXT NOT NULL,
	workspace_id   TEXT NOT NULL DEFAULT '',
	op             TEXT NOT NULL,
	req_key        TEXT NOT NULL,
	status         INTEGER NOT NULL DEFAULT 0,    -- HTTP status when known
	outcome        TEXT NOT NULL,                 -- ok, error
	error_kind     TEXT NOT NULL DEFAULT '',
	message        TEXT NOT NULL DEFAULT '',
	transaction_id TEXT NOT NULL DEFAULT '',
	duration_ms    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX audit_log_at ON audit_log(at);
