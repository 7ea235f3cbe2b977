-- Where a GSTR-2A snapshot came from: pulled from the service ('api') or imported from a JSON file
-- downloaded from the GST portal ('file', with the file's name).
ALTER TABLE gstr2a_snapshots ADD COLUMN source TEXT NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'file'));
ALTER TABLE gstr2a_snapshots ADD COLUMN file_name TEXT NOT NULL DEFAULT '';
