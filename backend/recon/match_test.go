package recon

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

const (
	supA  = "27AAPFU0939F1ZV" // Maharashtra branch
	supA2 = "29AAPFU0939F1ZR" // Karnataka branch, same PAN
	supB  = "24ABCCR0123M1ZM"
)

// inv builds an invoice of taxable value t rupees with 9% CGST and SGST.
func inv(src Source, gstin, num, date string, t int64) Invoice {
	tax := Paise(t * 9)
	return Invoice{Source: src, RowRef: string(src) + ":" + num, SupplierGSTIN: gstin, Number: num, Date: date,
		PlaceOfSupply: "27", DocType: DocInvoice, Taxable: Paise(t * 100), CGST: tax, SGST: tax, Value: Paise(t*100) + 2*tax}
}

func bk(gstin, num, date string, t int64) Invoice { return inv(Books, gstin, num, date, t) }
func ta(gstin, num, date string, t int64) Invoice { return inv(GSTR2A, gstin, num, date, t) }

func with(in Invoice, f func(*Invoice)) Invoice { f(&in); return in }

func only(t *testing.T, res Result) Row {
	t.Helper()
	if len(res.Rows) != 1 {
		t.Fatalf("got %d rows, want 1: %+v", len(res.Rows), res.Rows)
	}
	return res.Rows[0]
}

func diffFields(r Row, beyondOnly bool) []string {
	var out []string
	for _, d := range r.Differences {
		if !beyondOnly || !d.WithinTolerance {
			out = append(out, d.Field)
		}
	}
	return out
}

func TestMatchPairs(t *testing.T) {
	tests := []struct {
		name       string
		books, twA Invoice
		opt        Options
		status     Status
		rule       RuleID
		normB      string
		normA      string
		beyond     []string // differences beyond tolerance
		within     []string // every listed difference
		ruleHas    string
	}{
		{name: "exact across FY spellings", books: bk(supA, "INV/2024-25/0042", "2024-07-01", 1000), twA: ta(supA, "inv-42/24-25", "2024-07-01", 1000),
			status: Exact, rule: RuleExact, normB: "INV42", normA: "INV42", ruleHas: "within ₹1.00"},
		{name: "exact with rounding within tolerance", books: bk(supA, "42", "2024-07-01", 1000),
			twA:    with(ta(supA, "0042", "2024-07-01", 1000), func(i *Invoice) { i.CGST += 50; i.Value += 50 }),
			status: Exact, rule: RuleExact, normB: "42", normA: "42", within: []string{"invoice_value", "cgst"}},
		{name: "mismatch on amounts, place of supply and reverse charge", books: bk(supA, "A-17", "2024-07-01", 1000),
			twA:    with(ta(supA, "A17", "2024-07-01", 1100), func(i *Invoice) { i.PlaceOfSupply = "29"; i.ReverseCharge = true }),
			status: Mismatch, rule: RuleDifferent, normB: "A17", normA: "A17",
			beyond: []string{"place_of_supply", "reverse_charge", "invoice_value", "taxable_value", "cgst", "sgst"},
			within: []string{"place_of_supply", "reverse_charge", "invoice_value", "taxable_value", "cgst", "sgst"}, ruleHas: "taxable value ₹100.00 less in the books"},
		{name: "dates within window suggest", books: bk(supA, "A17", "2024-07-01", 1000), twA: ta(supA, "A17", "2024-07-04", 1000),
			status: Suggested, rule: RuleDateWindow, normB: "A17", normA: "A17", within: []string{"invoice_date"}, ruleHas: "3 days apart"},
		{name: "dates beyond window are a mismatch", books: bk(supA, "A17", "2024-07-01", 1000), twA: ta(supA, "A17", "2024-07-20", 1000),
			status: Mismatch, rule: RuleDifferent, normB: "A17", normA: "A17", beyond: []string{"invoice_date"}, within: []string{"invoice_date"}, ruleHas: "dates differ (01/07/2024 vs 20/07/2024)"},
		{name: "near number, amounts agree", books: bk(supA, "INV1042", "2024-07-01", 1000), twA: ta(supA, "INV1024", "2024-07-02", 1000),
			status: Suggested, rule: RuleNearNumber, normB: "INV1042", normA: "INV1024",
			beyond: []string{"invoice_number"}, within: []string{"invoice_number", "invoice_date"}, ruleHas: "one typing slip"},
		{name: "near number by insertion", books: bk(supA, "INV/10042", "2024-07-01", 1000), twA: ta(supA, "INV/1042", "2024-07-01", 1000),
			status: Suggested, rule: RuleNearNumber, normB: "INV10042", normA: "INV1042", beyond: []string{"invoice_number"}, within: []string{"invoice_number"}},
		{name: "same PAN, another GSTIN", books: bk(supA, "B/77", "2024-07-01", 1000), twA: ta(supA2, "B-77", "2024-07-01", 1000),
			status: Suggested, rule: RuleWrongBranch, normB: "B77", normA: "B77", beyond: []string{"supplier_gstin"}, within: []string{"supplier_gstin"},
			ruleHas: "same PAN, booked under another GSTIN (wrong branch)"},
		{name: "same amounts, numbers unrelated", books: bk(supA, "42", "2024-07-01", 1000), twA: ta(supA, "ABC/9931", "2024-07-05", 1000),
			status: Suggested, rule: RuleSameAmounts, normB: "42", normA: "ABC9931", beyond: []string{"invoice_number"}, within: []string{"invoice_number", "invoice_date"}},
		{name: "zero tolerance makes rounding a mismatch", books: bk(supA, "42", "2024-07-01", 1000),
			twA: with(ta(supA, "42", "2024-07-01", 1000), func(i *Invoice) { i.CGST += 50 }), opt: Options{AmountTolerance: 0, DateWindowDays: 10},
			status: Mismatch, rule: RuleDifferent, normB: "42", normA: "42", beyond: []string{"cgst"}, within: []string{"cgst"}},
		{name: "wider tolerance absorbs ₹5", books: bk(supA, "42", "2024-07-01", 1000),
			twA: with(ta(supA, "42", "2024-07-01", 1000), func(i *Invoice) { i.CGST += 500 }), opt: Options{AmountTolerance: 500, DateWindowDays: 10},
			status: Exact, rule: RuleExact, normB: "42", normA: "42", within: []string{"cgst"}},
		{name: "zero date window makes one day a mismatch", books: bk(supA, "42", "2024-07-01", 1000), twA: ta(supA, "42", "2024-07-02", 1000),
			opt: Options{AmountTolerance: 100}, status: Mismatch, rule: RuleDifferent, normB: "42", normA: "42", beyond: []string{"invoice_date"}, within: []string{"invoice_date"}},
		{name: "credit notes match credit notes", books: with(bk(supA, "CN/24-25/5", "2024-07-01", -1000), func(i *Invoice) { i.DocType = DocCreditNote }),
			twA:    with(ta(supA, "CN-5", "2024-07-01", -1000), func(i *Invoice) { i.DocType = DocCreditNote }),
			status: Exact, rule: RuleExact, normB: "CN5", normA: "CN5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			if opt.AmountTolerance == 0 && opt.DateWindowDays == 0 && tt.name != "zero tolerance makes rounding a mismatch" {
				opt = DefaultOptions()
			}
			r := only(t, Match([]Invoice{tt.books}, []Invoice{tt.twA}, opt))
			if r.Status != tt.status || r.RuleID != tt.rule {
				t.Errorf("status, rule = %s, %s, want %s, %s (%s)", r.Status, r.RuleID, tt.status, tt.rule, r.Rule)
			}
			if r.NormBooks != tt.normB || r.Norm2A != tt.normA {
				t.Errorf("norms = %q, %q, want %q, %q", r.NormBooks, r.Norm2A, tt.normB, tt.normA)
			}
			if got := diffFields(r, true); !reflect.DeepEqual(got, tt.beyond) {
				t.Errorf("differences beyond tolerance = %v, want %v", got, tt.beyond)
			}
			if got := diffFields(r, false); !reflect.DeepEqual(got, tt.within) {
				t.Errorf("differences = %v, want %v", got, tt.within)
			}
			if !strings.Contains(r.Rule, tt.ruleHas) {
				t.Errorf("rule = %q, want it to contain %q", r.Rule, tt.ruleHas)
			}
			if r.Books == nil || r.GSTR2A == nil || r.Books.RowRef != tt.books.RowRef || r.GSTR2A.RowRef != tt.twA.RowRef {
				t.Errorf("sides = %+v, %+v", r.Books, r.GSTR2A)
			}
			if r.Key == "" || r.Fingerprint() == "" || r.Period != "2024-07" {
				t.Errorf("key, fingerprint, period = %q, %q, %q", r.Key, r.Fingerprint(), r.Period)
			}
		})
	}
}

func TestMatchDifferenceValues(t *testing.T) {
	r := only(t, Match([]Invoice{bk(supA, "A17", "2024-07-01", 1000)}, []Invoice{ta(supA, "A17", "2024-07-20", 1100)}, DefaultOptions()))
	want := []Difference{
		{Field: "invoice_date", Books: "01/07/2024", GSTR2A: "20/07/2024", Diff: "-19 days"},
		{Field: "invoice_value", Books: "1180.00", GSTR2A: "1298.00", Diff: "-118.00"},
		{Field: "taxable_value", Books: "1000.00", GSTR2A: "1100.00", Diff: "-100.00"},
		{Field: "cgst", Books: "90.00", GSTR2A: "99.00", Diff: "-9.00"},
		{Field: "sgst", Books: "90.00", GSTR2A: "99.00", Diff: "-9.00"},
	}
	if !reflect.DeepEqual(r.Differences, want) {
		t.Errorf("differences =\n%+v\nwant\n%+v", r.Differences, want)
	}
	fields := r.Fields(DefaultOptions())
	verdicts := map[string]string{}
	for _, f := range fields {
		verdicts[f.Field] = f.Verdict
	}
	wantV := map[string]string{"supplier_gstin": "same", "invoice_number": "same", "invoice_date": "different", "place_of_supply": "same",
		"reverse_charge": "same", "document_type": "same", "invoice_value": "different", "taxable_value": "different", "igst": "same",
		"cgst": "different", "sgst": "different", "cess": "same"}
	if !reflect.DeepEqual(verdicts, wantV) {
		t.Errorf("field verdicts = %v, want %v", verdicts, wantV)
	}
}

func TestMatchMissing(t *testing.T) {
	books := []Invoice{
		bk(supA, "INV-500", "2024-07-10", 1000),
		bk(supA, "INV-501", "2024-07-11", 2000), // missing in 2A
	}
	twoA := []Invoice{
		ta(supA, "INV/500", "2024-07-10", 1000),
		ta(supA, "INV-510", "2024-07-12", 7000), // missing in books: number two slips off, amounts differ
		ta(supB, "INV-501", "2024-07-11", 2000), // another supplier, same number: missing in books
	}
	res := Match(books, twoA, DefaultOptions())
	got := map[Status]int{}
	for _, r := range res.Rows {
		got[r.Status]++
	}
	if want := map[Status]int{Exact: 1, MissingIn2A: 1, MissingInBooks: 2}; !reflect.DeepEqual(got, want) {
		t.Fatalf("statuses = %v, want %v", got, want)
	}
	var miss Row
	for _, r := range res.Rows {
		if r.Status == MissingIn2A {
			miss = r
		}
	}
	if miss.GSTR2A != nil || miss.Books.Number != "INV-501" || miss.RuleID != RuleNotIn2A {
		t.Fatalf("missing row = %+v", miss)
	}
	if len(miss.Candidates) != 3 {
		t.Fatalf("candidates = %+v, want 3", miss.Candidates)
	}
	wantCand := []struct{ number, has string }{
		{"INV/500", "already paired with books:INV-500 (INV-500, Exact match)"},
		{"INV-510", "invoice number one typing slip away (INV501 vs INV510)"},
		{"INV-501", "another supplier (" + supB + ")"},
	}
	for i, w := range wantCand {
		c := miss.Candidates[i]
		if c.Invoice.Number != w.number || !strings.Contains(c.Reason, w.has) {
			t.Errorf("candidate %d = %s: %q, want %s with %q", i, c.Invoice.Number, c.Reason, w.number, w.has)
		}
	}
	if !strings.Contains(miss.Candidates[1].Reason, "amounts differ beyond ₹1.00: invoice value ₹5,900.00 less in the books") {
		t.Errorf("reason = %q, want the amount gap", miss.Candidates[1].Reason)
	}
	for _, r := range res.Rows {
		if r.Status == MissingInBooks && (r.Books != nil || len(r.Candidates) == 0 || r.RuleID != RuleNotInBooks) {
			t.Errorf("missing in books row = %+v", r)
		}
	}
}

func TestMatchNearNumberNeedsAgreeingAmounts(t *testing.T) {
	res := Match([]Invoice{bk(supA, "INV1042", "2024-07-01", 1000)}, []Invoice{ta(supA, "INV1043", "2024-07-01", 1500)}, DefaultOptions())
	if len(res.Rows) != 2 || res.Rows[0].Status == Suggested {
		t.Fatalf("rows = %+v, want two missing rows", res.Rows)
	}
	for _, r := range res.Rows {
		if len(r.Candidates) != 1 || !strings.Contains(r.Candidates[0].Reason, "one typing slip") || !strings.Contains(r.Candidates[0].Reason, "taxable value ₹500.00 less in the books") {
			t.Errorf("candidates of %s = %+v", r.Status, r.Candidates)
		}
	}
}

func TestMatchShortNumbersAreNotNearMisses(t *testing.T) {
	// 41 vs 42 with equal amounts on dates a month apart: not a near miss (too short), not within the window.
	res := Match([]Invoice{bk(supA, "41", "2024-07-01", 1000)}, []Invoice{ta(supA, "42", "2024-08-01", 1000)}, DefaultOptions())
	if len(res.Rows) != 2 {
		t.Fatalf("rows = %+v, want two missing rows", res.Rows)
	}
	if !strings.Contains(res.Rows[0].Candidates[0].Reason, "too short to treat as a typing slip") {
		t.Errorf("reason = %q", res.Rows[0].Candidates[0].Reason)
	}
}

// A credit note in the books and an invoice of the same supplier and number in the return are one
// document written down two ways: one Mismatch naming both types (issue 23 item 3), not two
// unexplained missing rows. Before, they were two rows.
func TestMatchInvoiceVersusCreditNoteIsOneMismatch(t *testing.T) {
	cn := with(bk(supA, "42", "2024-07-01", -1000), func(i *Invoice) { i.DocType = DocCreditNote })
	res := Match([]Invoice{cn}, []Invoice{ta(supA, "42", "2024-07-01", 1000)}, DefaultOptions())
	if len(res.Rows) != 1 {
		t.Fatalf("rows = %+v, want one row", res.Rows)
	}
	r := res.Rows[0]
	if r.Status != Mismatch || r.RuleID != RuleDocType {
		t.Errorf("status, rule = %s, %s; want mismatch, %s", r.Status, r.RuleID, RuleDocType)
	}
	want := "Same supplier GSTIN and number, but the books have it as a credit note and the return as an invoice; also invoice value ₹2,360.00 less in the books; taxable value ₹2,000.00 less in the books; CGST ₹180.00 less in the books; SGST ₹180.00 less in the books"
	if r.Rule != want {
		t.Errorf("rule =\n%s\nwant\n%s", r.Rule, want)
	}
	// a credit note of the same number months away is another document
	far := with(bk(supA, "42", "2024-11-01", -1000), func(i *Invoice) { i.DocType = DocCreditNote })
	if res := Match([]Invoice{far}, []Invoice{ta(supA, "42", "2024-07-01", 1000)}, DefaultOptions()); len(res.Rows) != 2 {
		t.Errorf("a credit note four months after the invoice paired with it: %+v", res.Rows)
	}
	// the same number as an invoice on both sides still pairs as an invoice
	inv := bk(supA, "42", "2024-07-01", 1000)
	res = Match([]Invoice{cn, inv}, []Invoice{ta(supA, "42", "2024-07-01", 1000)}, DefaultOptions())
	if len(res.Rows) != 2 || res.Rows[0].Status != Exact || res.Rows[1].Status != MissingIn2A {
		t.Fatalf("rows = %+v, want the invoice exact and the credit note missing", res.Rows)
	}
}

func TestMatchDuplicateBooking(t *testing.T) {
	books := []Invoice{bk(supA, "42", "2024-07-01", 1000), with(bk(supA, "42", "2024-07-01", 1000), func(i *Invoice) { i.RowRef = "books:42 again" })}
	res := Match(books, []Invoice{ta(supA, "42", "2024-07-01", 1000)}, DefaultOptions())
	if len(res.Rows) != 2 || res.Rows[0].Status != Exact || res.Rows[1].Status != MissingIn2A {
		t.Fatalf("rows = %+v", res.Rows)
	}
	if res.Rows[0].Books.RowRef != "books:42" {
		t.Errorf("the first booking should win, got %s", res.Rows[0].Books.RowRef)
	}
	if !strings.Contains(res.Rows[1].Candidates[0].Reason, "already paired with books:42 (42, Exact match)") {
		t.Errorf("reason = %q", res.Rows[1].Candidates[0].Reason)
	}
	if !strings.HasSuffix(strings.Split(res.Rows[1].Key, "~")[0], "#2") {
		t.Errorf("the second booking's key %q should end in #2", res.Rows[1].Key)
	}
}

func TestMatchPrefersExactOverNear(t *testing.T) {
	// INV1042 in the books must pair with INV1042 in 2A, not with the near INV1024.
	books := []Invoice{bk(supA, "INV1042", "2024-07-01", 1000)}
	twoA := []Invoice{ta(supA, "INV1024", "2024-07-01", 1000), ta(supA, "INV1042", "2024-07-01", 1000)}
	res := Match(books, twoA, DefaultOptions())
	for _, r := range res.Rows {
		if r.Books != nil && (r.Status != Exact || r.GSTR2A.Number != "INV1042") {
			t.Errorf("row = %+v", r)
		}
	}
}

func TestMatchDeterministic(t *testing.T) {
	books, twoA := synthetic(300, 7)
	want, _ := json.Marshal(Match(books, twoA, DefaultOptions()))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3; i++ {
		b := append([]Invoice(nil), books...)
		a := append([]Invoice(nil), twoA...)
		rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		got, _ := json.Marshal(Match(b, a, DefaultOptions()))
		// Shuffling changes which of two identical duplicates comes first, and nothing else; the
		// synthetic data has no duplicates, so the output must be byte for byte the same.
		if string(got) != string(want) {
			t.Fatalf("output changed with input order")
		}
	}
}

func TestMatchLinksAndUnlinks(t *testing.T) {
	books := []Invoice{bk(supA, "42", "2024-07-01", 1000), bk(supA, "X-1", "2024-07-01", 5000)}
	twoA := []Invoice{ta(supA, "42", "2024-07-01", 1000), ta(supA, "ZZ-99", "2024-09-01", 5100)}
	first := Match(books, twoA, DefaultOptions())
	var exact, missB, missA Row
	for _, r := range first.Rows {
		switch r.Status {
		case Exact:
			exact = r
		case MissingIn2A:
			missB = r
		case MissingInBooks:
			missA = r
		}
	}
	bID, _ := SplitRowKey(missB.Key)
	_, aID := SplitRowKey(missA.Key)
	eb, ea := SplitRowKey(exact.Key)
	opt := DefaultOptions()
	opt.Links = []ManualLink{{Kind: LinkPair, Books: bID, GSTR2A: aID}, {Kind: UnlinkPair, Books: eb, GSTR2A: ea}}
	res := Match(books, twoA, opt)
	got := map[Status]int{}
	for _, r := range res.Rows {
		got[r.Status]++
		if r.RuleID == RuleManualLink {
			if r.Status != Mismatch || r.Key != RowKey(bID, aID) || !strings.HasPrefix(r.Rule, "Linked by hand: ") {
				t.Errorf("linked row = %+v", r)
			}
		}
	}
	if want := map[Status]int{Mismatch: 1, MissingIn2A: 1, MissingInBooks: 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("statuses = %v, want %v", got, want)
	}
	for _, r := range res.Rows {
		if r.Status == MissingIn2A && !strings.Contains(r.Candidates[0].Reason, "unlinked by hand") {
			t.Errorf("unlinked reason = %q", r.Candidates[0].Reason)
		}
	}
}

func TestMatchActionsSurviveAndFlagChanges(t *testing.T) {
	books := []Invoice{bk(supA, "INV/2024-25/42", "2024-07-01", 1000), bk(supA, "43", "2024-07-02", 1000)}
	twoA := []Invoice{ta(supA, "INV-42", "2024-07-01", 1000)}
	first := Match(books, twoA, DefaultOptions())
	opt := DefaultOptions()
	for _, r := range first.Rows {
		kind := Accept
		if r.Status == MissingIn2A {
			kind = Ignore
		}
		opt.Actions = append(opt.Actions, Action{RowKey: r.Key, Kind: kind, Fingerprint: r.Fingerprint()})
	}
	// a new pull: the supplier amended the amount of INV-42, and the row order changed
	pulled := []Invoice{with(ta(supA, "INV-42", "2024-07-01", 1000), func(i *Invoice) { i.CGST += 1000; i.RowRef = "new pull" })}
	res := Match([]Invoice{books[1], books[0]}, pulled, opt)
	for _, r := range res.Rows {
		switch r.Status {
		case Mismatch:
			if r.Action != Accept || !r.Changed {
				t.Errorf("amended row: action %q changed %v, want accept and changed", r.Action, r.Changed)
			}
		case MissingIn2A:
			if r.Action != Ignore || r.Changed {
				t.Errorf("unchanged row: action %q changed %v, want ignore, unchanged", r.Action, r.Changed)
			}
		default:
			t.Errorf("unexpected row %+v", r)
		}
	}
}

func TestPaiseJSON(t *testing.T) {
	b, _ := json.Marshal(struct{ A, B Paise }{-123456, 5})
	if string(b) != `{"A":-1234.56,"B":0.05}` {
		t.Errorf("json = %s", b)
	}
	var back struct{ A, B Paise }
	if err := json.Unmarshal(b, &back); err != nil || back.A != -123456 || back.B != 5 {
		t.Errorf("back = %+v, %v", back, err)
	}
}

func TestFormatINR(t *testing.T) {
	for _, tt := range []struct {
		p    Paise
		want string
	}{{0, "0.00"}, {5, "0.05"}, {123456, "1,234.56"}, {12345678900, "12,34,56,789.00"}, {-10000000, "-1,00,000.00"}, {99999, "999.99"}} {
		if got := FormatINR(tt.p); got != tt.want {
			t.Errorf("FormatINR(%d) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestPaiseString(t *testing.T) {
	for _, tt := range []struct {
		p    Paise
		want string
	}{{0, "0.00"}, {7, "0.07"}, {-7, "-0.07"}, {123456, "1234.56"}, {-100, "-1.00"}, {-9223372036854775808, "-92233720368547758.08"}} {
		if got := tt.p.Decimal(); got != tt.want {
			t.Errorf("Paise(%d).String() = %q, want %q", int64(tt.p), got, tt.want)
		}
	}
}

func TestIdentityAgreesWithRowKey(t *testing.T) {
	b := bk(supA, "INV/23-24/42", "2024-04-03", 1000) // FY 2023-24 is within 10 days of the date: stripped
	a := with(ta(supA, "inv-42-23-24", "2024-04-03", 1000), func(i *Invoice) { i.InvType = "R" })
	r := only(t, Match([]Invoice{b}, []Invoice{a}, DefaultOptions()))
	if r.Status != Exact || r.Key != RowKey(Identity(&b, DefaultOptions()), Identity(&a, DefaultOptions())) {
		t.Errorf("row %s %q; identities %q, %q", r.Status, r.Key, Identity(&b, DefaultOptions()), Identity(&a, DefaultOptions()))
	}
	if got := Identity(&a, DefaultOptions()); got != "2A|"+supA+"|invoice|R|INV42" {
		t.Errorf("2A identity = %q", got)
	}
}

// FuzzMatch builds small inputs from fuzzed numbers, dates and amounts: Match must not panic and
// every invoice must come out in exactly one row.
func FuzzMatch(f *testing.F) {
	f.Add("INV/2024-25/42", "inv-42/24-25", "2024-07-01", "2024-07-03", int64(1000), int64(1000), uint8(0))
	f.Add("FY24-25/1", "1", "2025-03-31", "2025-04-01", int64(-5), int64(5), uint8(3))
	f.Add("", "---", "bad", "", int64(0), int64(0), uint8(7))
	f.Add("1/234", "12/34", "2024-07-01", "2024-07-01", int64(100), int64(100), uint8(8))
	f.Add("ISD/1", "", "2024-07-01", "2024-07-02", int64(-100), int64(-100), uint8(10))
	f.Fuzz(func(t *testing.T, n1, n2, d1, d2 string, t1, t2 int64, flags uint8) {
		g2 := supA
		if flags&1 != 0 {
			g2 = supA2
		}
		kind := DocInvoice
		if flags&2 != 0 {
			kind = DocCreditNote
		}
		if flags&8 != 0 { // a bill of entry (port code from n2) or, with a credit note, an ISD credit note
			kind = map[bool]DocType{false: DocBillOfEntry, true: DocISDCreditNote}[flags&2 != 0]
		}
		books := []Invoice{bk(supA, n1, d1, t1%1e9), bk(supA, n2, d2, t2%1e9), with(bk(supA, n1, d2, t2%1e9), func(i *Invoice) { i.DocType, i.PortCode = kind, n2 })}
		twoA := []Invoice{ta(g2, n2, d1, t1%1e9), ta(supA, n1, d2, t2%1e9), with(ta(g2, n2+n1, d1, t1%1e9), func(i *Invoice) { i.DocType, i.PortCode, i.ITCEligible = kind, n2, "N" })}
		opt := DefaultOptions()
		opt.DateWindowDays = int(flags >> 4)
		if flags&4 != 0 {
			opt.Links = []ManualLink{{Kind: LinkPair, Books: Identity(&books[0], opt), GSTR2A: Identity(&twoA[0], opt)}}
		}
		res := Match(books, twoA, opt)
		seen := map[string]int{}
		for _, r := range res.Rows {
			if r.Books != nil {
				seen["b"+r.Books.RowRef+r.Books.Date+r.Books.Number]++
			}
			if r.GSTR2A != nil {
				seen["a"+r.GSTR2A.RowRef+r.GSTR2A.Date+r.GSTR2A.Number]++
			}
			if r.Books == nil && r.GSTR2A == nil {
				t.Fatalf("empty row %+v", r)
			}
			_ = r.Fields(res.Options)
		}
		total := 0
		for _, n := range seen {
			total += n
		}
		if total != len(books)+len(twoA) {
			t.Fatalf("%d invoices in the rows, want %d", total, len(books)+len(twoA))
		}
		_ = Summarise(res)
		_ = Suppliers(res)
		_ = ResultTable(res)
		_ = SupplierPack(res, supA)
	})
}
