package reconcile

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gstdesk/backend/ims"
	"gstdesk/backend/period/periodtest"
)

// Property: whatever the books hold under another month, number spelling or type, no row of the
// run recommends reject or "reject once reviewed" for it, and no pair whose numbers differ (or
// found on amounts alone) is recommended accept.
func TestThreeWayPropertyAdviceNeverCostsCredit(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			s := openService(t)
			rng := rand.New(rand.NewPCG(seed, 23))
			var twoB, books []yDoc
			spell := func(n string) string {
				switch rng.IntN(5) {
				case 0:
					return strings.ReplaceAll(n, "/", "-")
				case 1:
					return strings.ToLower(n)
				case 2:
					return strings.Replace(n, "/", "/0", 1)
				case 3:
					return strings.ReplaceAll(n, "/", "")
				}
				return n
			}
			for i := 0; i < 120; i++ {
				sup := []string{ySup1, ySup2, ySup3}[rng.IntN(3)]
				num := fmt.Sprintf("P/%d/%d", 1+rng.IntN(9), i)
				tx := int64(1000 + rng.IntN(5)*1000) // repeated amounts: pairs on amounts alone happen
				d := yDoc{Sec: "b2b", Supplier: sup, Num: num, Date: fmt.Sprintf("%02d-03-2025", 1+rng.IntN(28)), Taxable: tx, IGST: tx * 18 / 100}
				if rng.IntN(6) == 0 {
					d.Sec = "cdnr"
				}
				way := rng.IntN(6)
				if way == 1 { // dated and booked in an earlier month, reported late
					d.Date = fmt.Sprintf("%02d-%02d-2025", 1+rng.IntN(28), 1+rng.IntN(2))
				}
				twoB = append(twoB, d)
				b := d
				b.Sec = ""
				switch way {
				case 0: // not booked
					continue
				case 2: // another spelling
					b.Num = spell(b.Num)
				case 3: // another amount
					b.Taxable += int64(rng.IntN(3)) * 700
				}
				if d.Sec == "cdnr" && rng.IntN(2) == 0 {
					b.Type, b.Taxable, b.IGST = "credit_note", -b.Taxable, -b.IGST
				}
				books = append(books, b)
			}
			save2BOf(t, s, "2025-03", twoB)
			tw, err := s.Against2B(context.Background(), writeBooks(t, books), periodtest.Month("2025-03"), periodtest.Month("2025-03"))
			if err != nil {
				t.Fatal(err)
			}
			held := map[string]bool{}
			for _, b := range books {
				held[looseKey(b.Supplier, b.Num)] = true
			}
			byRule := map[string]int{}
			for _, r := range tw.Rows {
				byRule[r.Recommended.Rule]++
			}
			t.Logf("rows by rule: %v", byRule)
			for _, r := range tw.Rows {
				rec := r.Recommended
				if rec.Action == ims.Rejected {
					t.Errorf("reject advised: %+v", r)
				}
				if r.GSTR2A != nil && held[looseKey(r.GSTR2A.SupplierGSTIN, r.GSTR2A.Number)] && strings.Contains(rec.Reason, "reject it once") {
					t.Errorf("%s: the books hold it, yet: %s", r.GSTR2A.Number, rec.Reason)
				}
				if rec.Action == ims.Accepted && r.Books != nil && r.GSTR2A != nil && ims.NumbersDiffer(r.Books.Number, r.GSTR2A.Number) {
					t.Errorf("accept advised for %q paired with %q (%s)", r.Books.Number, r.GSTR2A.Number, r.RuleID)
				}
				if rec.Rule == "" {
					t.Errorf("%s: no rule named", r.Key)
				}
			}
		})
	}
}

// Rates after 22/09/2025: a 12% or 28% effective rate on a document dated on or after it, and a
// rate that differs between books and 2B, are flagged with the date rule; nothing is blocked.
func TestThreeWayRateFlags(t *testing.T) {
	s := openService(t)
	save2BOf(t, s, "2025-10", []yDoc{
		{Sec: "b2b", Supplier: ySup1, Num: "R/12", Date: "10-10-2025", Taxable: 10000, IGST: 1200},
		{Sec: "b2b", Supplier: ySup1, Num: "R/28", Date: "11-10-2025", Taxable: 10000, IGST: 2800},
		{Sec: "b2b", Supplier: ySup2, Num: "R/18", Date: "12-10-2025", Taxable: 10000, IGST: 1800},
		{Sec: "b2b", Supplier: ySup2, Num: "R/DIFF", Date: "12-10-2025", Taxable: 10000, IGST: 1800},
	})
	books := []yDoc{
		{Supplier: ySup1, Num: "R/12", Date: "10-10-2025", Taxable: 10000, IGST: 1200},
		{Supplier: ySup1, Num: "R/28", Date: "11-10-2025", Taxable: 10000, IGST: 2800},
		{Supplier: ySup2, Num: "R/18", Date: "12-10-2025", Taxable: 10000, IGST: 1800},
		{Supplier: ySup2, Num: "R/DIFF", Date: "12-10-2025", Taxable: 10000, IGST: 500},
	}
	tw, err := s.Against2B(context.Background(), writeBooks(t, books), periodtest.Month("2025-10"), periodtest.Month("2025-10"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		num   string
		flags int
		text  string
	}{{"R/12", 2, "12.0%"}, {"R/28", 2, "Tobacco and pan masala"}, {"R/18", 0, ""}, {"R/DIFF", 1, "the books have 5.0% and GSTR-2B 18.0%"}} {
		r, _ := rowOf(tw, tc.num)
		if len(r.RateFlags) != tc.flags || (tc.text != "" && !strings.Contains(strings.Join(r.RateFlags, " "), tc.text)) {
			t.Errorf("%s: flags %q", tc.num, r.RateFlags)
		}
		if tc.flags > 0 && tc.num != "R/DIFF" && !strings.Contains(r.RateFlags[0], "22/09/2025") {
			t.Errorf("%s: the flag does not name the date rule: %q", tc.num, r.RateFlags[0])
		}
	}
	if tw.RateFlags != 3 {
		t.Errorf("%d rows flagged", tw.RateFlags)
	}
}
