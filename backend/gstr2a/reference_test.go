package gstr2a

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// The reference decoder reads the listing through encoding/json; the fuzz test checks that the
// fast decoder agrees with it.

// wire types mirror the JSON with numbers kept as text, so money is read exactly.
type wireListing struct {
	B2B []wireSupplier `json:"b2b"`
}

type wireSupplier struct {
	CFS      string        `json:"cfs"`
	CFS3B    string        `json:"cfs3b"`
	CTIN     string        `json:"ctin"`
	DtCancel string        `json:"dtcancel"`
	FlDtR1   string        `json:"fldtr1"`
	FlPrdR1  string        `json:"flprdr1"`
	Inv      []wireInvoice `json:"inv"`
}

type wireInvoice struct {
	Chksum      string      `json:"chksum"`
	DiffPercent json.Number `json:"diff_percent"`
	Idt         string      `json:"idt"`
	Inum        *string     `json:"inum"`
	InvTyp      string      `json:"inv_typ"`
	Irn         string      `json:"irn"`
	IrnGenDate  string      `json:"irngendate"`
	Itms        []wireItem  `json:"itms"`
	Pos         string      `json:"pos"`
	Rchrg       string      `json:"rchrg"`
	Srctyp      string      `json:"srctyp"`
	Val         json.Number `json:"val"`
}

type wireItem struct {
	Num    json.Number  `json:"num"`
	ItmDet *wireItemDet `json:"itm_det"`
}

type wireItemDet struct {
	Camt  json.Number `json:"camt"`
	Csamt json.Number `json:"csamt"`
	Iamt  json.Number `json:"iamt"`
	Rt    json.Number `json:"rt"`
	Samt  json.Number `json:"samt"`
	Txval json.Number `json:"txval"`
}

func parseReference(raw []byte) (Listing, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return Listing{}, malformed(&FieldError{Field: "data", Problem: "is not a JSON object"})
	}
	var w wireListing
	if err := json.Unmarshal(trimmed, &w); err != nil {
		return Listing{}, err
	}
	l := Listing{B2B: make([]Supplier, len(w.B2B))}
	for si := range w.B2B {
		if err := convertSupplier(&w.B2B[si], &l.B2B[si], si); err != nil {
			return Listing{}, err
		}
	}
	if err := l.Validate(); err != nil {
		return Listing{}, err
	}
	l.raw = append([]byte(nil), trimmed...)
	return l, nil
}

func convertSupplier(ws *wireSupplier, s *Supplier, si int) error {
	*s = Supplier{
		CFS: ws.CFS, CFS3B: ws.CFS3B, CTIN: ws.CTIN, DtCancel: ws.DtCancel,
		FilingDate: ws.FlDtR1, FilingPeriod: ws.FlPrdR1,
		Invoices: make([]Invoice, len(ws.Inv)),
	}
	for ii := range ws.Inv {
		wi := &ws.Inv[ii]
		inv := &s.Invoices[ii]
		fe := func(field, problem string) error {
			n := ""
			if wi.Inum != nil {
				n = *wi.Inum
			}
			return malformed(&FieldError{Supplier: si + 1, CTIN: ws.CTIN, Invoice: ii + 1, INum: n, Field: field, Problem: problem})
		}
		if wi.Inum == nil {
			return fe("inum", "is missing")
		}
		*inv = Invoice{
			Checksum: wi.Chksum, Date: wi.Idt, Number: *wi.Inum, Type: wi.InvTyp,
			IRN: wi.Irn, IRNDate: wi.IrnGenDate, POS: wi.Pos, ReverseCharge: wi.Rchrg,
			SourceType: wi.Srctyp, Items: make([]Item, len(wi.Itms)),
		}
		if wi.Itms == nil {
			return fe("itms", "is missing")
		}
		if wi.Val == "" {
			return fe("val", "is missing")
		}
		v, err := parseHundredths(string(wi.Val))
		if err != nil {
			return fe("val", fmt.Sprintf("%q %v", wi.Val, err))
		}
		inv.Value = Paise(v)
		if wi.DiffPercent != "" {
			d, err := parseHundredths(string(wi.DiffPercent))
			if err != nil {
				return fe("diff_percent", fmt.Sprintf("%q %v", wi.DiffPercent, err))
			}
			r := Rate(d)
			inv.DiffPercent = &r
		}
		for ti := range wi.Itms {
			wt := &wi.Itms[ti]
			it := &inv.Items[ti]
			te := func(field, problem string) error {
				return malformed(&FieldError{Supplier: si + 1, CTIN: ws.CTIN, Invoice: ii + 1, INum: *wi.Inum, Item: ti + 1, Field: field, Problem: problem})
			}
			if wt.Num == "" {
				return te("num", "is missing")
			}
			n, err := strconv.ParseInt(string(wt.Num), 10, 64)
			if err != nil {
				return te("num", fmt.Sprintf("%q is not a whole number", wt.Num))
			}
			it.Num = n
			if wt.ItmDet == nil {
				return te("itm_det", "is missing")
			}
			d := wt.ItmDet
			if d.Rt == "" {
				return te("itm_det.rt", "is missing")
			}
			rt, err := parseHundredths(string(d.Rt))
			if err != nil {
				return te("itm_det.rt", fmt.Sprintf("%q %v", d.Rt, err))
			}
			it.Detail.Rate = Rate(rt)
			if d.Txval == "" {
				return te("itm_det.txval", "is missing")
			}
			tx, err := parseHundredths(string(d.Txval))
			if err != nil {
				return te("itm_det.txval", fmt.Sprintf("%q %v", d.Txval, err))
			}
			it.Detail.Taxable = Paise(tx)
			for _, f := range []struct {
				name string
				num  json.Number
				dst  **Paise
			}{
				{"itm_det.camt", d.Camt, &it.Detail.CGST},
				{"itm_det.samt", d.Samt, &it.Detail.SGST},
				{"itm_det.iamt", d.Iamt, &it.Detail.IGST},
				{"itm_det.csamt", d.Csamt, &it.Detail.Cess},
			} {
				if f.num == "" {
					continue
				}
				a, err := parseHundredths(string(f.num))
				if err != nil {
					return te(f.name, fmt.Sprintf("%q %v", f.num, err))
				}
				p := Paise(a)
				*f.dst = &p
			}
		}
	}
	return nil
}
