-- One identity for an employee code (payroll.EmployeeCode): letters in upper case, spaces trimmed.
-- Codes recorded before are brought to that form where it names no other employee already
-- recorded that year; a year that holds both "emp001" and "EMP001" keeps them as they are, and
-- the next month recorded says the PAN they share (one PAN is one person in a TDS year).
UPDATE tds_month_records SET code = UPPER(TRIM(code))
WHERE code <> UPPER(TRIM(code))
  AND NOT EXISTS (SELECT 1 FROM tds_employees e2 WHERE e2.workspace_id = tds_month_records.workspace_id
                  AND e2.fy = tds_month_records.fy AND e2.code = UPPER(TRIM(tds_month_records.code)));
UPDATE tds_employees SET code = UPPER(TRIM(code))
WHERE code <> UPPER(TRIM(code))
  AND NOT EXISTS (SELECT 1 FROM tds_employees e2 WHERE e2.workspace_id = tds_employees.workspace_id
                  AND e2.fy = tds_employees.fy AND e2.code = UPPER(TRIM(tds_employees.code)));
