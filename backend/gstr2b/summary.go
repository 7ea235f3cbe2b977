package gstr2b

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"

	"gstdesk/backend/money"
)

// itcParts and itcGroups are the keys of itcsumm the return may have (gstr2b-ims.md §1.1).
var (
	itcParts  = map[string]bool{"itcavl": true, "itcunavl": true, "itcrev": true, "itcRejected": true}
	itcGroups = map[string]bool{"nonrevsup": true, "isdsup": true, "revsup": true, "imports": true, "othersup": true}
)

// parseITC reads itcsumm: parts (itcavl ...), groups (nonrevsup ...), each with its tax totals and
// section objects. Every amount must be a number; keys it does not know are refused, as a later
// version of the return would need reading anew.
func parseITC(raw json.RawMessage) (ITCSummary, error) {
	out := ITCSummary{}
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	var parts map[string]map[string]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return nil, &FieldError{Part: "itcsumm", Field: "itcsumm", Problem: "should be an object of parts, groups and sections"}
	}
	// Keys in order, so a summary with two faults is always refused for the same one.
	for _, p := range slices.Sorted(maps.Keys(parts)) {
		groups := parts[p]
		if !itcParts[p] {
			return nil, &FieldError{Part: "itcsumm", Field: p, Problem: "is not a part of the ITC summary gstdesk knows (itcavl, itcunavl, itcrev, itcRejected)"}
		}
		out[p] = map[string]SummaryGroup{}
		for _, g := range slices.Sorted(maps.Keys(groups)) {
			fields := groups[g]
			if !itcGroups[g] {
				return nil, &FieldError{Part: "itcsumm." + p, Field: g, Problem: "is not a group gstdesk knows (nonrevsup, isdsup, revsup, imports, othersup)"}
			}
			sg := SummaryGroup{Sections: map[string]Amounts{}}
			for _, k := range slices.Sorted(maps.Keys(fields)) {
				v := fields[k]
				where := "itcsumm." + p + "." + g
				switch k {
				case "igst", "cgst", "sgst", "cess", "txval":
					n, _, err := amount(v)
					if err != nil {
						return nil, &FieldError{Part: where, Field: k, Problem: err.Error()}
					}
					setAmount(&sg.Total, k, n)
				default:
					a, err := parseAmounts(v)
					if err != nil {
						return nil, &FieldError{Part: where, Field: k + "." + err.field, Problem: err.problem}
					}
					sg.Sections[k] = a
				}
			}
			out[p][g] = sg
		}
	}
	return out, nil
}

type amountProblem struct{ field, problem string }

func parseAmounts(raw json.RawMessage) (Amounts, *amountProblem) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Amounts{}, &amountProblem{"", "should be an object of amounts"}
	}
	var a Amounts
	for k, v := range m {
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

// parseCP reads cpsumm: per section, one line per supplier.
func parseCP(raw json.RawMessage) (map[string][]Counterparty, error) {
	out := map[string][]Counterparty{}
	if len(raw) == 0 || string(raw) == "null" {
		return out, nil
	}
	var secs map[string][]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &secs); err != nil {
		return nil, &FieldError{Part: "cpsumm", Field: "cpsumm", Problem: "should be an object of section lists"}
	}
	keys := make([]string, 0, len(secs))
	for k := range secs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, sec := range keys {
		for i, e := range secs[sec] {
			var c Counterparty
			fe := func(field, problem string) error {
				return &FieldError{Part: "cpsumm", Section: sec, Supplier: i + 1, CTIN: c.CTIN, Field: field, Problem: problem}
			}
			for k, v := range e {
				switch k {
				case "ctin", "trdnm", "supprd", "supfildt", "nttyp", "doctyp", "portcode":
					var s string
					if err := json.Unmarshal(v, &s); err != nil {
						return nil, fe(k, "should be text")
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
				case "ttldocs", "txval", "igst", "cgst", "sgst", "cess":
					n, _, err := amount(v)
					if err != nil {
						return nil, fe(k, err.Error())
					}
					switch k {
					case "ttldocs":
						if n%100 != 0 || n < 0 {
							return nil, fe(k, fmt.Sprintf("%s is not a count of documents", n.Number()))
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
			out[sec] = append(out[sec], c)
		}
	}
	return out, nil
}
