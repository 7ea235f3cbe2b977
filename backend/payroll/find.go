package payroll

import (
	"context"
	"database/sql"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/tds"
)

// EmployeeHit is an employee of a stored run that a search found, in the employee's newest run.
type EmployeeHit struct {
	RunID string
	Seq   int
	Name  string
	Code  string
	PAN   string
	FY    tds.FY
}

// FindEmployees finds at most max employees of the workspace's runs whose name, code or PAN holds
// q (upper case), each once (in its newest run).
func FindEmployees(ctx context.Context, db *sql.DB, workspaceID, q string, max int) ([]EmployeeHit, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q) + "%"
	rows, err := db.QueryContext(ctx, `SELECT e.run_id, e.seq, e.name, e.code, e.pan, r.fy
		FROM payroll_employees e JOIN payroll_runs r ON r.id = e.run_id
		WHERE r.workspace_id = ? AND (upper(e.name) LIKE ? ESCAPE '\' OR upper(e.code) LIKE ? ESCAPE '\' OR upper(e.pan) LIKE ? ESCAPE '\')
		ORDER BY r.created_at DESC, e.seq LIMIT 200`, workspaceID, like, like, like)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the employees")
	}
	defer rows.Close()
	seen := map[string]bool{}
	var hits []EmployeeHit
	for rows.Next() && len(hits) < max {
		var h EmployeeHit
		var fy int
		if err := rows.Scan(&h.RunID, &h.Seq, &h.Name, &h.Code, &h.PAN, &fy); err != nil {
			return nil, apperr.Wrap(apperr.Internal, err, "could not search the employees")
		}
		h.FY = tds.FY(fy)
		who := strings.ToUpper(h.Code + "|" + h.PAN + "|" + h.Name)
		if seen[who] {
			continue
		}
		seen[who] = true
		hits = append(hits, h)
	}
	return hits, rows.Err()
}
