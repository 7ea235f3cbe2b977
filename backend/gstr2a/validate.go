package gstr2a

import (
	"fmt"
	"strings"

	"gstdesk/backend/civil"
	"gstdesk/backend/gstin"
	"gstdesk/backend/money"
)

// InvoiceTypes are the invoice type codes the service sends in inv_typ.
var InvoiceTypes = []string{"R", "SEZWP", "SEZWOP", "DE", "CBW"}

func validInvoiceType(t string) bool {
	for _, v := range InvoiceTypes {
		if t == v {
			return true
		}
	}
	return false
}

// maxItems is the most line items an invoice may have: a sanity limit far above any real invoice.
const maxItems = 1 << 16

// Validate checks every field of the listing the way Parse does; Save calls it so that a listing
// built by hand is held to the same rules.
func (l *Listing) Validate() error {
	for si := range l.B2B {
		if err := validateSupplier(si, &l.B2B[si]); err != nil {
			return err
		}
	}
	return nil
}

func validateSupplier(si int, s *Supplier) error { return validateSupplierWith(si, s, nil) }

// validateSupplierWith is validateSupplier; with nt (a whole return read by ParseReturn or
// Ingest's Whole), what is not a figure or an identity is kept as given and named in a notice
// instead of refused: a missing chksum, an invoice type, place of supply or reverse charge flag
// of another shape, filing flags and dates not in the usual form. The number, the date, the items
// and the value of an invoice are still required.
func validateSupplierWith(si int, s *Supplier, nt *notes) error {
	// One identity of a GSTIN everywhere (gstin.Normalize): lower case or spaces do not make
	// another supplier, nor a refusal.
	if n := gstin.Normalize(s.CTIN); n != s.CTIN && gstinShape(n) {
		s.CTIN = n
	}
	where := func(ii int) string {
		w := fmt.Sprintf("supplier %s", s.CTIN)
		if ii >= 0 {
			w += fmt.Sprintf(", invoice %d (%q)", ii+1, s.Invoices[ii].Number)
		}
		return w
	}
	// soft reports whether a problem is only noted (nt set); it notes it.
	soft := func(ii int, field, what string) bool {
		if nt == nil {
			return false
		}
		nt.missingField("b2b", field, what, where(ii))
		return true
	}
	{
		se := func(field, problem string) error {
			return malformed(&FieldError{Supplier: si + 1, CTIN: s.CTIN, Field: field, Problem: problem})
		}
		switch {
		case s.CTIN == "":
			return se("ctin", "is missing")
		case !gstinShape(s.CTIN):
			return se("ctin", fmt.Sprintf("%q is not a GSTIN (15 letters and digits)", s.CTIN))
		}
		if !yesNo(s.CFS, true) && !soft(-1, "cfs", "a filing flag of Y or N (kept as given)") {
			return se("cfs", fmt.Sprintf("%q should be Y or N", s.CFS))
		}
		if !yesNo(s.CFS3B, true) && !soft(-1, "cfs3b", "a filing flag of Y or N (kept as given)") {
			return se("cfs3b", fmt.Sprintf("%q should be Y or N", s.CFS3B))
		}
		if s.FilingDate != "" {
			if _, ok := parseDDMonYY(s.FilingDate); !ok && !soft(-1, "fldtr1", "a filing date in DD-Mon-YY form (kept as given)") {
				return se("fldtr1", fmt.Sprintf("%q is not a date in DD-Mon-YY form (such as 10-Jan-24)", s.FilingDate))
			}
		}
		if s.FilingPeriod != "" {
			if _, ok := parseMonYY(s.FilingPeriod); !ok && !soft(-1, "flprdr1", "a filing period in Mon-YY form (kept as given)") {
				return se("flprdr1", fmt.Sprintf("%q is not a return period in Mon-YY form (such as Dec-23)", s.FilingPeriod))
			}
		}
		if s.DtCancel != "" {
			if _, ok := parseAnyDate(s.DtCancel); !ok && !soft(-1, "dtcancel", "a cancellation date in a known form (kept as given)") {
				return se("dtcancel", fmt.Sprintf("%q is not a date (DD-MM-YYYY, DD/MM/YYYY or DD-Mon-YY)", s.DtCancel))
			}
		}
		for ii := range s.Invoices {
			inv := &s.Invoices[ii]
			ie := func(field, problem string) error {
				return malformed(&FieldError{Supplier: si + 1, CTIN: s.CTIN, Invoice: ii + 1, INum: inv.Number, Field: field, Problem: problem})
			}
			switch {
			case strings.TrimSpace(inv.Number) == "":
				return ie("inum", "is empty")
			case inv.Checksum == "" && !soft(ii, "chksum", "a checksum"):
				return ie("chksum", "is missing")
			case inv.Date == "":
				return ie("idt", "is missing")
			case inv.Type == "" && !soft(ii, "inv_typ", "an invoice type"):
				return ie("inv_typ", "is missing")
			case inv.POS == "" && !soft(ii, "pos", "a place of supply"):
				return ie("pos", "is missing")
			case inv.ReverseCharge == "" && !soft(ii, "rchrg", "a reverse charge flag"):
				return ie("rchrg", "is missing")
			}
			if _, ok := parseDDMMYYYY(inv.Date, '-'); !ok {
				return ie("idt", fmt.Sprintf("%q is not a date in DD-MM-YYYY form", inv.Date))
			}
			if inv.Type != "" && !validInvoiceType(inv.Type) && !soft(ii, "inv_typ", "an invoice type gstdesk knows, R, SEZWP, SEZWOP, DE or CBW (kept as given)") {
				return ie("inv_typ", fmt.Sprintf("%q is not a known invoice type (R, SEZWP, SEZWOP, DE, CBW)", inv.Type))
			}
			if inv.POS != "" && !stateCode(inv.POS) && !soft(ii, "pos", "a two-digit place of supply (kept as given)") {
				return ie("pos", fmt.Sprintf("%q is not a two-digit state code", inv.POS))
			}
			if inv.ReverseCharge != "" && !yesNo(inv.ReverseCharge, false) && !soft(ii, "rchrg", "a reverse charge flag of Y or N (kept as given)") {
				return ie("rchrg", fmt.Sprintf("%q should be Y or N", inv.ReverseCharge))
			}
			if inv.IRNDate != "" {
				if _, ok := parseDDMMYYYY(inv.IRNDate, '-'); !ok && !soft(ii, "irngendate", "an IRN date in DD-MM-YYYY form (kept as given)") {
					return ie("irngendate", fmt.Sprintf("%q is not a date in DD-MM-YYYY form", inv.IRNDate))
				}
			}
			if inv.Items == nil {
				return ie("itms", "is missing")
			}
			if len(inv.Items) > maxItems {
				return ie("itms", fmt.Sprintf("has %d items; gstdesk keeps at most %d per invoice", len(inv.Items), maxItems))
			}
			if abs(int64(inv.Value)) > int64(money.Max) {
				return ie("val", "is too large")
			}
		}
	}
	return nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func yesNo(s string, emptyOK bool) bool {
	return s == "Y" || s == "N" || (emptyOK && s == "")
}

func gstinShape(s string) bool { return gstin.Shape(s) }

func stateCode(s string) bool { return gstin.StateShape(s) }

// The returns' date forms are read by package civil (one reader of each).
func parseDDMMYYYY(s string, sep byte) (string, bool) { return civil.ParseDDMMYYYY(s, sep) }
func parseDDMonYY(s string) (string, bool)            { return civil.ParseDDMonYY(s) }
func parseMonYY(s string) (string, bool)              { return civil.ParseMonYY(s) }
func parseAnyDate(s string) (string, bool)            { return civil.ParseReturnDate(s) }
func num2(s string) (int, bool)                       { return civil.Num2(s) }
func isoDate(y, m, d int) (string, bool)              { return civil.ISODate(y, m, d) }

func atoi4(s string) int {
	a, ok1 := num2(s[:2])
	b, ok2 := num2(s[2:])
	if !ok1 || !ok2 {
		return -1
	}
	return a*100 + b
}

func atoi2(s string) int {
	v, ok := num2(s)
	if !ok {
		return -1
	}
	return v
}
