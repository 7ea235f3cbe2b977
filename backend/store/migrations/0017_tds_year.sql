-- The payroll TDS year (package backend/tdsyear): per workspace and financial year, the employer,
-- the employees kept across months, and one record per employee and month with what was paid,
-- the TDS deducted and the latest declarations, and what gstdesk computed for that month. A month
-- is stored whole in one transaction, or not at all. Money is paise where marked, else rupees.
CREATE TABLE tds_employers (
	workspace_id TEXT NOT NULL,
	fy           INTEGER NOT NULL,                -- 2025 is FY 2025-26
	name         TEXT NOT NULL,
	tan          TEXT NOT NULL,
	pan          TEXT NOT NULL DEFAULT '',
	address      TEXT NOT NULL DEFAULT '',
	responsible  TEXT NOT NULL DEFAULT '',        -- person responsible for deduction of tax
	designation  TEXT NOT NULL DEFAULT '',
	updated_at   TEXT NOT NULL,                   -- RFC 3339 UTC
	PRIMARY KEY (workspace_id, fy)
) WITHOUT ROWID;

CREATE TABLE tds_employees (
	workspace_id TEXT NOT NULL,
	fy           INTEGER NOT NULL,
	code         TEXT NOT NULL,                   -- the payroll's employee code: the key across months
	name         TEXT NOT NULL DEFAULT '',
	pan          TEXT NOT NULL DEFAULT '',
	category     TEXT NOT NULL DEFAULT 'general',
	joined       TEXT NOT NULL DEFAULT '',        -- YYYY-MM-DD, '' not given
	left_on      TEXT NOT NULL DEFAULT '',        -- YYYY-MM-DD, '' still employed
	regime       TEXT NOT NULL,                   -- the regime chosen: new or old
	PRIMARY KEY (workspace_id, fy, code)
) WITHOUT ROWID;

CREATE TABLE tds_months (
	workspace_id  TEXT NOT NULL,
	fy            INTEGER NOT NULL,
	month         INTEGER NOT NULL,               -- 1-12, calendar month
	source_name   TEXT NOT NULL,
	source_hash   TEXT NOT NULL,                  -- SHA-256 of the file, hex
	source_format TEXT NOT NULL,
	imported_at   TEXT NOT NULL,                  -- RFC 3339 UTC
	employees     INTEGER NOT NULL,
	PRIMARY KEY (workspace_id, fy, month)
) WITHOUT ROWID;

CREATE TABLE tds_month_records (
	workspace_id     TEXT NOT NULL,
	fy               INTEGER NOT NULL,
	mi               INTEGER NOT NULL,            -- month of the year: 0 April ... 11 March
	code             TEXT NOT NULL,
	source_row       INTEGER NOT NULL,
	salary           INTEGER NOT NULL,            -- paise: salary u/s 17(1) paid in the month, recurring
	one_off          INTEGER NOT NULL,            -- paise: one-off salary (bonus, arrears; negative a recovery)
	perquisites      INTEGER NOT NULL,            -- paise, s.17(2)
	profits          INTEGER NOT NULL,            -- paise, s.17(3)
	entertainment    INTEGER NOT NULL,            -- paise, s.16(ii)
	professional_tax INTEGER NOT NULL,            -- paise, s.16(iii)
	declarations     TEXT NOT NULL,               -- pan_status|category|46 amounts in paise (paid items 0)
	regime           TEXT NOT NULL,               -- chosen for this month: new or old
	deducted         INTEGER,                     -- rupees deducted in the month as recorded; NULL not recorded
	-- what gstdesk computed for the month (rupees)
	projected_income INTEGER NOT NULL,            -- total income of the projected year, chosen regime
	liability        INTEGER NOT NULL,            -- tds_on_salary for the projected year, chosen regime
	deducted_before  INTEGER NOT NULL,
	tds              INTEGER NOT NULL,            -- to deduct this month
	remaining        INTEGER NOT NULL,
	over_deducted    INTEGER NOT NULL,
	months_left      INTEGER NOT NULL,            -- this month to the last month of employment
	new_liability    INTEGER NOT NULL,
	old_liability    INTEGER NOT NULL,
	recommended      TEXT NOT NULL,
	prev_tds         INTEGER,                     -- the TDS computed for the previous recorded month
	why              TEXT NOT NULL DEFAULT '[]',  -- JSON array: why the TDS changed from that month
	PRIMARY KEY (workspace_id, fy, code, mi)
) WITHOUT ROWID;
CREATE INDEX tds_month_records_month ON tds_month_records (workspace_id, fy, mi);
