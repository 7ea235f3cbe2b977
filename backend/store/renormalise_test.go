package store

import (
	"context"
	"testing"

	"gstdesk/backend/docid"
)

// Keys stored under the rule before docid (every separator dropped: "1/234" and "12/34" one key)
// are brought to docid.Number once, at open: a lookup made by the rule now finds them, and the two
// numbers are two keys again.
func TestRenormaliseStoredKeys(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// Rows as an earlier release stored them: the old key, separators dropped.
	exec(`INSERT INTO ims_documents (workspace_id, section, seq, stin, num, num_norm, doc_date, rtnprd, action, pending_blocked, supplier_filed, taxable, tax, record, listed_at)
		VALUES ('w','b2b',0,'27AAPFU0939F1ZV','1/234','1234','2025-01-01','012025','N',0,1,0,0,'{}','x'), ('w','b2b',1,'27AAPFU0939F1ZV','12/34','1234','2025-01-01','012025','N',0,1,0,0,'{}','x')`)
	exec(`UPDATE docid_rule SET version = 0`)
	db.Close()
	if db, err = Open(ctx, dir); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `SELECT num, num_norm FROM ims_documents ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var n, norm string
		rows.Scan(&n, &norm)
		if norm != docid.Number(n) {
			t.Errorf("%q keyed %q, want %q", n, norm, docid.Number(n))
		}
		seen[norm] = true
	}
	if len(seen) != 2 {
		t.Errorf("keys %v: 1/234 and 12/34 are one key still", seen)
	}
	var v int
	db.QueryRowContext(ctx, `SELECT version FROM docid_rule`).Scan(&v)
	if v != DocIDRule {
		t.Errorf("rule version %d, want %d", v, DocIDRule)
	}
}
