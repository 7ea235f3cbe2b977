package ims

import "gstdesk/backend/gstr2b"

// SectionOf2B is the IMS section of a GSTR-2B document of a 2B section and kind ("" when IMS does
// not hold its kind: bills of entry and ISD documents).
func SectionOf2B(section, kind string) string {
	switch section {
	case "b2b", "b2ba", "ecom", "ecoma":
		return section
	case "cdnr", "cdnra":
		base := "b2bcn"
		if kind == gstr2b.KindDebitNote {
			base = "b2bdn"
		}
		if section == "cdnra" {
			base += "a"
		}
		return base
	}
	return ""
}

// RtnPrdOf2B is the IMS return period (rtnprd, MMYYYY) of a GSTR-2B document of period p: the
// supplier's period it gives (supprd), else p.
func RtnPrdOf2B(d *gstr2b.MatchDoc, p string) string {
	if d.SupplierPeriod != "" {
		return RetPeriod(d.SupplierPeriod)
	}
	return RetPeriod(p)
}

// IDOf2B is the identity in IMS of a GSTR-2B document of period p (false when IMS does not hold
// its kind).
func IDOf2B(d *gstr2b.MatchDoc, p string) (ID, bool) {
	sec := SectionOf2B(d.Section, d.Kind)
	if sec == "" {
		return ID{}, false
	}
	return IDOf(sec, RtnPrdOf2B(d, p), d.Supplier, d.Number), true
}
