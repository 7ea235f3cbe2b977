package gstr3b

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/money"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// rs is rupees as paise.
func rs(r float64) money.Paise { return money.Paise(r*100 + 0.5*sgn(r)) }

func sgn(r float64) float64 {
	if r < 0 {
		return -1
	}
	return 1
}

func amounts(igst, cgst, sgst, cess float64) gstr2b.Amounts {
	return gstr2b.Amounts{IGST: rs(igst), CGST: rs(cgst), SGST: rs(sgst), Cess: rs(cess)}
}

func group(a gstr2b.Amounts, sections map[string]gstr2b.Amounts) gstr2b.SummaryGroup {
	if sections == nil {
		sections = map[string]gstr2b.Amounts{}
	}
	return gstr2b.SummaryGroup{Total: a, Sections: sections}
}

// doc is a 2B document of October 2025, b2b, ITC available, exact match.
func doc(supplier, number string, igst, cgst, sgst float64, facts func(d *Doc)) Doc {
	d := Doc{Face: Face2B, Period2B: "2025-10", Section: "b2b", Kind: gstr2b.KindInvoice, Supplier: supplier, Number: number,
		Date: "2025-10-05", ITCAvailable: "Y", Tax: HeadsOf(rs(igst), rs(cgst), rs(sgst), 0), Match: "exact", IMS: "A"}
	if facts != nil {
		facts(&d)
	}
	return d
}

const (
	supA = "29AABCU9603R1ZJ"
	supB = "27AAPFU0939F1ZV"
	supC = "07AAACR5055K1Z0"
)

// everyKind is a month with one document for each line of the bridge.
func everyKind() Input {
	docs := []Doc{
		doc(supA, "INV-1", 180, 0, 0, nil), // claimed
		doc(supA, "INV-2", 0, 90, 90, func(d *Doc) { d.Match = "missing_in_books" }),
		doc(supA, "INV-3", 36, 0, 0, func(d *Doc) { d.Match = "mismatch" }),
		doc(supA, "INV-4", 18, 0, 0, func(d *Doc) { d.Match = "suggested"; d.Confirmed = true }), // confirmed: claimed
		doc(supB, "B-7", 0, 45, 45, func(d *Doc) { d.Match = "suggested" }),
		doc(supB, "B-8", 500, 0, 0, func(d *Doc) { d.IMS = "P" }),
		doc(supB, "B-9", 50, 0, 0, func(d *Doc) { d.IMS = "R" }),
		doc(supB, "B-10", 0, 27.27, 27.27, func(d *Doc) { d.ITCAvailable = "N" }),
		doc(supC, "C-1", 0, 900, 900, func(d *Doc) { d.Blocked = true }),
		doc(supC, "C-2", 72, 0, 0, func(d *Doc) { d.Claim = Claim{State: StateHold, DecidedBy: ByPerson, Who: "asha"} }),
		doc(supC, "C-3", 10, 0, 0, func(d *Doc) {
			d.Match = "missing_in_books"
			d.Claim = Claim{State: StateClaim, Period: "2025-10", DecidedBy: ByPerson}
		}),
		doc(supC, "CN-1", -18, 0, 0, func(d *Doc) { d.Kind = gstr2b.KindCreditNote; d.Section = "cdnr"; d.Match = "missing_in_books" }),
		doc(supC, "R-1", 0, 50, 50, func(d *Doc) { d.ReverseCharge = true }),
		{Face: Face2B, Period2B: "2025-10", Section: "impg", Kind: gstr2b.KindBillOfEntry, Number: "BOE-11", Date: "2025-10-02", ITCAvailable: "Y",
			Tax: HeadsOf(rs(1000), 0, 0, rs(10)), Match: "missing_in_books"},
		doc(supA, "ISD-1", 0, 20, 20, func(d *Doc) { d.Section = "isd"; d.Kind = gstr2b.KindISDInvoice }),
	}
	prop := gstr2b.ITCSummary{
		"itcavl": {
			"nonrevsup": group(amounts(180+36+18+500+50+72+10, 90+45+900, 90+45+900, 0), nil),
			"othersup":  group(amounts(18, 0, 0, 0), map[string]gstr2b.Amounts{"cdnr": amounts(18, 0, 0, 0)}),
			"revsup":    group(amounts(0, 50, 50, 0), nil),
			"imports":   group(amounts(1000, 0, 0, 10), nil),
			"isdsup":    group(amounts(0, 20, 20, 0), nil),
		},
		"itcunavl": {"nonrevsup": group(amounts(0, 27.27, 27.27, 0), nil)},
	}
	return Input{Period: "2025-10", Proposal: prop, Have2B: true, Docs: docs, Reconciled: true,
		BooksOnly: []Doc{{Face: FaceBooks, Kind: "invoice", Supplier: supB, Number: "B-11", Date: "2025-10-20", Tax: HeadsOf(rs(9), 0, 0, 0), Ref: "purchases.csv row 9"}},
		Reversals: []Reversal{
			{Rule: "rule_37", Doc: Doc{Face: FaceBooks, Kind: "invoice", Supplier: supA, Number: "OLD-1", Date: "2025-04-10", Tax: HeadsOf(0, rs(30), rs(30), 0)}, Why: "unpaid 180 days on 07/10/2025"},
			{Rule: "rule_37a", Doc: Doc{Face: FaceBooks, Kind: "invoice", Supplier: supB, Number: "OLD-2", Date: "2024-06-10", Tax: HeadsOf(rs(40), 0, 0, 0)}, Why: "supplier's 3B not filed"},
		},
		Reclaims: []Reversal{{Rule: "rule_37", Doc: Doc{Face: FaceBooks, Kind: "invoice", Supplier: supA, Number: "OLD-3", Date: "2025-03-01", Tax: HeadsOf(0, rs(12), rs(12), 0)}, Why: "paid 02/10/2025"}},
		Earlier:  []Doc{doc(supB, "SEP-5", 25, 0, 0, func(d *Doc) { d.Period2B = "2025-09" })},
	}
}

func TestBuildEveryKind(t *testing.T) {
	w := Build(everyKind())
	if msg := w.CheckBridge(); msg != "" {
		t.Fatal(msg)
	}
	tests := []struct {
		row  string
		want Heads
	}{
		// 4A5: proposal 866 IGST less note 18 = 848; -500 pending, -50 rejected, +25 +12 reclaims (CGST/SGST 12).
		{R4A5, HeadsOf(rs(848-500-50+25), rs(1035+12), rs(1035+12), 0)},
		{R4A1, HeadsOf(rs(1000), 0, 0, rs(10))},
		{R4A3, HeadsOf(0, rs(50), rs(50), 0)},
		{R4A4, HeadsOf(0, rs(20), rs(20), 0)},
		{R4B1, HeadsOf(0, rs(900), rs(900), 0)},
		// 4B2: not booked INV-2 (CGST/SGST 90) and BOE-11 (1000 + cess 10), held INV-3 36 and B-7 45/45, C-2 72, Rule 37 30/30, Rule 37A 40.
		{R4B2, HeadsOf(rs(36+72+40+1000), rs(90+45+30), rs(90+45+30), rs(10))},
		{R4D1, HeadsOf(rs(25), rs(12), rs(12), 0)},
		{R4D2, HeadsOf(0, rs(27.27), rs(27.27), 0)},
	}
	for _, tt := range tests {
		if got := w.Row(tt.row).Figure; got != tt.want {
			t.Errorf("%s = %+v, want %+v", tt.row, got, tt.want)
		}
	}
	for _, k := range []string{LineNotAvailable, LineRejected, LinePending, LineBlocked, LineNotBooked, LineHeld, LineHeldByPerson, LineRule37, LineRule37A, LineReclaimed, LineBooksNotIn2B} {
		if w.Line(k) == nil {
			t.Errorf("no %s line", k)
		}
	}
	if l := w.Line(LineSummary); l != nil {
		t.Errorf("summary line %+v; the documents agree with the summary", l)
	}
	golden(t, "every_kind.json", w)
}

func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name)
	if *update {
		os.WriteFile(path, append(got, '\n'), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != string(got)+"\n" {
		t.Errorf("%s differs from the golden file (run with -update and read the diff)", name)
	}
}

func TestBuildCases(t *testing.T) {
	base := everyKind()
	tests := []struct {
		name  string
		in    func() Input
		check func(t *testing.T, w Worksheet)
	}{
		{"no reconciliation: held and not booked not worked out", func() Input { in := base; in.Reconciled = false; return in }, func(t *testing.T, w Worksheet) {
			if w.Line(LineNotBooked) != nil || w.Line(LineHeld) != nil {
				t.Error("not booked or held without a run")
			}
		}},
		{"no 2B", func() Input { return Input{Period: "2025-10"} }, func(t *testing.T, w Worksheet) {
			if !w.Row(R4C).Figure.Zero() || len(w.Notes) == 0 {
				t.Errorf("4C %+v notes %v", w.Row(R4C).Figure, w.Notes)
			}
		}},
		{"summary differs from documents", func() Input {
			in := base
			in.Docs = append([]Doc{}, base.Docs...)
			in.Docs = append(in.Docs, doc(supA, "EXTRA", 5, 0, 0, nil))
			return in
		}, func(t *testing.T, w Worksheet) {
			l := w.Line(LineSummary)
			if l == nil || len(l.Effects) != 1 || l.Effects[0].Row != R4A5 || l.Effects[0].Tax != HeadsOf(rs(5), 0, 0, 0) {
				t.Errorf("summary line %+v", l)
			}
		}},
		{"person claims in a later month: held", func() Input {
			in := base
			in.Docs = []Doc{doc(supA, "INV-1", 180, 0, 0, func(d *Doc) { d.Claim = Claim{State: StateClaim, Period: "2025-12", DecidedBy: ByPerson} })}
			return in
		}, func(t *testing.T, w Worksheet) {
			if l := w.Line(LineHeldByPerson); l == nil || l.Docs[0].Why != "to be claimed in Dec 2025" {
				t.Errorf("line %+v", l)
			}
		}},
		{"auto decision does not override the rules", func() Input {
			in := base
			in.Docs = []Doc{doc(supA, "INV-1", 180, 0, 0, func(d *Doc) {
				d.Match = "mismatch"
				d.Claim = Claim{State: StateClaim, Period: "2025-10", DecidedBy: ByAuto}
			})}
			return in
		}, func(t *testing.T, w Worksheet) {
			if w.Line(LineHeld) == nil {
				t.Error("a recorded claim overrode the mismatch")
			}
		}},
		{"no reconciliation, Rule 37A above the month's CGST: 4(C) below nil is explained, not clamped", func() Input {
			in := base
			in.Reconciled = false
			in.Reversals = []Reversal{{Rule: "rule_37a", Doc: doc(supC, "OLD-9", 0, 5000, 5000, func(d *Doc) { d.Face = FaceBooks })}}
			return in
		}, func(t *testing.T, w Worksheet) {
			c := w.Row(R4C).Figure
			if c.CGST >= 0 || c.SGST >= 0 {
				t.Fatalf("4(C) %+v: the test needs it below nil", c)
			}
			var wn *Warning
			for i := range w.Warnings {
				if w.Warnings[i].Kind == WarnNegativeNet {
					wn = &w.Warnings[i]
				}
			}
			if wn == nil || !strings.Contains(wn.Message, "CGST −₹") || !strings.Contains(wn.Message, "Rule 37A") || !strings.Contains(wn.Message, "No reconciliation") {
				t.Fatalf("warning %+v", wn)
			}
			for _, d := range wn.Docs {
				if d.Tax.CGST == 0 && d.Tax.SGST == 0 {
					t.Errorf("document %s carries no CGST or SGST", d.Number)
				}
			}
			if len(wn.Docs) == 0 || wn.Docs[len(wn.Docs)-1].Number != "OLD-9" {
				t.Errorf("documents %+v", wn.Docs)
			}
		}},
		{"a document is reversed once", func() Input {
			in := base
			in.Docs = []Doc{doc(supA, "INV-1", 180, 0, 0, func(d *Doc) { d.Match = "missing_in_books" })}
			in.Reversals = []Reversal{{Rule: "rule_37", Doc: in.Docs[0]}}
			return in
		}, func(t *testing.T, w Worksheet) {
			if w.Line(LineRule37) != nil || w.Row(R4B2).Figure != HeadsOf(rs(180), 0, 0, 0) {
				t.Errorf("4B2 %+v", w.Row(R4B2).Figure)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := Build(tt.in())
			if msg := w.CheckBridge(); msg != "" {
				t.Fatal(msg)
			}
			tt.check(t, w)
		})
	}
}

// randomInput is a month of n documents with every fact drawn at random, and a proposal that
// may or may not agree with them.
func randomInput(r *rand.Rand, n int) Input {
	sections := []string{"b2b", "b2ba", "cdnr", "isd", "impg", "ecom"}
	matches := []string{"exact", "suggested", "mismatch", "missing_in_books", ""}
	imsActs := []string{"A", "R", "P", "N", ""}
	amt := func() money.Paise { return money.Paise(r.Int64N(10_000_000)) }
	in := Input{Period: "2025-10", Have2B: r.IntN(5) > 0, Reconciled: r.IntN(3) > 0, Proposal: gstr2b.ITCSummary{}}
	for _, part := range []string{"itcavl", "itcunavl", "itcrev"} {
		in.Proposal[part] = map[string]gstr2b.SummaryGroup{}
		for _, g := range []string{"nonrevsup", "revsup", "isdsup", "imports", "othersup"} {
			if r.IntN(2) == 0 {
				secs := map[string]gstr2b.Amounts{}
				if r.IntN(2) == 0 {
					secs["isd"] = gstr2b.Amounts{IGST: amt()}
				}
				in.Proposal[part][g] = gstr2b.SummaryGroup{Total: gstr2b.Amounts{IGST: amt(), CGST: amt(), SGST: amt(), Cess: amt()}, Sections: secs}
			}
		}
	}
	for i := 0; i < n; i++ {
		d := Doc{Face: Face2B, Period2B: "2025-10", Section: sections[r.IntN(len(sections))], Kind: gstr2b.KindInvoice,
			Supplier: []string{supA, supB, supC}[r.IntN(3)], Number: "N" + string(rune('A'+r.IntN(26))) + string(rune('0'+r.IntN(10))),
			ITCAvailable: []string{"Y", "N", "T"}[r.IntN(3)], Tax: HeadsOf(amt(), amt(), amt(), amt()), Match: matches[r.IntN(len(matches))],
			Confirmed: r.IntN(2) == 0, IMS: imsActs[r.IntN(len(imsActs))], Blocked: r.IntN(8) == 0, ReverseCharge: r.IntN(5) == 0}
		if r.IntN(4) == 0 {
			d.Kind, d.Tax = gstr2b.KindCreditNote, d.Tax.Neg()
		}
		switch r.IntN(6) {
		case 0:
			d.Claim = Claim{State: StateHold, DecidedBy: ByPerson}
		case 1:
			d.Claim = Claim{State: StateClaim, Period: []string{"2025-09", "2025-10", "2025-11"}[r.IntN(3)], DecidedBy: []string{ByPerson, ByAuto}[r.IntN(2)]}
		}
		in.Docs = append(in.Docs, d)
		if r.IntN(10) == 0 {
			in.Reversals = append(in.Reversals, Reversal{Rule: []string{"rule_37", "rule_37a"}[r.IntN(2)], Doc: d})
		}
		if r.IntN(15) == 0 {
			in.Reclaims = append(in.Reclaims, Reversal{Rule: "rule_37", Doc: Doc{Supplier: supA, Number: "R" + d.Number, Tax: d.Tax}})
		}
		if r.IntN(15) == 0 {
			e := d
			e.Period2B, e.Number = "2025-08", "E"+d.Number
			in.Earlier = append(in.Earlier, e)
		}
	}
	return in
}

// TestBridgeAddsUp is the property: for any month, per row and head, the 2B's proposal plus the
// bridge's adjustments is the figure, to the paisa, and 4(C) is 4(A) - 4(B).
func TestBridgeAddsUp(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	for i := 0; i < 500; i++ {
		in := randomInput(r, r.IntN(60))
		w := Build(in)
		if msg := w.CheckBridge(); msg != "" {
			t.Fatalf("case %d: %s", i, msg)
		}
		// Every document changing a figure is on exactly one such line.
		seen := map[string]string{}
		for _, l := range w.Bridge {
			if l.Informational() {
				continue
			}
			for _, d := range l.Docs {
				if prev, ok := seen[d.key()]; ok {
					t.Fatalf("case %d: %s on %s and %s", i, d.Number, prev, l.Kind)
				}
				seen[d.key()] = l.Kind
			}
		}
	}
}

func TestHeadsJSON(t *testing.T) {
	b, _ := json.Marshal(HeadsOf(123450, -5, 0, 100))
	if got, want := string(b), `{"igst_rupees":1234.50,"cgst_rupees":-0.05,"sgst_rupees":0.00,"cess_rupees":1.00,"total_rupees":1235.45}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	var h Heads
	if err := json.Unmarshal(b, &h); err != nil || h != HeadsOf(123450, -5, 0, 100) {
		t.Errorf("read back %+v %v", h, err)
	}
}

// FuzzHeadsJSON holds the amounts' reader to what it can read: never a panic, and what it reads
// it writes back the same.
func FuzzHeadsJSON(f *testing.F) {
	for _, s := range []string{`{"igst_rupees":1234.50,"cgst_rupees":"-0.05","sgst_rupees":0,"cess_rupees":null}`, `{}`, `{"igst_rupees":"₹1,00,000.00"}`,
		`{"igst_rupees":1e3}`, `[]`, `{"igst_rupees":"abc"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var h Heads
		if json.Unmarshal(b, &h) != nil {
			return
		}
		out, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		var back Heads
		if err := json.Unmarshal(out, &back); err != nil || back != h {
			t.Fatalf("%s read back as %+v (%v), was %+v", out, back, err, h)
		}
	})
}
