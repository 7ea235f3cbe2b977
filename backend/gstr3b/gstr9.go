package gstr3b

import (
	"encoding/json"
	"fmt"
	"time"

	"gstdesk/backend/period"
)

// Tables of GSTR-9 this package works out.
const (
	T6A  = "6A"
	T6A1 = "6A1"
	T6A2 = "6A2"
	T8A  = "8A"
	T8B  = "8B"
	T8C  = "8C"
	T8D  = "8D"
	T13  = "13"
)

// YearDoc is a GSTR-2B document as the annual return reads it: the document and the GSTR-3B
// period its credit was claimed in ("" when it was not claimed). Tables lists the tables of
// GSTR-9 it is counted in.
type YearDoc struct {
	Doc
	ClaimPeriod string   `json:"claim_period"`
	ClaimBasis  string   `json:"claim_basis"`
	Tables      TableSet `json:"tables"`
}

// TableSet is the set of GSTR-9 tables a document counts in; its JSON is the list of their names.
type TableSet uint8

var tableBits = []string{T6A, T6A1, T8A, T8B, T8C, T13}

// Has reports whether the set holds table t.
func (s TableSet) Has(t string) bool {
	for i, n := range tableBits {
		if n == t {
			return s&(1<<i) != 0
		}
	}
	return false
}

func (s *TableSet) add(t string) {
	for i, n := range tableBits {
		if n == t {
			*s |= 1 << i
		}
	}
}

// Names lists the tables of the set in the return's order.
func (s TableSet) Names() []string {
	out := []string{}
	for i, n := range tableBits {
		if s&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// MarshalJSON writes the set as the list of its tables' names.
func (s TableSet) MarshalJSON() ([]byte, error) { return json.Marshal(s.Names()) }

// UnmarshalJSON reads the list of names MarshalJSON writes.
func (s *TableSet) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	*s = 0
	for _, n := range names {
		s.add(n)
	}
	return nil
}

// ClaimBasis values: where a document's claim period comes from.
const (
	BasisPerson = "person"      // a person chose it
	BasisAuto   = "recorded"    // recorded from the month's worksheet
	BasisRule   = "2b_period"   // none stored: the credit follows the 2B (its 2B period)
	BasisNone   = "not_claimed" // held, rejected, pending or ITC not available
)

// ClaimOf is the claim period of a 2B document for the annual return: the one stored (a
// person's, or recorded from the worksheet), else its 2B's period when the 2B gives credit for it
// (itcavl not N, not rejected or pending in IMS, not blocked), else none.
func ClaimOf(d *Doc) (claim, basis string) {
	switch d.Claim.State {
	case StateClaim:
		if d.Claim.DecidedBy == ByPerson {
			return d.Claim.Period, BasisPerson
		}
		return d.Claim.Period, BasisAuto
	case StateHold:
		return "", BasisNone
	}
	if d.ITCAvailable == "N" || d.IMS == "R" || d.IMS == "P" || d.Blocked || d.Tax.Total() == 0 {
		return "", BasisNone
	}
	return d.Period2B, BasisRule
}

// MonthClaimed is a month's GSTR-3B as the annual return reads it: 4(A) as claimed (the sum of
// its rows' figures), Have false when the month has no worksheet (no 2B stored).
type MonthClaimed struct {
	Period string `json:"period"`
	Label  string `json:"label"`
	A      Heads  `json:"table_4a"`
	Have   bool   `json:"have"`
}

// YearInput is what GSTR-9's ITC tables of a year are built from.
type YearInput struct {
	FY period.FY
	// Months are the year's GSTR-3B months (April to March) as claimed.
	Months []MonthClaimed
	// Docs are the documents of every GSTR-2B stored from April of the year before to November
	// after it (a document is taken once: its latest appearance wins), with their claims.
	Docs []Doc
}

// Figure is one figure of GSTR-9 with how it is made; its documents are those of GSTR9.Docs
// whose Tables hold its table.
type Figure struct {
	Table string `json:"table"`
	Title string `json:"title"`
	Tax   Heads  `json:"tax"`
	Count int    `json:"count"`
	Basis string `json:"basis"`
}

// GSTR9 is the ITC part of a year's annual return.
type GSTR9 struct {
	FY      period.FY      `json:"fy"`
	FYLabel string         `json:"fy_label"`
	Due     string         `json:"due"` // YYYY-MM-DD
	Tables  []Figure       `json:"tables"`
	Months  []MonthClaimed `json:"months"`
	Docs    []YearDoc      `json:"documents"`
	Notes   []string       `json:"notes"`
}

// Table returns the figure of a table.
func (g *GSTR9) Table(t string) *Figure {
	for i := range g.Tables {
		if g.Tables[i].Table == t {
			return &g.Tables[i]
		}
	}
	return nil
}

// BuildGSTR9 works out Tables 6A, 6A1, 6A2, 8A, 8B, 8C, 8D and 13 of the year in.FY.
//   - 6A: the sum of the year's GSTR-3B 4(A) as claimed (the months' worksheets).
//   - 6A1: credit of documents dated before the year claimed in its months; 6A2 = 6A - 6A1.
//   - 8A: documents dated in the year, in a 2B of April of the year to October after it, with
//     credit available (itcavl not N), of 4(A)(5) (not imports, ISD or reverse charge), not rejected.
//   - 8B: those 4(A)(5) documents dated in the year claimed in the year's months (6B and 6H).
//   - 8C: those claimed from April to November after the year.
//   - 8D = 8A - (8B + 8C).
//   - 13: every document dated in the year claimed from April to November after it.
func BuildGSTR9(in YearInput) GSTR9 {
	y := int(in.FY)
	g := GSTR9{FY: in.FY, FYLabel: in.FY.String(), Due: fmt.Sprintf("%04d-12-31", y+1), Months: in.Months, Notes: []string{}}
	first, last := in.FY.First().String(), in.FY.Last().String()
	oct := period.MonthOf(y+1, time.October).String()
	nov := period.MonthOf(y+1, time.November).String()
	yFirst, yLast := fmt.Sprintf("%04d-04-01", y), fmt.Sprintf("%04d-03-31", y+1)
	figs := map[string]*Figure{}
	order := []struct{ t, title, basis string }{
		{T6A, "Total ITC availed through GSTR-3B (sum of Table 4(A))", "The months' GSTR-3B worksheets, 4(A) as claimed."},
		{T6A1, "ITC of the preceding year claimed in this year's returns", "Documents dated before the year whose claim period is a month of the year."},
		{T6A2, "Net ITC availed (6A - 6A1)", "6A less 6A1."},
		{T8A, "ITC as per GSTR-2B (Table 8A)", "Documents dated in the year, in the 2Bs of April of the year to October after it, credit available, of 4(A)(5) (not imports, ISD or reverse charge), not rejected."},
		{T8B, "ITC as per sum of 6(B) and 6(H)", "The 8A kind of documents dated in the year whose claim period is a month of the year."},
		{T8C, "ITC on inward supplies of the year availed in the next year (up to 30 November)", "The 8A kind of documents dated in the year whose claim period is April to November after it."},
		{T8D, "Difference 8A - (8B + 8C)", "8A less 8B and 8C."},
		{T13, "ITC of this year availed in the next year (Table 13)", "Every document dated in the year whose claim period is April to November after it."},
	}
	for _, o := range order {
		g.Tables = append(g.Tables, Figure{Table: o.t, Title: o.title, Basis: o.basis})
	}
	for i := range g.Tables {
		figs[g.Tables[i].Table] = &g.Tables[i]
	}
	for _, m := range in.Months {
		if m.Period >= first && m.Period <= last {
			figs[T6A].Tax = figs[T6A].Tax.Add(m.A)
			if !m.Have {
				g.Notes = append(g.Notes, "No GSTR-2B is stored for "+period.LabelOf(m.Period)+": its 4(A) is taken as nil in 6A.")
			}
		}
	}
	g.Docs = make([]YearDoc, 0, len(in.Docs)) // one allocation: most documents count somewhere
	add := func(yd *YearDoc, t string) {
		yd.Tables.add(t)
		f := figs[t]
		f.Tax = f.Tax.Add(yd.Tax)
		f.Count++
	}
	basis := map[string]int{}
	for i := range in.Docs {
		d := &in.Docs[i]
		yd := YearDoc{Doc: *d}
		yd.ClaimPeriod, yd.ClaimBasis = ClaimOf(d)
		inYear := d.Date >= yFirst && d.Date <= yLast
		claimedIn := yd.ClaimPeriod >= first && yd.ClaimPeriod <= last
		claimedNext := yd.ClaimPeriod > last && yd.ClaimPeriod <= nov
		if claimedIn {
			yd.Tables.add(T6A) // listed with 6A; its figure comes from the worksheets
			figs[T6A].Count++
			if d.Date != "" && d.Date < yFirst {
				add(&yd, T6A1)
			}
		}
		b2b := RowOf(d.Section, d.Kind, d.ReverseCharge) == R4A5
		if inYear && b2b {
			if d.Period2B >= first && d.Period2B <= oct && d.ITCAvailable != "N" {
				add(&yd, T8A)
			}
			if claimedIn {
				add(&yd, T8B)
			}
			if claimedNext {
				add(&yd, T8C)
			}
		}
		if inYear && claimedNext {
			add(&yd, T13)
		}
		if yd.Tables != 0 {
			basis[yd.ClaimBasis]++
			g.Docs = append(g.Docs, yd)
		}
	}
	figs[T6A2].Tax = figs[T6A].Tax.Sub(figs[T6A1].Tax)
	figs[T8D].Tax = figs[T8A].Tax.Sub(figs[T8B].Tax.Add(figs[T8C].Tax))
	if n := basis[BasisRule]; n > 0 {
		g.Notes = append(g.Notes, fmt.Sprintf("%d documents have no claim period stored: each is taken as claimed in its 2B's month (credit follows the 2B). Record the months' worksheets (gstdesk gst 3b --record) or set their claim periods to be exact.", n))
	}
	g.Notes = append(g.Notes, "6A is the sum of the months' Table 4 worksheets as they read now; where a GSTR-3B was filed with other figures, type the filed ones.",
		"8A counts documents of 4(A)(5) only: imports (8G), ISD and reverse charge are reported elsewhere in GSTR-9.",
		"GSTR-9 for "+g.FYLabel+" is due "+fmt.Sprintf("31/12/%04d", y+1)+"; it is not required at or below ₹2 crore turnover.")
	return g
}
