package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gstdesk/backend/docid"
)

// DocIDRule is the version of docid.Number the stored number keys are made by. Raise it when the
// rule changes: the next open brings every stored key to the rule.
const DocIDRule = 1

// numberKeys are the stored keys of document numbers: the table, its key columns, the number as
// given and its normalised key.
var numberKeys = []struct{ table, key, num, norm string }{
	{"gstr2a_invoices", "id", "inum", "inum_norm"},
	{"gstr2a_documents", "sid, seq", "num", "num_norm"},
	{"gstr2b_documents", "id", "num", "num_norm"},
	{"ims_documents", "workspace_id, section, seq", "num", "num_norm"},
}

// renormalise brings the number keys stored under an older rule to docid.Number, once, in one
// transaction: a lookup made by the rule now finds what an earlier version stored.
func (db *DB) renormalise(ctx context.Context) error {
	var v int
	if err := db.QueryRowContext(ctx, `SELECT version FROM docid_rule`).Scan(&v); err != nil {
		if err == sql.ErrNoRows {
			v = 0
		} else {
			return fmt.Errorf("store: docid rule: %w", err)
		}
	}
	if v >= DocIDRule || db.ReadOnly() != nil {
		return nil // up to date, or a desk that only reads: the writer desk brings its keys up
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: renormalise: %w", err)
	}
	defer tx.Rollback()
	for _, k := range numberKeys {
		if err := renormaliseTable(ctx, tx, k.table, k.key, k.num, k.norm); err != nil {
			return err
		}
	}
	// What was derived from the keys of the older rule is derived again (migration 0036 on).
	if _, err := tx.ExecContext(ctx, `DELETE FROM derived_cache`); err != nil && !strings.Contains(err.Error(), "no such table") {
		return fmt.Errorf("store: renormalise: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM docid_rule`); err != nil {
		return fmt.Errorf("store: renormalise: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO docid_rule (version) VALUES (?)`, DocIDRule); err != nil {
		return fmt.Errorf("store: renormalise: %w", err)
	}
	return tx.Commit()
}

func renormaliseTable(ctx context.Context, tx *sql.Tx, table, key, num, norm string) error {
	rows, err := tx.QueryContext(ctx, `SELECT `+num+`, `+norm+`, `+key+` FROM `+table)
	if err != nil {
		return fmt.Errorf("store: renormalise %s: %w", table, err)
	}
	type change struct {
		norm string
		key  []any
	}
	var changes []change
	nkeys := 1
	for i := 0; i < len(key); i++ {
		if key[i] == ',' {
			nkeys++
		}
	}
	for rows.Next() {
		var n, old string
		keys := make([]any, nkeys)
		dst := []any{&n, &old}
		for i := range keys {
			dst = append(dst, &keys[i])
		}
		if err := rows.Scan(dst...); err != nil {
			rows.Close()
			return fmt.Errorf("store: renormalise %s: %w", table, err)
		}
		if now := docid.Number(n); now != old {
			changes = append(changes, change{now, keys})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: renormalise %s: %w", table, err)
	}
	if len(changes) == 0 {
		return nil
	}
	where := ""
	for i, c := range splitKey(key) {
		if i > 0 {
			where += " AND "
		}
		where += c + " = ?"
	}
	st, err := tx.PrepareContext(ctx, `UPDATE `+table+` SET `+norm+` = ? WHERE `+where)
	if err != nil {
		return fmt.Errorf("store: renormalise %s: %w", table, err)
	}
	defer st.Close()
	for _, c := range changes {
		if _, err := st.ExecContext(ctx, append([]any{c.norm}, c.key...)...); err != nil {
			return fmt.Errorf("store: renormalise %s: %w", table, err)
		}
	}
	return nil
}

func splitKey(key string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(key); i++ {
		if i == len(key) || key[i] == ',' {
			c := key[start:i]
			for len(c) > 0 && c[0] == ' ' {
				c = c[1:]
			}
			out = append(out, c)
			start = i + 1
		}
	}
	return out
}
