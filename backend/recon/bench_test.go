package recon

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstin"
)

// synthetic builds n register rows and about n 2A invoices spread over n/25 suppliers in one
// quarter: ~10% carry a typing slip in the number, ~3% differ in amounts, ~2% are only in the books,
// ~2% only in 2A, ~1% are booked under another branch, and numbers are written in several spellings.
func synthetic(n int, seed uint64) (books, twoA []Invoice) {
	rng := rand.New(rand.NewPCG(seed, seed*7+1))
	nsup := max(n/25, 1)
	sups := make([]string, nsup)
	branches := make([]string, nsup)
	for i := range sups {
		pan := string(rune('A'+i%26)) + string(rune('A'+(i/26)%26)) + string(rune('A'+(i/676)%26)) + "PC" + fmt.Sprintf("%04d", i%10000) + "D"
		sups[i] = gstin.Make("27", pan, '1')
		branches[i] = gstin.Make("29", pan, '1')
	}
	for i := 0; i < n; i++ {
		s := rng.IntN(nsup)
		seq := 1000 + i
		day := 1 + rng.IntN(28)
		month := 4 + rng.IntN(3)
		date := fmt.Sprintf("2024-%02d-%02d", month, day)
		t := int64(1000 + rng.IntN(500000))
		b := inv(Books, sups[s], fmt.Sprintf("INV/2024-25/%05d", seq), date, t)
		b.RowRef = fmt.Sprintf("row %d", i+2)
		a := inv(GSTR2A, sups[s], fmt.Sprintf("inv-%d/24-25", seq), date, t)
		a.RowRef = fmt.Sprintf("2a %d", i)
		a.FiledGSTR1, a.FiledGSTR3B = "Y", "Y"
		switch p := rng.IntN(100); {
		case p < 10: // typing slip: swap the last two digits
			r := []rune(fmt.Sprint(seq))
			r[len(r)-1], r[len(r)-2] = r[len(r)-2], r[len(r)-1]
			a.Number = "INV" + string(r)
		case p < 13:
			a.Taxable += 10000
			a.CGST += 900
		case p < 15:
			books = append(books, b)
			continue
		case p < 17:
			twoA = append(twoA, a)
			continue
		case p < 18:
			a.SupplierGSTIN = branches[s]
		case p < 20:
			a.Date = fmt.Sprintf("2024-%02d-%02d", month, min(day+3, 28))
		}
		books = append(books, b)
		twoA = append(twoA, a)
	}
	return books, twoA
}

func BenchmarkMatch50k(b *testing.B) {
	books, twoA := synthetic(50000, 42)
	opt := DefaultOptions()
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			res := Match(books, twoA, opt)
			if len(res.Rows) < 50000 {
				b.Fatal("too few rows")
			}
		}
	})
}

func TestSyntheticStatuses(t *testing.T) {
	books, twoA := synthetic(5000, 42)
	res := Match(books, twoA, DefaultOptions())
	got := map[Status]int{}
	rules := map[RuleID]int{}
	for _, r := range res.Rows {
		got[r.Status]++
		rules[r.RuleID]++
	}
	// every kind of case the generator makes must come out as its status
	for _, s := range Statuses {
		if s == DuplicateInBooks {
			continue // only a register read makes these (TestDuplicateRows)
		}
		if got[s] == 0 {
			t.Errorf("no %s rows: %v", s, got)
		}
	}
	for _, r := range []RuleID{RuleExact, RuleDifferent, RuleDateWindow, RuleNearNumber, RuleWrongBranch, RuleNotIn2A, RuleNotInBooks} {
		if rules[r] == 0 {
			t.Errorf("rule %s never fired: %v", r, rules)
		}
	}
	if got[Exact] < len(books)*6/10 {
		t.Errorf("only %d exact of %d: %v", got[Exact], len(books), got)
	}
}
