package gstr3b

import (
	"context"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

func TestBuildLedger(t *testing.T) {
	// The reclaimed document carries credit in the heads the warnings are about (a document with
	// none there is not listed: TestLedgerWarningListsOnlyDocumentsWithTheFigure).
	reclaimDoc := []DocLine{{Doc: Doc{Supplier: supA, Number: "SEP-5", Tax: HeadsOf(rs(1), rs(20), rs(15), 0)}, Row: R4A5}}
	tests := []struct {
		name       string
		kind       string
		open       Opening
		hasOpening bool
		moves      []LedgerMove
		closing    Heads
		warnAt     string // period with a warning, "" for none
		warnKind   string
	}{
		{"reversals then reclaim within the balance", LedgerECRS, Opening{Period: "2025-09", Balance: HeadsOf(rs(100), 0, 0, 0)}, true,
			[]LedgerMove{{Period: "2025-09", In: HeadsOf(rs(50), 0, 0, 0)}, {Period: "2025-10", Out: HeadsOf(rs(150), 0, 0, 0), Docs: reclaimDoc}},
			Heads{}, "", ""},
		{"reclaim above the balance", LedgerECRS, Opening{Period: "2025-10", Balance: HeadsOf(0, rs(10), rs(10), 0)}, true,
			[]LedgerMove{{Period: "2025-09", In: HeadsOf(rs(500), 0, 0, 0)}, {Period: "2025-10", In: HeadsOf(0, rs(5), rs(5), 0), Out: HeadsOf(0, rs(20), rs(15), 0), Docs: reclaimDoc}},
			HeadsOf(0, rs(-5), 0, 0), "2025-10", WarnReclaimAboveBalance},
		{"no opening: starts at nil", LedgerECRS, Opening{}, false,
			[]LedgerMove{{Period: "2025-10", Out: HeadsOf(rs(1), 0, 0, 0), Docs: reclaimDoc}}, HeadsOf(rs(-1), 0, 0, 0), "2025-10", WarnReclaimAboveBalance},
		{"RCM ITC above paid", LedgerRCM, Opening{Period: "2025-10"}, true,
			[]LedgerMove{{Period: "2025-10", In: HeadsOf(0, rs(50), rs(50), 0), Out: HeadsOf(0, rs(50), rs(60), 0)}}, HeadsOf(0, 0, rs(-10), 0), "2025-10", WarnRCMAbovePaid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := BuildLedger(tt.kind, tt.open, tt.hasOpening, tt.moves)
			last := l.Months[len(l.Months)-1]
			if last.Closing != tt.closing {
				t.Errorf("closing %+v, want %+v", last.Closing, tt.closing)
			}
			for _, m := range l.Months {
				switch {
				case m.Period == tt.warnAt && (m.Warning == nil || m.Warning.Kind != tt.warnKind):
					t.Errorf("%s: warning %+v, want %s", m.Period, m.Warning, tt.warnKind)
				case m.Period != tt.warnAt && m.Warning != nil:
					t.Errorf("%s: warning %+v", m.Period, m.Warning)
				}
			}
			if tt.kind == LedgerECRS && tt.warnAt != "" && !strings.Contains(l.Month(tt.warnAt).Warning.Message, "1 reclaimed documents") {
				t.Errorf("message %q does not name the documents", l.Month(tt.warnAt).Warning.Message)
			}
		})
	}
}

// The RCM warning of the demo listed reverse-charge documents of ₹0.00: a warning lists only the
// documents with tax in a head it is about.
func TestLedgerWarningListsOnlyDocumentsWithTheFigure(t *testing.T) {
	docs := []DocLine{
		{Doc: Doc{Supplier: supA, Number: "RCM-0"}, Row: R4A3},
		{Doc: Doc{Supplier: supA, Number: "RCM-IGST", Tax: HeadsOf(rs(18), 0, 0, 0)}, Row: R4A3},
		{Doc: Doc{Supplier: supA, Number: "RCM-SGST", Tax: HeadsOf(0, rs(9), rs(9), 0)}, Row: R4A3},
	}
	l := BuildLedger(LedgerRCM, Opening{Period: "2025-10"}, true,
		[]LedgerMove{{Period: "2025-10", In: HeadsOf(rs(18), rs(5), rs(9), 0), Out: HeadsOf(rs(18), rs(9), rs(9), 0), Docs: docs}})
	w := l.Month("2025-10").Warning
	if w == nil || len(w.Docs) != 1 || w.Docs[0].Number != "RCM-SGST" || !strings.Contains(w.Message, "check the 1 reverse-charge documents") {
		t.Fatalf("warning %+v", w)
	}
}

func TestECRSMoveFromWorksheet(t *testing.T) {
	w := Build(everyKind())
	m := ECRSMove(&w)
	if m.In != w.Row(R4B2).Figure || m.Out != HeadsOf(rs(25), rs(12), rs(12), 0) || len(m.Docs) != 2 {
		t.Errorf("move %+v", m)
	}
}

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestClaimsStore(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	at := time.Date(2025, 11, 18, 10, 0, 0, 0, time.UTC)
	id := IdentityOf(Face2B, " 29aabcu9603r1zj", "invoice", "INV/2025-26/0042", "2025-10", "b2b")
	if id.Supplier != supA || id.Number != "INV42" {
		t.Fatalf("identity %+v", id)
	}
	steps := []struct {
		d       Decision
		changed int
		want    Claim
	}{
		{Decision{ID: id, Number: "INV/2025-26/0042", State: StateClaim, Period: "2025-10", By: ByAuto}, 1, Claim{State: StateClaim, Period: "2025-10", DecidedBy: ByAuto}},
		{Decision{ID: id, Number: "INV/2025-26/0042", State: StateClaim, Period: "2025-10", By: ByAuto}, 0, Claim{State: StateClaim, Period: "2025-10", DecidedBy: ByAuto}},
		{Decision{ID: id, Number: "INV/2025-26/0042", State: StateHold, Period: "2025-10", By: ByPerson, Who: "asha"}, 1, Claim{State: StateHold, DecidedBy: ByPerson, Who: "asha"}},
		// An automatic decision never replaces a person's.
		{Decision{ID: id, Number: "INV/2025-26/0042", State: StateClaim, Period: "2025-10", By: ByAuto}, 0, Claim{State: StateHold, DecidedBy: ByPerson, Who: "asha"}},
		{Decision{ID: id, Number: "INV/2025-26/0042", State: StateClaim, Period: "2025-12", By: ByPerson, Who: "asha"}, 1, Claim{State: StateClaim, Period: "2025-12", DecidedBy: ByPerson, Who: "asha"}},
	}
	for i, s := range steps {
		n, err := SetClaims(ctx, db.DB, "w", []Decision{s.d}, at)
		if err != nil || n != s.changed {
			t.Fatalf("step %d: %d %v", i, n, err)
		}
		all, _ := Claims(ctx, db.DB, "w")
		got := all[id.Key()].Claim
		got.At = ""
		if got != s.want {
			t.Errorf("step %d: %+v, want %+v", i, got, s.want)
		}
	}
	log, err := ClaimLog(ctx, db.DB, "w", supA, "INV-42")
	if err != nil || len(log) != 3 || log[2].PrevState != StateHold || log[2].Period != "2025-12" {
		t.Errorf("log %+v %v", log, err)
	}
	for _, bad := range []Decision{{ID: id, State: StateClaim, Period: "Oct"}, {ID: id, State: "x", By: ByAuto}, {ID: Identity{Face: FaceBooks}, State: StateHold, By: ByAuto}} {
		if _, err := SetClaims(ctx, db.DB, "w", []Decision{bad}, at); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

func TestOpeningEnteredOnce(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	at := time.Date(2025, 11, 18, 10, 0, 0, 0, time.UTC)
	o := Opening{Ledger: LedgerECRS, Period: "2025-10", Balance: HeadsOf(rs(100), 0, 0, 0), Who: "asha"}
	if err := SetOpening(ctx, db.DB, "w", o, false, at); err != nil {
		t.Fatal(err)
	}
	o.Balance = HeadsOf(rs(200), 0, 0, 0)
	if err := SetOpening(ctx, db.DB, "w", o, false, at); apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "--replace") {
		t.Errorf("second opening: %v", err)
	}
	if err := SetOpening(ctx, db.DB, "w", o, true, at); err != nil {
		t.Fatal(err)
	}
	got, ok, err := OpeningOf(ctx, db.DB, "w", LedgerECRS)
	if err != nil || !ok || got.Balance != o.Balance || !strings.Contains(got.Replaced, "IGST ₹100.00") {
		t.Errorf("opening %+v %v %v", got, ok, err)
	}
	if _, ok, _ := OpeningOf(ctx, db.DB, "w", LedgerRCM); ok {
		t.Error("rcm opening without entering one")
	}
	if err := MarkBlocked(ctx, db.DB, "w", supA, "invoice", "CAR-1", "motor car", "asha", true, at); err != nil {
		t.Fatal(err)
	}
	set, _ := BlockedSet(ctx, db.DB, "w")
	if !set[BlockedKey(supA, "invoice", "car1")] {
		t.Errorf("blocked %v", set)
	}
}
