-- The TDS year's month records (issue 15, speed and memory): kept in month order, and each carrying
-- the employee's year so far up to and including its month.
--
-- * Keyed by workspace, year, MONTH, code (was workspace, year, code, month): a month's records sit
--   together, so recording a month appends one run of rows (instead of one row into every
--   employee's run, which rewrote every page of the table), and reading the month before or a
--   month's register is one range read in code order (instead of a lookup per row through the
--   month index, dropped: the key serves it). One employee's months are found by month
--   (mi IN (0, ..., 11)): twelve lookups.
-- * ytd_*: what the months recorded from April up to this one hold, so that a month reads one
--   earlier record per employee (the latest before it) instead of summing every earlier month,
--   and the year's forms and annexure read the latest record. tdsyear keeps them: a month
--   recorded, recorded again or recorded out of order recomputes the later months, totals
--   included. Existing records get theirs here, from the months recorded.
CREATE TABLE tds_month_records_new (
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
	hra_exempt       INTEGER,                     -- paise: the month's HRA exemption; NULL when the month gave none
	-- the employee's months recorded from April up to and including this one
	ytd_salary           INTEGER NOT NULL,        -- paise: salary + one_off
	ytd_perquisites      INTEGER NOT NULL,        -- paise
	ytd_profits          INTEGER NOT NULL,        -- paise
	ytd_entertainment    INTEGER NOT NULL,        -- paise
	ytd_professional_tax INTEGER NOT NULL,        -- paise
	ytd_deducted         INTEGER NOT NULL,        -- rupees: deducted as recorded, else the tds computed
	ytd_unrecorded       INTEGER NOT NULL,        -- months with deducted NULL
	ytd_months           INTEGER NOT NULL,        -- months recorded
	ytd_hra              INTEGER NOT NULL,        -- paise: hra_exempt, NULL as 0
	ytd_hra_months       INTEGER NOT NULL,        -- months with hra_exempt given
	first_mi             INTEGER NOT NULL,        -- the first month recorded
	PRIMARY KEY (workspace_id, fy, mi, code)
) WITHOUT ROWID;

INSERT INTO tds_month_records_new
SELECT workspace_id, fy, mi, code, source_row, salary, one_off, perquisites, profits, entertainment, professional_tax,
	declarations, regime, deducted, projected_income, liability, deducted_before, tds, remaining, over_deducted, months_left,
	new_liability, old_liability, recommended, prev_tds, why, hra_exempt,
	sum(salary + one_off) OVER w, sum(perquisites) OVER w, sum(profits) OVER w, sum(entertainment) OVER w, sum(professional_tax) OVER w,
	sum(coalesce(deducted, tds)) OVER w, sum(deducted IS NULL) OVER w, count(*) OVER w,
	sum(coalesce(hra_exempt, 0)) OVER w, count(hra_exempt) OVER w, min(mi) OVER w
FROM tds_month_records
WINDOW w AS (PARTITION BY workspace_id, fy, code ORDER BY mi ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
ORDER BY workspace_id, fy, mi, code;

DROP TABLE tds_month_records;
ALTER TABLE tds_month_records_new RENAME TO tds_month_records;
