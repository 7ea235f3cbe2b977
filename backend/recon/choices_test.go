package recon

import (
	"context"
	"encoding/json"
	"testing"

	"gstdesk/backend/apperr"
)

// TestRunKindsAndChoices: a run against 2B is saved with its kind and its own row data, listed by
// kind, keeps a history of its own (runs against 2A of the same periods are not pruned by it), and
// holds the choices made on its rows (set, replaced, cleared, taken over at save, gone with it).
func TestRunKindsAndChoices(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	res := bulkResult(3)
	july2A := Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}
	first2A, err := SaveRun(ctx, db.DB, at(), july2A, res)
	if err != nil {
		t.Fatal(err)
	}
	if first2A.Against != AgainstGSTR2A {
		t.Errorf("a run saved without a kind is %q, want 2a", first2A.Against)
	}
	july2B := Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07", Against: AgainstGSTR2B, Detail: `{"left_out":2}`}
	type extra struct {
		Row
		Note string `json:"note"`
	}
	data := func(i int) any { return extra{Row: res.Rows[i], Note: "row " + res.Rows[i].Key} }
	var last Run
	for i := 0; i < KeepRuns+2; i++ {
		var carried []RowChoice
		if i > 0 {
			carried = []RowChoice{{RowKey: "k1", Choice: "R", Fingerprint: res.Rows[1].Fingerprint()}}
		}
		if last, err = SaveRunWith(ctx, db.DB, at(), july2B, res, data, carried); err != nil {
			t.Fatal(err)
		}
	}
	all, _ := RunsOf(ctx, db.DB, ws, "")
	twoA, _ := RunsOf(ctx, db.DB, ws, AgainstGSTR2A)
	twoB, _ := RunsOf(ctx, db.DB, ws, AgainstGSTR2B)
	if len(twoA) != 1 || twoA[0].ID != first2A.ID || len(twoB) != KeepRuns || len(all) != KeepRuns+1 {
		t.Fatalf("runs: all %d, 2a %d, 2b %d (want 2a kept beside %d of 2b)", len(all), len(twoA), len(twoB), KeepRuns)
	}
	if twoB[0].ID != last.ID || twoB[0].Against != AgainstGSTR2B || twoB[0].Detail != `{"left_out":2}` {
		t.Errorf("newest 2b run = %+v", twoB[0])
	}
	if got, ok, err := LatestRun(ctx, db.DB, ws, "2024-07", "2024-07", AgainstGSTR2B); err != nil || !ok || got.ID != last.ID {
		t.Errorf("LatestRun = %v %v %v", got.ID, ok, err)
	}
	if _, ok, _ := LatestRun(ctx, db.DB, ws, "2024-08", "2024-08", AgainstGSTR2B); ok {
		t.Error("LatestRun found a run of August")
	}
	// The rows keep what the kind stored, and read as rows all the same.
	var notes []string
	EachRunRow(ctx, db.DB, last.ID, func(b []byte) error {
		var e extra
		json.Unmarshal(b, &e)
		notes = append(notes, e.Note)
		return nil
	})
	if len(notes) != 3 || notes[2] != "row k2" {
		t.Errorf("stored rows = %v", notes)
	}
	if rows, err := RunRows(ctx, db.DB, last.ID, ""); err != nil || len(rows) != 3 || rows[0].Key != "k0" {
		t.Errorf("RunRows = %d %v", len(rows), err)
	}
	// Choices: the one taken over at save, then set, replaced, cleared.
	ch, _ := Choices(ctx, db.DB, last.ID)
	if len(ch) != 1 || ch["k1"].Choice != "R" {
		t.Fatalf("carried choices = %+v", ch)
	}
	if err := SetChoices(ctx, db.DB, at(), last.ID, []string{"k0", "k2"}, "P"); err != nil {
		t.Fatal(err)
	}
	if err := SetChoices(ctx, db.DB, at(), last.ID, []string{"k1"}, ""); err != nil {
		t.Fatal(err)
	}
	ch, _ = Choices(ctx, db.DB, last.ID)
	if len(ch) != 2 || ch["k0"].Choice != "P" || ch["k0"].Fingerprint != res.Rows[0].Fingerprint() || ch["k0"].UpdatedAt == "" {
		t.Errorf("choices = %+v", ch)
	}
	// All or none: an unknown row key stops the whole change; a choice the table does not hold too.
	if err := SetChoices(ctx, db.DB, at(), last.ID, []string{"k0", "nope"}, "A"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown key: %v", err)
	}
	if err := SetChoices(ctx, db.DB, at(), last.ID, []string{"k0"}, "Z"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("choice Z: %v", err)
	}
	if err := SetChoicesRead(ctx, db.DB, at(), last.ID, []string{"k0", "k2"}, []string{"fp"}, "A"); err == nil {
		t.Error("two rows with one fingerprint were taken")
	}
	if ch, _ = Choices(ctx, db.DB, last.ID); ch["k0"].Choice != "P" {
		t.Errorf("a refused change changed k0: %+v", ch["k0"])
	}
	// A bad kind is refused; a deleted run takes its choices along.
	if _, err := SaveRunWith(ctx, db.DB, at(), Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07", Against: "2c"}, res, nil, nil); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("against 2c: %v", err)
	}
	if err := DeleteRun(ctx, db.DB, last.ID); err != nil {
		t.Fatal(err)
	}
	var n int
	db.QueryRow(`SELECT count(*) FROM recon_row_choices WHERE run_id = ?`, last.ID).Scan(&n)
	if n != 0 {
		t.Errorf("%d choices outlive their run", n)
	}
}
