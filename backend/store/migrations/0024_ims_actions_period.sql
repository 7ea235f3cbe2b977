-- The return period (rtnprd, MMYYYY) of the document an IMS action was sent for: IMS lists one
-- supplier's document number in more than one period, and the log must tell them apart. '' for
-- actions logged before it was kept.
ALTER TABLE ims_actions ADD COLUMN rtnprd TEXT NOT NULL DEFAULT '';
