package recon

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// MaxCandidates is how many near invoices a Missing row shows.
const MaxCandidates = 3

// candidateFinder looks up, for an unpaired invoice, the nearest invoices of the other side through
// indexes (same normalised number anywhere, near numbers among the unpaired, nearest dates of the
// same supplier) rather than by scanning every invoice. Duplicate register rows are never
// candidates: the first row of their invoice is.
type candidateFinder struct {
	m      *matcher
	byNorm [2]map[string][]*item
	fuzzy  [2]map[fuzzyKey][]*item
	byDay  [2]map[bucket][]*item
}

func sideIndex(s Source) int {
	if s == Books {
		return 0
	}
	return 1
}

func newCandidateFinder(m *matcher) *candidateFinder {
	c := &candidateFinder{m: m}
	sides := [2][]*item{m.books, m.twoA}
	// only what a missing invoice can ask about is indexed: its number and its supplier's dates
	norms := [2]map[string]bool{{}, {}}
	buckets := [2]map[bucket]bool{{}, {}}
	for s, items := range sides {
		c.fuzzy[s] = map[fuzzyKey][]*item{}
		for _, it := range items {
			if st := m.rows[it.row].Status; st != MissingIn2A && st != MissingInBooks {
				continue
			}
			norms[1-s][it.norm] = true
			buckets[1-s][bucketKey(it)] = true
			if len(it.norm) >= MinFuzzyLength {
				for _, h := range deletionHashes(nil, it.norm) {
					fk := fuzzyKey{gstin: it.party, hash: h}
					c.fuzzy[s][fk] = append(c.fuzzy[s][fk], it)
				}
			}
		}
	}
	for s, items := range sides {
		c.byNorm[s] = map[string][]*item{}
		for _, it := range items {
			if !it.dup && it.norm != "" && norms[s][it.norm] {
				c.byNorm[s][it.norm] = append(c.byNorm[s][it.norm], it)
			}
		}
		c.byDay[s] = sortedByDay(items, func(it *item) bool { return !it.dup && buckets[s][bucketKey(it)] })
	}
	return c
}

type scored struct {
	it    *item
	score int
}

// find returns the nearest invoices of the other side to x, best first, with why each fell short.
func (c *candidateFinder) find(x *item) []Candidate {
	o := 1 - sideIndex(x.side)
	seen := map[*item]bool{}
	var pool []scored
	add := func(it *item) {
		if !seen[it] {
			seen[it] = true
			pool = append(pool, scored{it, c.score(x, it)})
		}
	}
	if x.norm != "" {
		same := c.byNorm[o][x.norm]
		for i, it := range same {
			if i == 50 {
				break
			}
			add(it)
		}
	}
	if len(x.norm) >= MinFuzzyLength {
		for _, h := range deletionHashes(nil, x.norm) {
			for _, it := range c.fuzzy[o][fuzzyKey{gstin: x.party, hash: h}] {
				if NearMiss(x.norm, it.norm) {
					add(it)
				}
			}
		}
	}
	if x.hasDay {
		for _, it := range nearDays(c.byDay[o][bucketKey(x)], x.day, math.MaxInt32, 8) {
			add(it)
		}
	}
	slices.SortFunc(pool, func(a, b scored) int {
		return cmp.Or(cmp.Compare(a.score, b.score), cmp.Compare(a.it.idx, b.it.idx))
	})
	if len(pool) > MaxCandidates {
		pool = pool[:MaxCandidates]
	}
	out := make([]Candidate, 0, len(pool))
	for _, p := range pool {
		out = append(out, Candidate{Invoice: *p.it.inv, Norm: p.it.norm, Reason: c.reason(x, p.it)})
	}
	return out
}

// score orders candidates: same supplier before same PAN before anyone else, then nearer numbers,
// then agreeing amounts, then nearer dates.
func (c *candidateFinder) score(x, y *item) int {
	s := 0
	switch {
	case x.gstin == y.gstin:
	case x.pan != "" && x.pan == y.pan:
		s += 100_000
	default:
		s += 200_000
	}
	switch {
	case x.norm == y.norm:
	case NearMiss(x.norm, y.norm):
		s += 10_000
	default:
		s += 10_000 * min(9, max(2, EditDistance(x.norm, y.norm)))
	}
	b, a := x, y
	if x.side == GSTR2A {
		b, a = y, x
	}
	if !c.m.amountsAgree(b.inv, a.inv) {
		base := max(absPaise(b.inv.Taxable), absPaise(a.inv.Taxable), 1)
		rel := float64(absPaise(b.inv.Taxable-a.inv.Taxable)) / float64(base)
		s += 1000 + int(math.Min(rel, 1)*4000)
	}
	if x.hasDay && y.hasDay {
		s += min(absInt(x.day-y.day), 999)
	} else {
		s += 999
	}
	return s
}

// reason says why candidate y was not paired with x.
func (c *candidateFinder) reason(x, y *item) string {
	m := c.m
	b, a := x, y
	if x.side == GSTR2A {
		b, a = y, x
	}
	var why []string
	if y.row >= 0 {
		r := &m.rows[y.row]
		other := r.GSTR2A
		if y.side == GSTR2A {
			other = r.Books
		}
		switch {
		case r.Status == DuplicateInBooks:
			why = append(why, "a duplicate row of "+r.Books.DuplicateOf)
		case r.Status == MissingIn2A || r.Status == MissingInBooks:
		case other != nil:
			why = append(why, fmt.Sprintf("already paired with %s (%s, %s)", other.RowRef, other.Number, r.Status.Label()))
		}
	}
	if m.unlinked[[2]string{b.id, a.id}] {
		why = append(why, "unlinked by hand")
	}
	switch {
	case x.gstin == y.gstin:
	case x.pan != "" && x.pan == y.pan:
		why = append(why, fmt.Sprintf("another GSTIN of the same PAN (%s)", y.gstin))
	default:
		why = append(why, fmt.Sprintf("another supplier (%s)", y.gstin))
	}
	if x.kind != y.kind {
		why = append(why, fmt.Sprintf("%s %s, not %s %s", article(y.kind.Label()), y.kind.Label(), article(x.kind.Label()), x.kind.Label()))
	}
	switch {
	case x.norm == y.norm:
	case NearMiss(x.norm, y.norm):
		why = append(why, fmt.Sprintf("invoice number one typing slip away (%s vs %s)", x.norm, y.norm))
	case len(x.norm) < MinFuzzyLength || len(y.norm) < MinFuzzyLength:
		why = append(why, fmt.Sprintf("invoice number differs (%s vs %s) and is too short to treat as a typing slip", x.norm, y.norm))
	default:
		why = append(why, fmt.Sprintf("invoice number differs (%s vs %s, %d characters)", x.norm, y.norm, EditDistance(x.norm, y.norm)))
	}
	var amts []string
	for _, f := range amountFields {
		bv, av := f.get(b.inv), f.get(a.inv)
		if !m.within(bv, av) {
			amts = append(amts, f.title+" "+gapText(bv-av))
		}
	}
	if len(amts) > 0 {
		why = append(why, "amounts differ beyond "+rupees(m.opt.AmountTolerance)+": "+strings.Join(amts, ", "))
	}
	if x.hasDay && y.hasDay && absInt(x.day-y.day) > m.opt.DateWindowDays {
		why = append(why, fmt.Sprintf("dates %d days apart (window %d)", absInt(x.day-y.day), m.opt.DateWindowDays))
	}
	if len(why) == 0 {
		why = append(why, "not close enough on number, amounts and date together")
	}
	return strings.Join(why, "; ")
}
