package gstr2a

import (
	"context"
	"database/sql"

	"gstdesk/backend/apperr"
)

// SupplierGSTINs lists every supplier GSTIN of the workspace's stored GSTR-2A, in any pull.
func SupplierGSTINs(ctx context.Context, db *sql.DB, workspaceID string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT DISTINCT p.ctin FROM gstr2a_suppliers p
		JOIN gstr2a_snapshots n ON n.sid = p.sid WHERE n.workspace_id = ?`, workspaceID)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
	}
	defer rows.Close()
	var all []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
		}
		all = append(all, c)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
	}
	return all, nil
}
