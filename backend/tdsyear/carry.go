package tdsyear

import (
	"database/sql"

	"gstdesk/backend/tds"
)

// carried says which parts of a month record its file did not give, so that they were taken from
// the employee's latest earlier record: bit f for the declaration of amount item f, and the bits
// below for the rest (stored in tds_month_records.carried, migration 0023). When an earlier month
// is imported again, a later month takes these again from the month as it now stands before it
// is computed again (recarry): its own values stay, the copies of the month replaced do not.
type carried uint64

const (
	carriedPANStatus carried = 1 << (56 + iota)
	carriedCategory
	carriedHRA    // the HRA helper's exemption of the month
	carriedRegime // the regime, blank in the file: the employee's as recorded
)

// carriedBy is what a month file's row does not give: the declarations its file has no column
// for (keep), the HRA exemption when the row has no HRA helper figures and the file no HRA
// column, and a blank regime.
func carriedBy(keep *Keep, h *rowHead) carried {
	var c carried
	for _, f := range keep.Fields {
		c |= 1 << uint(f)
	}
	if keep.PANStatus {
		c |= carriedPANStatus
	}
	if keep.Category {
		c |= carriedCategory
	}
	if keep.HRA && h.HRA == nil {
		c |= carriedHRA
	}
	if h.Regime == "" {
		c |= carriedRegime
	}
	return c
}

// carryDeclarations copies into decl the declarations c marks from p's (p nil: from nothing
// declared, as a month file without the column gives them: 0, PANISVALID, general).
func (c carried) carryDeclarations(decl *tds.Input, p *record) error {
	from := tds.Input{PANStatus: tds.PANValid}
	if p != nil {
		pd, err := p.declarations()
		if err != nil {
			return err
		}
		from = pd
	}
	for f := tds.Field(0); f < tds.NumFields; f++ {
		if c&(1<<uint(f)) != 0 {
			decl.Amounts[f] = from.Amounts[f]
		}
	}
	if c&carriedPANStatus != 0 {
		decl.PANStatus = from.PANStatus
	}
	if c&carriedCategory != 0 {
		decl.Category = from.Category
	}
	return nil
}

// carryHRA is the month's HRA exemption when c marks it carried: p's (none when p is nil or
// gave none).
func (c carried) carryHRA(hra sql.NullInt64, p *record) sql.NullInt64 {
	if c&carriedHRA == 0 {
		return hra
	}
	if p == nil {
		return sql.NullInt64{}
	}
	return p.hra
}

// recarry takes again, from p (the latest earlier record as it now stands), what r's file did
// not give, before r is computed again; a record stored before migration 0023 (which parts were
// carried not known) keeps its values. It reports whether anything changed.
func (r *record) recarry(p *record) (bool, error) {
	if !r.carried.Valid {
		return false, nil
	}
	c := carried(r.carried.Int64)
	decl, err := r.declarations()
	if err != nil {
		return false, err
	}
	if err := c.carryDeclarations(&decl, p); err != nil {
		return false, err
	}
	hra := c.carryHRA(r.hra, p)
	regime := r.regime
	if c&carriedRegime != 0 && p != nil {
		regime = p.regime
	}
	old, _ := r.declarations()
	if hra.Valid {
		// worked out again from the month's exemption when it is computed
		decl.Amounts[tds.HRA10_13A] = old.Amounts[tds.HRA10_13A]
	}
	if decl == old && hra == r.hra && regime == r.regime {
		return false, nil
	}
	r.declInput, r.hra, r.regime = &decl, hra, regime
	return true, nil
}

// carriedFrom names where recarry took a month's carried values from.
func carriedFrom(fy tds.FY, p *record) string {
	if p == nil {
		return "no earlier month (none declared)"
	}
	return MonthName(fy, p.mi)
}
