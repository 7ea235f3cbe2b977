package gstr2a

import (
	"gstdesk/backend/money"
	"gstdesk/backend/period"

	"fmt"
	"strings"

	"gstdesk/backend/civil"
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

func gstinShape(s string) bool {
	if len(s) != 15 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func stateCode(s string) bool {
	return len(s) == 2 && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9'
}

func num2(s string) (int, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

func isoDate(y, m, d int) (string, bool) {
	if y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > civil.DaysIn(y, m) {
		return "", false
	}
	b := []byte("0000-00-00")
	b[0], b[1], b[2], b[3] = byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
	b[5], b[6] = byte('0'+m/10), byte('0'+m%10)
	b[8], b[9] = byte('0'+d/10), byte('0'+d%10)
	return string(b), true
}

// parseDDMMYYYY reads DD-MM-YYYY (or with sep) and returns YYYY-MM-DD.
func parseDDMMYYYY(s string, sep byte) (string, bool) {
	if len(s) != 10 || s[2] != sep || s[5] != sep {
		return "", false
	}
	d, ok1 := num2(s[0:2])
	m, ok2 := num2(s[3:5])
	yh, ok3 := num2(s[6:8])
	yl, ok4 := num2(s[8:10])
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return "", false
	}
	return isoDate(yh*100+yl, m, d)
}

var months = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

func monthOf(s string) (int, bool) {
	u := strings.ToUpper(s)
	for i, m := range months {
		if u == m {
			return i + 1, true
		}
	}
	return 0, false
}

// parseDDMonYY reads DD-Mon-YY (10-Jan-24) and returns YYYY-MM-DD.
func parseDDMonYY(s string) (string, bool) {
	if len(s) != 9 || s[2] != '-' || s[6] != '-' {
		return "", false
	}
	d, ok1 := num2(s[0:2])
	m, ok2 := monthOf(s[3:6])
	y, ok3 := num2(s[7:9])
	if !ok1 || !ok2 || !ok3 {
		return "", false
	}
	return isoDate(2000+y, m, d)
}

// parseMonYY reads Mon-YY (Dec-23) and returns YYYY-MM.
func parseMonYY(s string) (string, bool) {
	if len(s) != 6 || s[3] != '-' {
		return "", false
	}
	m, ok1 := monthOf(s[0:3])
	y, ok2 := num2(s[4:6])
	if !ok1 || !ok2 {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d", 2000+y, m), true
}

// parseAnyDate reads the date forms the service uses (DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YY).
func parseAnyDate(s string) (string, bool) {
	if d, ok := parseDDMMYYYY(s, '-'); ok {
		return d, true
	}
	if d, ok := parseDDMMYYYY(s, '/'); ok {
		return d, true
	}
	return parseDDMonYY(s)
}

// ParsePeriod checks a return period written YYYY-MM (2024-01) and returns it (see
// period.ParseMonth; the service's MMYYYY form is not taken here, as periods are stored YYYY-MM).
func ParsePeriod(p string) (string, error) {
	if m, err := period.ParseMonth(p); err != nil || m.String() != p {
		return "", fmt.Errorf("period %q should be written YYYY-MM, such as 2024-01", p)
	}
	return p, nil
}

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
