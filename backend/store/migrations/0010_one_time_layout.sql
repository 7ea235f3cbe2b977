-- One timestamp layout in the database: store.TimeLayout, UTC with nine fraction digits
-- ("2024-01-02T15:04:05.123000000Z"), which store.FormatTime writes and which sorts as text in
-- time order. Rows written before by SQLite's strftime('%Y-%m-%dT%H:%M:%fZ') or by Go with three
-- fraction digits (milliseconds: "2024-01-02T15:04:05.123Z"), any other shorter fraction, or none
-- ("2024-01-02T15:04:05Z"), get their fraction padded with zeros to nine digits: nothing is lost,
-- and the rows keep their order. Anything else (empty server_time, for one) is left alone.
--
-- Column defaults of older tables still say strftime('%Y-%m-%dT%H:%M:%fZ'); SQLite cannot change
-- a default without rebuilding the table, so every writer passes store.Now() or store.FormatTime.

UPDATE schema_migrations SET applied_at = CASE
		WHEN length(applied_at) = 20 THEN substr(applied_at, 1, 19) || '.000000000Z'
		ELSE substr(applied_at, 1, length(applied_at) - 1) || substr('000000000', 1, 30 - length(applied_at)) || 'Z' END
	WHERE applied_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(applied_at) = 20 OR (length(applied_at) BETWEEN 22 AND 29 AND substr(applied_at, 20, 1) = '.'
			AND substr(applied_at, 21, length(applied_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE workspaces SET created_at = CASE
		WHEN length(created_at) = 20 THEN substr(created_at, 1, 19) || '.000000000Z'
		ELSE substr(created_at, 1, length(created_at) - 1) || substr('000000000', 1, 30 - length(created_at)) || 'Z' END
	WHERE created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(created_at) = 20 OR (length(created_at) BETWEEN 22 AND 29 AND substr(created_at, 20, 1) = '.'
			AND substr(created_at, 21, length(created_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE workspaces SET last_used_at = CASE
		WHEN length(last_used_at) = 20 THEN substr(last_used_at, 1, 19) || '.000000000Z'
		ELSE substr(last_used_at, 1, length(last_used_at) - 1) || substr('000000000', 1, 30 - length(last_used_at)) || 'Z' END
	WHERE last_used_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(last_used_at) = 20 OR (length(last_used_at) BETWEEN 22 AND 29 AND substr(last_used_at, 20, 1) = '.'
			AND substr(last_used_at, 21, length(last_used_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE answers SET fetched_at = CASE
		WHEN length(fetched_at) = 20 THEN substr(fetched_at, 1, 19) || '.000000000Z'
		ELSE substr(fetched_at, 1, length(fetched_at) - 1) || substr('000000000', 1, 30 - length(fetched_at)) || 'Z' END
	WHERE fetched_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(fetched_at) = 20 OR (length(fetched_at) BETWEEN 22 AND 29 AND substr(fetched_at, 20, 1) = '.'
			AND substr(fetched_at, 21, length(fetched_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE audit_log SET at = CASE
		WHEN length(at) = 20 THEN substr(at, 1, 19) || '.000000000Z'
		ELSE substr(at, 1, length(at) - 1) || substr('000000000', 1, 30 - length(at)) || 'Z' END
	WHERE at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(at) = 20 OR (length(at) BETWEEN 22 AND 29 AND substr(at, 20, 1) = '.'
			AND substr(at, 21, length(at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE gstr2a_snapshots SET fetched_at = CASE
		WHEN length(fetched_at) = 20 THEN substr(fetched_at, 1, 19) || '.000000000Z'
		ELSE substr(fetched_at, 1, length(fetched_at) - 1) || substr('000000000', 1, 30 - length(fetched_at)) || 'Z' END
	WHERE fetched_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(fetched_at) = 20 OR (length(fetched_at) BETWEEN 22 AND 29 AND substr(fetched_at, 20, 1) = '.'
			AND substr(fetched_at, 21, length(fetched_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE gstr2a_snapshots SET server_time = CASE
		WHEN length(server_time) = 20 THEN substr(server_time, 1, 19) || '.000000000Z'
		ELSE substr(server_time, 1, length(server_time) - 1) || substr('000000000', 1, 30 - length(server_time)) || 'Z' END
	WHERE server_time GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(server_time) = 20 OR (length(server_time) BETWEEN 22 AND 29 AND substr(server_time, 20, 1) = '.'
			AND substr(server_time, 21, length(server_time) - 21) NOT GLOB '*[^0-9]*'));

UPDATE payroll_runs SET created_at = CASE
		WHEN length(created_at) = 20 THEN substr(created_at, 1, 19) || '.000000000Z'
		ELSE substr(created_at, 1, length(created_at) - 1) || substr('000000000', 1, 30 - length(created_at)) || 'Z' END
	WHERE created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(created_at) = 20 OR (length(created_at) BETWEEN 22 AND 29 AND substr(created_at, 20, 1) = '.'
			AND substr(created_at, 21, length(created_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE payroll_checks SET checked_at = CASE
		WHEN length(checked_at) = 20 THEN substr(checked_at, 1, 19) || '.000000000Z'
		ELSE substr(checked_at, 1, length(checked_at) - 1) || substr('000000000', 1, 30 - length(checked_at)) || 'Z' END
	WHERE checked_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(checked_at) = 20 OR (length(checked_at) BETWEEN 22 AND 29 AND substr(checked_at, 20, 1) = '.'
			AND substr(checked_at, 21, length(checked_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE recon_runs SET created_at = CASE
		WHEN length(created_at) = 20 THEN substr(created_at, 1, 19) || '.000000000Z'
		ELSE substr(created_at, 1, length(created_at) - 1) || substr('000000000', 1, 30 - length(created_at)) || 'Z' END
	WHERE created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(created_at) = 20 OR (length(created_at) BETWEEN 22 AND 29 AND substr(created_at, 20, 1) = '.'
			AND substr(created_at, 21, length(created_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE recon_actions SET updated_at = CASE
		WHEN length(updated_at) = 20 THEN substr(updated_at, 1, 19) || '.000000000Z'
		ELSE substr(updated_at, 1, length(updated_at) - 1) || substr('000000000', 1, 30 - length(updated_at)) || 'Z' END
	WHERE updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(updated_at) = 20 OR (length(updated_at) BETWEEN 22 AND 29 AND substr(updated_at, 20, 1) = '.'
			AND substr(updated_at, 21, length(updated_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE recon_links SET created_at = CASE
		WHEN length(created_at) = 20 THEN substr(created_at, 1, 19) || '.000000000Z'
		ELSE substr(created_at, 1, length(created_at) - 1) || substr('000000000', 1, 30 - length(created_at)) || 'Z' END
	WHERE created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(created_at) = 20 OR (length(created_at) BETWEEN 22 AND 29 AND substr(created_at, 20, 1) = '.'
			AND substr(created_at, 21, length(created_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE recon_mappings SET updated_at = CASE
		WHEN length(updated_at) = 20 THEN substr(updated_at, 1, 19) || '.000000000Z'
		ELSE substr(updated_at, 1, length(updated_at) - 1) || substr('000000000', 1, 30 - length(updated_at)) || 'Z' END
	WHERE updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(updated_at) = 20 OR (length(updated_at) BETWEEN 22 AND 29 AND substr(updated_at, 20, 1) = '.'
			AND substr(updated_at, 21, length(updated_at) - 21) NOT GLOB '*[^0-9]*'));

UPDATE recon_watch SET checked_at = CASE
		WHEN length(checked_at) = 20 THEN substr(checked_at, 1, 19) || '.000000000Z'
		ELSE substr(checked_at, 1, length(checked_at) - 1) || substr('000000000', 1, 30 - length(checked_at)) || 'Z' END
	WHERE checked_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'
		AND (length(checked_at) = 20 OR (length(checked_at) BETWEEN 22 AND 29 AND substr(checked_at, 20, 1) = '.'
			AND substr(checked_at, 21, length(checked_at) - 21) NOT GLOB '*[^0-9]*'));
