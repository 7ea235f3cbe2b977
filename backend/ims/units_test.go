package ims

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// Units (docs/RELIABILITY.md): a declared reduction the window sends is rupees (JavaScript writes
// ₹1,500.00 as 1500); one the log stored before amounts went out in rupees holds integer paise
// and reads back to the same paise; the log answers in rupees with two decimals.
func TestDeclaredUnitsFromTheWindowAndTheLog(t *testing.T) {
	var c Change
	if err := json.Unmarshal([]byte(`{"itc_red_req":"Y","declared":{"igst":1500,"cgst":0.5,"sgst":"1,000.25","cess":0}}`), &c); err != nil {
		t.Fatal(err)
	}
	if d := c.Declared; d == nil || d.IGST != 150000 || d.IGST.Indian() != "1,500.00" || d.CGST != 50 || d.SGST != 100025 {
		t.Fatalf("declared from the window = %+v, want ₹1,500.00, ₹0.50, ₹1,000.25", c.Declared)
	}

	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cn := fixture(t, "b2bcn")
	at := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	if _, err := LogSent(ctx, db.DB, "w", "me", at, "ref", []Change{{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: c.Declared}}); err != nil {
		t.Fatal(err)
	}
	// A row an earlier version wrote: {"igst":150000,...} in paise, as json.Marshal wrote it then.
	if _, err := db.ExecContext(ctx, `INSERT INTO ims_actions (workspace_id, at, who, section, stin, num, rtnprd, prev_status, action, reason,
		reference_id, result, itc_red_req, declared, remarks) SELECT workspace_id, at, who, section, stin, num, rtnprd, prev_status, action, reason,
		reference_id, result, itc_red_req, '{"igst":150000,"cgst":50,"sgst":100025,"cess":0}', remarks FROM ims_actions`); err != nil {
		t.Fatal(err)
	}
	var stored string
	db.QueryRowContext(ctx, `SELECT declared FROM ims_actions ORDER BY id LIMIT 1`).Scan(&stored)
	if stored != `{"cess":0,"cgst":50,"igst":150000,"sgst":100025}` {
		t.Errorf("stored declared = %s, want integer paise as before", stored)
	}
	log, err := Log(ctx, db.DB, "w", 0)
	if err != nil || len(log) != 2 {
		t.Fatalf("log %+v, %v", log, err)
	}
	for _, e := range log {
		if e.Declared == nil || *e.Declared != *c.Declared {
			t.Errorf("log entry %d declared %+v, want %+v", e.ID, e.Declared, c.Declared)
		}
		b, _ := json.Marshal(e.Declared)
		if string(b) != `{"igst":1500.00,"cgst":0.50,"sgst":1000.25,"cess":0.00}` {
			t.Errorf("log entry %d answers %s, want rupees with two decimals", e.ID, b)
		}
	}
}
