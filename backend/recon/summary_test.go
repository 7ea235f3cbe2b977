package recon

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"gstdesk/backend/export"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const (
	supNotFiled  = "24ABCCR0123M1ZM"
	supCancelled = "29AAPFU0939F1ZR"
)

func scenario() (books, twoA []Invoice) {
	filed := func(in Invoice) Invoice { in.FiledGSTR1, in.FiledGSTR3B = "Y", "Y"; return in }
	books = []Invoice{
		bk(supA, "INV-1", "2024-07-01", 1000),
		bk(supA, "INV-2", "2024-07-02", 2000),
		bk(supA, "INV-3", "2024-07-03", 500),
		bk(supNotFiled, "N-1", "2024-07-04", 1000),
		bk(supCancelled, "C-1", "2024-07-05", 100),
	}
	twoA = []Invoice{
		filed(ta(supA, "INV/1", "2024-07-01", 1000)),
		filed(ta(supA, "INV/2", "2024-07-02", 1900)),
		filed(ta(supA, "INV/9", "2024-07-20", 300)),
		with(ta(supNotFiled, "N1", "2024-07-04", 1000), func(i *Invoice) { i.FiledGSTR1, i.FiledGSTR3B = "Y", "N" }),
		with(filed(ta(supCancelled, "C/1", "2024-07-05", 100)), func(i *Invoice) { i.CancelledOn = "2024-06-30" }),
	}
	for i := range books {
		books[i].SupplierName = "Supplier " + books[i].SupplierGSTIN[:2]
	}
	return books, twoA
}

func TestSummarise(t *testing.T) {
	books, twoA := scenario()
	res := Match(books, twoA, DefaultOptions())
	s := Summarise(res)
	if len(s.Periods) != 1 || s.Periods[0].Period != "2024-07" {
		t.Fatalf("periods = %+v", s.Periods)
	}
	p := s.Periods[0]
	wantStatus := []StatusTotal{{Exact, 3, 37800}, {Suggested, 0, 0}, {Mismatch, 1, 36000}, {MissingIn2A, 1, 9000}, {MissingInBooks, 1, 5400}, {DuplicateInBooks, 0, 0}}
	if !reflect.DeepEqual(p.ByStatus, wantStatus) {
		t.Errorf("by status = %+v, want %+v", p.ByStatus, wantStatus)
	}
	got := []Paise{p.ITCConfident, p.ITCReview, p.ITCAtRisk, p.RiskMissing, p.RiskNotFiled, p.RiskCancelled, p.RiskOverClaim, p.UnclaimedIn2A}
	want := []Paise{18000, 36000, 28800, 9000, 18000, 1800, 0, 5400}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("confident, review, risk, missing, not filed, cancelled, over, unclaimed = %v, want %v", got, want)
	}
	if !reflect.DeepEqual(s.Total.ByStatus, p.ByStatus) || s.Total.ITCAtRisk != p.ITCAtRisk {
		t.Errorf("total = %+v", s.Total)
	}

	// accepting the mismatch claims up to what 2A shows; ignoring the missing row drops it
	opt := DefaultOptions()
	for _, r := range res.Rows {
		switch r.Status {
		case Mismatch:
			opt.Actions = append(opt.Actions, Action{RowKey: r.Key, Kind: Accept, Fingerprint: r.Fingerprint()})
		case MissingIn2A:
			opt.Actions = append(opt.Actions, Action{RowKey: r.Key, Kind: Ignore, Fingerprint: r.Fingerprint()})
		}
	}
	p = Summarise(Match(books, twoA, opt)).Periods[0]
	got = []Paise{p.ITCConfident, p.ITCReview, p.ITCAtRisk, p.RiskMissing, p.RiskOverClaim}
	want = []Paise{18000 + 34200, 0, 1800 + 18000 + 1800, 0, 1800}
	if !reflect.DeepEqual(got, want) || p.IgnoredRows != 1 {
		t.Errorf("after actions: confident, review, risk, missing, over = %v, want %v; ignored %d", got, want, p.IgnoredRows)
	}
}

func TestSuppliers(t *testing.T) {
	books, twoA := scenario()
	ss := Suppliers(Match(books, twoA, DefaultOptions()))
	type brief struct {
		gstin, risk string
		reasons     []string
		atRisk      Paise
	}
	var got []brief
	for _, s := range ss {
		got = append(got, brief{s.GSTIN, s.Risk, s.RiskReasons, s.AtRisk})
	}
	want := []brief{
		{supNotFiled, "high", []string{"GSTR-3B not filed for a period"}, 18000},
		{supA, "high", []string{"1 invoice not reported in GSTR-2A", "1 mismatch to review"}, 9000},
		{supCancelled, "high", []string{"registration cancelled from 30/06/2024"}, 1800},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("suppliers =\n%+v\nwant\n%+v", got, want)
	}
	// Once the mismatch is accepted it is no longer "to review".
	for _, r := range Match(books, twoA, DefaultOptions()).Rows {
		if r.Status == Mismatch {
			opt := DefaultOptions()
			opt.Actions = []Action{{RowKey: r.Key, Kind: Accept, Fingerprint: r.Fingerprint()}}
			for _, x := range Suppliers(Match(books, twoA, opt)) {
				if x.GSTIN == supA && !reflect.DeepEqual(x.RiskReasons, []string{"1 invoice not reported in GSTR-2A"}) {
					t.Errorf("after accepting the mismatch: reasons %q", x.RiskReasons)
				}
			}
		}
	}
	if ss[1].BooksTax != 63000 || ss[1].TwoATax != 18000+34200+5400 || ss[1].Difference != 63000-57600 || ss[1].FiledGSTR1 != "Y" {
		t.Errorf("supplier A = %+v", ss[1])
	}
}

// TestAtRiskAgrees checks the one definition of ITC at risk: the suppliers' at-risk amounts add up
// to the summary's total to the paisa, before and after decisions (an accepted mismatch claims
// beyond 2A, and that excess is at risk in both).
func TestAtRiskAgrees(t *testing.T) {
	books, twoA := scenario()
	accepted := DefaultOptions()
	for _, r := range Match(books, twoA, DefaultOptions()).Rows {
		if r.Status == Mismatch {
			accepted.Actions = append(accepted.Actions, Action{RowKey: r.Key, Kind: Accept, Fingerprint: r.Fingerprint()})
		}
	}
	for name, opt := range map[string]Options{"undecided": DefaultOptions(), "mismatch accepted": accepted} {
		res := Match(books, twoA, opt)
		total := Summarise(res).Total.ITCAtRisk
		var sum Paise
		for _, s := range Suppliers(res) {
			sum += s.AtRisk
		}
		if sum != total || total == 0 {
			t.Errorf("%s: suppliers' at risk add up to %d paise, the summary says %d", name, sum, total)
		}
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./backend/recon -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

func TestExportTablesGolden(t *testing.T) {
	books, twoA := scenario()
	res := Match(books, twoA, DefaultOptions())
	for _, tt := range []struct {
		name  string
		table export.Table
	}{
		{"result.csv", ResultTable(res)},
		{"summary.csv", SummaryTable(Summarise(res))},
		{"suppliers.csv", SuppliersTable(Suppliers(res))},
		{"pack_" + supA + ".csv", SupplierPack(res, supA)},
	} {
		var buf bytes.Buffer
		if err := export.Write(&buf, export.CSV, tt.table); err != nil {
			t.Fatal(err)
		}
		golden(t, tt.name, buf.Bytes())
	}
	// every format writes
	for _, f := range []export.Format{export.JSON, export.XLSX} {
		var buf bytes.Buffer
		if err := export.Write(&buf, f, ResultTable(res)); err != nil || buf.Len() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestExplanationGolden keeps the whole explanation of one row of every status and rule: rule,
// normalised numbers, differences, every field compared, and the candidates of Missing rows.
func TestExplanationGolden(t *testing.T) {
	books := []Invoice{
		bk(supA, "INV/2024-25/0001", "2024-07-01", 1000),                                           // exact
		bk(supA, "INV-0002", "2024-07-02", 1000),                                                   // mismatch
		bk(supA, "INV-0003", "2024-07-03", 1000),                                                   // dates near
		bk(supA, "INV-10042", "2024-07-04", 1000),                                                  // near number
		bk(supA, "W/55", "2024-07-05", 1000),                                                       // wrong branch
		bk(supA, "77", "2024-07-06", 4321),                                                         // same amounts
		bk(supA, "INV-0009", "2024-07-07", 999),                                                    // missing in 2A
		with(bk(supA, "CN/7", "2024-07-08", -500), func(i *Invoice) { i.DocType = DocCreditNote }), // credit note, exact
	}
	twoA := []Invoice{
		ta(supA, "inv-1/24-25", "2024-07-01", 1000),
		with(ta(supA, "INV/2", "2024-07-02", 1000), func(i *Invoice) { i.IGST, i.CGST, i.SGST = 18000, 0, 0; i.PlaceOfSupply = "29" }),
		ta(supA, "INV/3", "2024-07-08", 1000),
		ta(supA, "INV-10024", "2024-07-04", 1000),
		ta(supA2, "W-55", "2024-07-05", 1000),
		ta(supA, "SRV/2024/778", "2024-07-09", 4321),
		ta(supA, "INV-0019", "2024-07-30", 5000), // missing in books
		with(ta(supA, "CN-7", "2024-07-08", -500), func(i *Invoice) { i.DocType = DocCreditNote }),
	}
	res := Match(books, twoA, DefaultOptions())
	type explained struct {
		Row    Row          `json:"row"`
		Fields []Comparison `json:"fields"`
	}
	var out []explained
	for i := range res.Rows {
		out = append(out, explained{res.Rows[i], res.Rows[i].Fields(res.Options)})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "explanations.json", append(b, '\n'))
	rules := map[RuleID]bool{}
	for _, r := range res.Rows {
		rules[r.RuleID] = true
	}
	for _, r := range []RuleID{RuleExact, RuleDifferent, RuleDateWindow, RuleNearNumber, RuleWrongBranch, RuleSameAmounts, RuleNotIn2A, RuleNotInBooks} {
		if !rules[r] {
			t.Errorf("rule %s missing from the golden scenario", r)
		}
	}
}
