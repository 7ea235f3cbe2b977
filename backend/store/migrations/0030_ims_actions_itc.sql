-- What an IMS 2.0 action declared with it (itc-2026.md §3): itcRedReq ('Y', 'N' or '' when not
-- sent), the declared reduction ('' when none; else {"igst","cgst","sgst","cess"} in paise) and
-- the remarks sent. '' for actions logged before they were kept.
ALTER TABLE ims_actions ADD COLUMN itc_red_req TEXT NOT NULL DEFAULT '';
ALTER TABLE ims_actions ADD COLUMN declared TEXT NOT NULL DEFAULT '';
ALTER TABLE ims_actions ADD COLUMN remarks TEXT NOT NULL DEFAULT '';
