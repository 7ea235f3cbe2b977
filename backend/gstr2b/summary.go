package gstr2b

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"gstdesk/backend/money"
)

// itcParts, itcGroups and itcSections are the keys of itcsumm gstdesk knows (gstr2b-ims.md §1.1).
var (
	itcParts    = map[string]bool{"itcavl": true, "itcunavl": true, "itcrev": true, "itcRejected": true}
	itcGroups   = map[string]bool{"nonrevsup": true, "isdsup": true, "revsup": true, "imports": true, "othersup": true}
	itcSections = map[string]bool{"b2b": true, "b2ba": true, "cdnr": true, "cdnra": true, "ecom": true, "ecoma": true, "isd": true, "isda": true,
		"impg": true, "impgsez": true, "impga": true, "impgasez": true, "cdnrrev": true, "cdnrarev": true}
	amountKeys = map[string]bool{"igst": true, "cgst": true, "sgst": true, "cess": true, "txval": true}
)

// parseITC reads itcsumm: parts (itcavl ...), groups (nonrevsup ...), each with its tax totals and
// section objects. Every amount must be a number. A part, group, section or amount key gstdesk
// does not know is named in a notice and kept (in the stored answer, and in the summary when it
// has the shape of the others); only a figure that cannot be read refuses the return.
func parseITC(raw json.RawMessage, ns *noticer) (ITCSummary, error) {
	out := ITCSummary{}
	if absent(raw) {
		return out, nil
	}
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return nil, &FieldError{Part: "itcsumm", Field: "itcsumm", Problem: "should be an object of parts, groups and sections"}
	}
	// Keys in order, so a summary with two faults is always refused for the same one.
	for _, p := range slices.Sorted(maps.Keys(parts)) {
		if !itcParts[p] {
			unknownKey(ns, "data.itcsumm."+p)
		}
		var groups map[string]json.RawMessage
		if err := json.Unmarshal(parts[p], &groups); err != nil {
			if !itcParts[p] {
				continue // kept in the stored answer only
			}
			return nil, &FieldError{Part: "itcsumm", Field: p, Problem: "should be an object of groups"}
		}
		out[p] = map[string]SummaryGroup{}
		for _, g := range slices.Sorted(maps.Keys(groups)) {
			if !itcGroups[g] {
				unknownKey(ns, "data.itcsumm."+p+"."+g)
			}
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(groups[g], &fields); err != nil {
				if !itcGroups[g] || !itcParts[p] {
					continue
				}
				return nil, &FieldError{Part: "itcsumm." + p, Field: g, Problem: "should be an object of amounts and sections"}
			}
			sg := SummaryGroup{Sections: map[string]Amounts{}}
			where := "itcsumm." + p + "." + g
			for _, k := range slices.Sorted(maps.Keys(fields)) {
				v := fields[k]
				switch {
				case amountKeys[k]:
					n, _, err := amount(v)
					if err != nil {
						return nil, &FieldError{Part: where, Field: k, Problem: err.Error()}
					}
					setAmount(&sg.Total, k, n)
				case len(bytes.TrimSpace(v)) > 0 && bytes.TrimSpace(v)[0] == '{':
					if !itcSections[k] {
						unknownKey(ns, "data."+where+"."+k)
					}
					a, err := parseAmounts(v, "data."+where+"."+k, ns)
					if err != nil {
						return nil, &FieldError{Part: where, Field: k + "." + err.field, Problem: err.problem}
					}
					sg.Sections[k] = a
				default:
					if itcSections[k] {
						return nil, &FieldError{Part: where, Field: k, Problem: "should be an object of amounts"}
					}
					unknownKey(ns, "data."+where+"."+k)
				}
			}
			out[p][g] = sg
		}
	}
	return out, nil
}

type amountProblem struct{ field, problem string }

func parseAmounts(raw json.RawMessage, path string, ns *noticer) (Amounts, *amountProblem) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Amounts{}, &amountProblem{"", "should be an object of amounts"}
	}
	var a Amounts
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		if !amountKeys[k] {
			unknownKey(ns, path+"."+k)
			continue
		}
		n, _, err := amount(v)
		if err != nil {
			return Amounts{}, &amountProblem{k, err.Error()}
		}
		setAmount(&a, k, n)
	}
	return a, nil
}

func setAmount(a *Amounts, k string, n money.Paise) {
	switch k {
	case "igst":
		a.IGST = n
	case "cgst":
		a.CGST = n
	case "sgst":
		a.SGST = n
	case "cess":
		a.Cess = n
	case "txval":
		a.Taxable, a.HasTaxable = n, true
	}
}

// cpSections are the sections of cpsumm and cpSummRej gstdesk knows; cpKeys the keys of a line.
var (
	cpSections = map[string]bool{"b2b": true, "b2ba": true, "cdnr": true, "cdnra": true, "isd": true, "isda": true, "impgsez": true,
		"ecom": true, "ecoma": true, "itcrev": true}
	cpKeys = map[string]bool{"ctin": true, "trdnm": true, "supprd": true, "supfildt": true, "nttyp": true, "doctyp": true, "portcode": true,
		"ttldocs": true, "txval": true, "igst": true, "cgst": true, "sgst": true, "cess": true}
)

// parseCP reads cpsumm (or cpSummRej, name, whose lines are marked Rejected): per section, one
// line per supplier. cpsumm.itcrev (v4.0) is a list of objects of sub-sections, each one line:
// those lines are kept under "itcrev", each with its sub-section and marked Reversed. A section
// or key gstdesk does not know is named in a notice and kept.
func parseCP(name string, raw json.RawMessage, rejected bool, ns *noticer) (map[string][]Counterparty, error) {
	out := map[string][]Counterparty{}
	if absent(raw) {
		return out, nil
	}
	var secs map[string]json.RawMessage
	if err := json.Unmarshal(raw, &secs); err != nil {
		return nil, &FieldError{Part: name, Field: name, Problem: "should be an object of section lists"}
	}
	for _, sec := range slices.Sorted(maps.Keys(secs)) {
		if !cpSections[sec] {
			unknownKey(ns, "data."+name+"."+sec)
		}
		var list []map[string]json.RawMessage
		if err := json.Unmarshal(secs[sec], &list); err != nil {
			if !cpSections[sec] {
				continue
			}
			return nil, &FieldError{Part: name, Section: sec, Field: sec, Problem: "should be a list of suppliers"}
		}
		for i, e := range list {
			if sec != "itcrev" {
				c, err := parseCPLine(name, sec, i, e, ns)
				if err != nil {
					return nil, err
				}
				c.Rejected = rejected
				out[sec] = append(out[sec], c)
				continue
			}
			for _, sub := range slices.Sorted(maps.Keys(e)) {
				if !slices.Contains(revSections, sub) {
					unknownKey(ns, "data."+name+".itcrev[]."+sub)
				}
				var line map[string]json.RawMessage
				if err := json.Unmarshal(e[sub], &line); err != nil {
					// One sub-section as a list of lines, as the other sections are.
					var lines []map[string]json.RawMessage
					if json.Unmarshal(e[sub], &lines) != nil {
						return nil, &FieldError{Part: name, Section: "itcrev." + sub, Supplier: i + 1, Field: sub, Problem: "should be a supplier's line"}
					}
					for _, l := range lines {
						c, err := parseCPLine(name, "itcrev."+sub, i, l, ns)
						if err != nil {
							return nil, err
						}
						c.Section, c.Reversed, c.Rejected = sub, true, rejected
						out[sec] = append(out[sec], c)
					}
					continue
				}
				c, err := parseCPLine(name, "itcrev."+sub, i, line, ns)
				if err != nil {
					return nil, err
				}
				c.Section, c.Reversed, c.Rejected = sub, true, rejected
				out[sec] = append(out[sec], c)
			}
		}
	}
	return out, nil
}

// parseCPLine reads one supplier's line of cpsumm.
func parseCPLine(name, sec string, i int, e map[string]json.RawMessage, ns *noticer) (Counterparty, error) {
	var c Counterparty
	fe := func(field, problem string) error {
		return &FieldError{Part: name, Section: sec, Supplier: i + 1, CTIN: c.CTIN, Field: field, Problem: problem}
	}
	if v, ok := e["ctin"]; ok {
		json.Unmarshal(v, &c.CTIN)
	}
	for _, k := range slices.Sorted(maps.Keys(e)) {
		v := e[k]
		if !cpKeys[k] {
			unknownKey(ns, "data."+name+"."+sec+"[]."+k)
			continue
		}
		switch k {
		case "ctin", "trdnm", "supprd", "supfildt", "nttyp", "doctyp", "portcode":
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return c, fe(k, "should be text")
			}
			switch k {
			case "ctin":
				c.CTIN = s
			case "trdnm":
				c.TradeName = s
			case "supprd":
				c.SupplierPeriod = s
			case "supfildt":
				c.SupplierFiled = s
			case "nttyp":
				c.NoteType = s
			case "doctyp":
				c.DocType = s
			case "portcode":
				c.PortCode = s
			}
		default:
			n, _, err := amount(v)
			if err != nil {
				return c, fe(k, err.Error())
			}
			switch k {
			case "ttldocs":
				if n%100 != 0 || n < 0 {
					return c, fe(k, fmt.Sprintf("%s is not a count of documents", n.Number()))
				}
				c.Documents = int64(n / 100)
			case "txval":
				c.Taxable = n
			case "igst":
				c.IGST = n
			case "cgst":
				c.CGST = n
			case "sgst":
				c.SGST = n
			case "cess":
				c.Cess = n
			}
		}
	}
	return c, nil
}
