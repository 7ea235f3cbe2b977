-- The monthly TDS of a payroll run follows the regime the employee chose (not the recommended one),
-- says when TDS deducted so far was not given (no figure is made up), and names an over-deduction.
ALTER TABLE payroll_employees ADD COLUMN regime TEXT NOT NULL DEFAULT '';          -- chosen: new, old; '' the year's default
ALTER TABLE payroll_employees ADD COLUMN deducted_known INTEGER NOT NULL DEFAULT 1;  -- the file gave tds_deducted_so_far
ALTER TABLE payroll_employees ADD COLUMN over_deducted INTEGER NOT NULL DEFAULT 0;   -- rupees deducted beyond the year's TDS
ALTER TABLE payroll_employees ADD COLUMN monthly_unknown INTEGER NOT NULL DEFAULT 0; -- the month's TDS cannot be told
ALTER TABLE payroll_runs ADD COLUMN over_deducted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payroll_runs ADD COLUMN monthly_unknown INTEGER NOT NULL DEFAULT 0;      -- employees
