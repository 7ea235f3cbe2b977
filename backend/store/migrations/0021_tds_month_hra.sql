-- The HRA exemption of each month (issue 15, item 7): worked out by the HRA helper from that
-- month's rent, basic + DA, HRA received and city, and projected like the amounts paid (the
-- months recorded as they were, this month's for the months left), instead of the latest month's
-- taken for every month of the year.
ALTER TABLE tds_month_records ADD COLUMN hra_exempt INTEGER; -- paise: the month's HRA exemption; NULL when the month gave none
