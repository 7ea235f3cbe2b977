package recon

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

const sezA = "27AAACS1234A1Z1" // an SEZ unit: its bills of entry come in impgsez with its GSTIN

// boeOf builds a bill of entry at port with assessable value t rupees, IGST 18% and no invoice value
// (the return gives none).
func boeOf(src Source, port, num, date string, t int64) Invoice {
	return Invoice{Source: src, RowRef: string(src) + ":boe:" + num, Number: num, Date: date, PortCode: port, DocType: DocBillOfEntry,
		Taxable: Paise(t * 100), IGST: Paise(t * 18)}
}

// isdOf builds an ISD document of gstin distributing igst rupees (negative for a credit note).
func isdOf(src Source, gstin, num, date string, igst int64, kind DocType, elg string) Invoice {
	return Invoice{Source: src, RowRef: string(src) + ":isd:" + num + elg, SupplierGSTIN: gstin, Number: num, Date: date, DocType: kind,
		IGST: Paise(igst * 100), ITCEligible: elg}
}

// importsAndISD is a scenario of every rule for bills of entry and ISD documents, and of numbers
// that differ only by a separator between digits.
func importsAndISD() (books, twoB []Invoice) {
	books = []Invoice{
		with(boeOf(Books, "INNSA1", "1234567", "2024-07-10", 1000), func(i *Invoice) { i.Value = 1180_00 }), // exact (value not compared)
		boeOf(Books, "INMAA1", "7654321", "2024-07-12", 2000),                                               // dates near
		boeOf(Books, "INBOM4", "3333333", "2024-07-13", 3000),                                               // mismatch: IGST differs
		boeOf(Books, "", "4444444", "2024-07-14", 4000),                                                     // no port code in the books
		with(boeOf(Books, "INNSA1", "5555555", "2024-07-15", 5000), func(i *Invoice) { i.SupplierGSTIN = sezA }),
		boeOf(Books, "INNSA1", "1234567", "2023-07-10", 1000),                                                   // same port and number a year before: another bill
		with(boeOf(Books, "INMAA1", "6666666", "2024-07-16", 600), func(i *Invoice) { i.SupplierGSTIN = sezA }), // the SEZ's pairs with impgsez
		boeOf(Books, "INMAA1", "6666666", "2024-07-16", 600),                                                    // and this with impg
		isdOf(Books, supB, "ISD/1", "2024-07-01", 180, DocISDInvoice, ""),
		isdOf(Books, supB, "ISD/CN/1", "2024-07-02", -90, DocISDCreditNote, ""),
		isdOf(Books, supB, "ISD/2", "2024-07-03", 360, DocISDInvoice, ""),
		isdOf(Books, supB, "ISD/3", "2024-07-04", 500, DocISDInvoice, ""), // not reported by the ISD
		bk(supA, "1/234", "2024-07-05", 1000),                             // 2B has 12/34, same amounts: suggested
		bk(supA, "5/678", "2024-07-06", 1000),                             // 2B has 56/78, other amounts: not paired
	}
	twoB = []Invoice{
		boeOf(GSTR2A, "INNSA1", "1234567", "2024-07-10", 1000),
		boeOf(GSTR2A, "INMAA1", "7654321", "2024-07-15", 2000),
		with(boeOf(GSTR2A, "INBOM4", "3333333", "2024-07-13", 3000), func(i *Invoice) { i.IGST = 600_00 }),
		boeOf(GSTR2A, "INDEL4", "4444444", "2024-07-14", 4000),
		with(boeOf(GSTR2A, "INNSA1", "5555555", "2024-07-15", 5000), func(i *Invoice) { i.SupplierGSTIN = sezA }),
		boeOf(GSTR2A, "INCCU1", "9999999", "2024-07-20", 700), // not booked
		boeOf(GSTR2A, "INMAA1", "6666666", "2024-07-16", 600),
		with(boeOf(GSTR2A, "INMAA1", "6666666", "2024-07-16", 600), func(i *Invoice) { i.SupplierGSTIN = sezA }),
		isdOf(GSTR2A, supB, "ISD-1", "2024-07-01", 180, DocISDInvoice, "Y"),
		isdOf(GSTR2A, supB, "ISD-CN-1", "2024-07-02", -90, DocISDCreditNote, "Y"),
		isdOf(GSTR2A, supB, "ISD/2", "2024-07-03", 360, DocISDInvoice, "N"),
		isdOf(GSTR2A, supB, "ISD/9", "2024-07-09", 250, DocISDInvoice, "N"), // not booked, not eligible
		ta(supA, "12/34", "2024-07-05", 1000),
		ta(supA, "56/78", "2024-07-06", 2000),
	}
	return books, twoB
}

// TestExplanationImportsISDGolden keeps the whole explanation of every row of bills of entry, ISD
// documents and separator-only numbers.
func TestExplanationImportsISDGolden(t *testing.T) {
	books, twoB := importsAndISD()
	res := Match(books, twoB, DefaultOptions())
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
	golden(t, "explanations_imports_isd.json", append(b, '\n'))

	want := map[string]struct {
		status Status
		rule   RuleID
	}{
		"1234567/2024-07-10": {Exact, RuleBillOfEntry},
		"7654321":            {Suggested, RuleBillOfEntry},
		"3333333":            {Mismatch, RuleBillOfEntry},
		"4444444":            {Suggested, RuleBillOfEntryNoPort},
		"5555555":            {Exact, RuleBillOfEntry},
		"1234567/2023-07-10": {MissingIn2A, RuleNotIn2A},
		"9999999":            {MissingInBooks, RuleNotInBooks},
		"6666666/" + sezA:    {Exact, RuleBillOfEntry},
		"6666666/":           {Exact, RuleBillOfEntry},
		"ISD/1":              {Exact, RuleISD},
		"ISD/CN/1":           {Exact, RuleISD},
		"ISD/2":              {Exact, RuleISD},
		"ISD/3":              {MissingIn2A, RuleNotIn2A},
		"ISD/9":              {MissingInBooks, RuleNotInBooks},
		"1/234":              {Suggested, RuleSeparator},
		"5/678":              {MissingIn2A, RuleNotIn2A},
		"56/78":              {MissingInBooks, RuleNotInBooks},
	}
	got := map[string]bool{}
	for _, r := range res.Rows {
		side := r.Books
		if side == nil {
			side = r.GSTR2A
		}
		k := side.Number
		switch k {
		case "1234567":
			k += "/" + side.Date
		case "6666666":
			if r.GSTR2A == nil || r.GSTR2A.SupplierGSTIN != side.SupplierGSTIN {
				t.Errorf("bill of entry 6666666 of %q paired with %+v: an SEZ unit's pairs with impgsez, an import's with impg", side.SupplierGSTIN, r.GSTR2A)
			}
			k += "/" + side.SupplierGSTIN
		}
		w, ok := want[k]
		if !ok {
			t.Errorf("unexpected row %s: %s %s", k, r.Status, r.Rule)
			continue
		}
		got[k] = true
		if r.Status != w.status || r.RuleID != w.rule {
			t.Errorf("%s: %s/%s, want %s/%s (%s)", k, r.Status, r.RuleID, w.status, w.rule, r.Rule)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d rows of %d expected: %v", len(got), len(want), got)
	}

	// ISD credit the return marks not eligible is shown, never claimable.
	sum := Summarise(res).Total
	if sum.RiskNotEligible != 360_00 {
		t.Errorf("not eligible = %s, want 360.00", sum.RiskNotEligible.Decimal())
	}
	for _, r := range res.Rows {
		if r.Books != nil && r.Books.Number == "ISD/2" && !strings.Contains(r.Rule, "not eligible") {
			t.Errorf("ISD/2 rule %q does not say the credit is not eligible", r.Rule)
		}
	}
}

// Two numbers that differ only by where a separator stands between digits, or by one being there,
// are never the same number, and so never an Exact match; a separator between a letter and a digit,
// or repeated, is not part of the number.
func TestSeparatorBetweenDigitsIsNeverExact(t *testing.T) {
	rng := rand.New(rand.NewSource(2026))
	seps := []string{"/", "-", " ", ".", "_", "\\"}
	prefixes := []string{"", "INV", "inv-", "A", "CN/"}
	for n := 0; n < 2000; n++ {
		digits := make([]byte, 2+rng.Intn(8))
		for i := range digits {
			digits[i] = byte('0' + rng.Intn(10))
		}
		digits[0] = byte('1' + rng.Intn(9)) // "0/5" and "00/5" are one number: leading zeros go
		d := string(digits)
		pre := prefixes[rng.Intn(len(prefixes))]
		i := 1 + rng.Intn(len(d)-1)
		j := 1 + rng.Intn(len(d)-1)
		sep := seps[rng.Intn(len(seps))]
		a := pre + d[:i] + sep + d[i:]
		b := pre + d
		if i != j {
			b = pre + d[:j] + seps[rng.Intn(len(seps))] + d[j:]
		}
		na, nb := NormaliseInvoiceNumber(a), NormaliseInvoiceNumber(b)
		if na == nb {
			t.Fatalf("%q and %q normalise alike (%q): a separator between digits was dropped", a, b, na)
		}
		// a run after a separator loses its leading zeros: "9.068" is "9/68", not a separator away from "9068"
		zeroAfter := d[i] == '0' || (i != j && d[j] == '0')
		if !zeroAfter && SeparatorBlind(na) != SeparatorBlind(nb) {
			t.Fatalf("%q and %q differ by more than a separator: %q, %q", a, b, SeparatorBlind(na), SeparatorBlind(nb))
		}
		res := Match([]Invoice{bk(supA, a, "2024-07-01", 1000)}, []Invoice{ta(supA, b, "2024-07-01", 1000)}, DefaultOptions())
		for _, r := range res.Rows {
			if r.Status == Exact {
				t.Fatalf("%q and %q matched exact: %s", a, b, r.Rule)
			}
		}
		if !zeroAfter && (len(res.Rows) != 1 || res.Rows[0].RuleID != RuleSeparator) {
			t.Fatalf("%q and %q: %+v, want one suggested row (%s)", a, b, res.Rows, RuleSeparator)
		}
		// the same separator spelt otherwise is the same number
		c := pre + d[:i] + seps[rng.Intn(len(seps))] + d[i:]
		if NormaliseInvoiceNumber(c) != na {
			t.Fatalf("%q and %q differ only in the separator's character, yet normalise to %q and %q", a, c, na, NormaliseInvoiceNumber(c))
		}
	}
}

// Decisions stored before a separator between digits was part of a number name the invoices by
// their identities then (the number without those separators): they still hold.
func TestDecisionsStoredUnderTheOldNumberRule(t *testing.T) {
	b := bk(supA, "INV/2024/0042", "2024-07-01", 1000)
	a := ta(supA, "INV-2024-0042", "2024-07-01", 1000)
	oldB, oldA := "B|"+supA+"|invoice|INV202442", "2A|"+supA+"|invoice||INV202442"
	if id := Identity(&b, DefaultOptions()); id == oldB {
		t.Fatalf("identity %q is still the old one", id)
	}
	opt := DefaultOptions()
	opt.Actions = []Action{{RowKey: RowKey(oldB, oldA), Kind: Accept}}
	res := Match([]Invoice{b}, []Invoice{a}, opt)
	if len(res.Rows) != 1 || res.Rows[0].Action != Accept || res.Rows[0].Key == RowKey(oldB, oldA) {
		t.Errorf("an action stored under the old identities: %+v", res.Rows)
	}
	opt = DefaultOptions()
	opt.Links = []ManualLink{{Kind: UnlinkPair, Books: oldB, GSTR2A: oldA}}
	if res := Match([]Invoice{b}, []Invoice{a}, opt); len(res.Rows) != 2 {
		t.Errorf("an unlink stored under the old identities did not hold: %+v", res.Rows)
	}
	other := ta(supA, "X/99/1", "2024-07-20", 5000)
	opt = DefaultOptions()
	opt.Links = []ManualLink{{Kind: LinkPair, Books: oldB, GSTR2A: "2A|" + supA + "|invoice||X991"}}
	res = Match([]Invoice{b}, []Invoice{other}, opt)
	if len(res.Rows) != 1 || res.Rows[0].RuleID != RuleManualLink {
		t.Errorf("a link stored under the old identities did not hold: %+v", res.Rows)
	}
}
