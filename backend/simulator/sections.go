package simulator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// supFiled is the 2B's supfildt (DD-MM-YYYY) of a GSTR-2A supplier entry.
func supFiled(e *supplierEntry) string {
	filed, err := time.Parse("02-Jan-06", e.fldtr1)
	if err != nil {
		return ""
	}
	return filed.Format("02-01-2006")
}

// newDoc makes a document of one item at rate rt from supplier e, its taxes computed as an
// invoice's (IGST between states, CGST and SGST within one).
func newDoc(section string, e *supplierEntry, recState, supprd, num, dt string, txval, rt float64) *doc2b {
	d := &doc2b{section: section, ctin: e.t.GSTIN, trdnm: e.t.TradeName, supfildt: supFiled(e), supprd: supprd,
		num: num, dt: dt, typ: "R", pos: recState, rev: "N", itcavl: "Y",
		items: []item{{num: int(rt)*100 + 1, rt: rt, txval: round2(txval), inter: e.t.StateCode != recState}}}
	finishNote(d)
	return d
}

// scaled is a copy of d (an amendment of it) with its taxable value times f.
func scaled(d *doc2b, f float64) *doc2b {
	a := *d
	a.items = append([]item(nil), d.items...)
	for i := range a.items {
		a.items[i].txval = round2(a.items[i].txval * f)
	}
	a.orig = &amounts2b{txval: d.txval, igst: d.igst, cgst: d.cgst, sgst: d.sgst, cess: d.cess}
	a.irn, a.irnDate = "", ""
	finishNote(&a)
	return &a
}

// addSections adds, for Options.AllSections, the documents of every other section of the
// published files to a period's GSTR-2B documents (see Options.AllSections). They are chosen by
// the seed, the recipient and the period, never by the generator of the B2B invoices, so the
// B2B invoices stay the same.
func (s *Server) addSections(recipient string, year, month int, entries []*supplierEntry, docs []*doc2b) []*doc2b {
	recState := recipient[:2]
	if rt, ok := s.reg.byGSTIN[recipient]; ok {
		recState = rt.StateCode
	}
	supprd := fmt.Sprintf("%02d%04d", month, year)
	rng := rand.New(rand.NewPCG(mix(uint64(s.opts.Seed), hashString(recipient), uint64(year*100+month)), 0x5ec7))
	day := func(d int) string {
		return time.Date(year, time.Month(month), d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
	}
	prev := func(d int) string {
		return time.Date(year, time.Month(month)-1, d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
	}
	pick := func(i int) *supplierEntry { return entries[i%len(entries)] }
	amount := func() float64 { return float64(5000+rng.IntN(200000)) + float64(rng.IntN(100))/100 }
	tag := fmt.Sprintf("%02d%02d", year%100, month)
	var firstB2B, firstCN, firstDN *doc2b
	hasB2BA := false
	for _, d := range docs {
		switch {
		case d.section == "b2b" && firstB2B == nil:
			firstB2B = d
		case d.section == "cdnr" && d.noteType == "C" && firstCN == nil:
			firstCN = d
		case d.section == "cdnr" && d.noteType == "D" && firstDN == nil:
			firstDN = d
		case d.section == "b2ba":
			hasB2BA = true
		}
	}
	var out []*doc2b
	// A downward amendment of an invoice, when the period has none.
	if !hasB2BA && firstB2B != nil {
		a := scaled(firstB2B, 0.9)
		a.section, a.onum, a.odt, a.num = "b2ba", firstB2B.num, prev(5), firstB2B.num+"-A"
		out = append(out, a)
	}
	// Credit and debit notes, when the period has none, and an amendment of each.
	if firstCN == nil && firstB2B != nil {
		firstCN = scaled(firstB2B, 0.1)
		firstCN.section, firstCN.noteType, firstCN.num, firstCN.orig = "cdnr", "C", "CN-"+firstB2B.num, nil
		out = append(out, firstCN)
	}
	if firstDN == nil && firstB2B != nil {
		firstDN = scaled(firstB2B, 0.05)
		firstDN.section, firstDN.noteType, firstDN.num, firstDN.orig = "cdnr", "D", "DN-"+firstB2B.num, nil
		out = append(out, firstDN)
	}
	for _, n := range []*doc2b{firstCN, firstDN} {
		if n == nil {
			continue
		}
		// The credit note amended to a smaller credit, the debit note to a smaller debit (downward).
		a := scaled(n, 0.8)
		a.section, a.onum, a.odt, a.otyp, a.num = "cdnra", n.num, n.dt, n.noteType, n.num+"-A"
		// The amended credit note is one whose reduction of credit the portal decides.
		a.redReqBlocked = n.noteType == "C"
		out = append(out, a)
	}
	// ISD: an invoice distributed as eligible and the same number as not eligible (two
	// documents), an ISD credit note, and an amendment of an earlier ISD invoice.
	isd := pick(1)
	for _, x := range []struct {
		typ, num, elg string
		f             float64
	}{{"ISDI", "ISD/" + tag + "/001", "Y", 1}, {"ISDI", "ISD/" + tag + "/001", "N", 0.25}, {"ISDC", "ISDC/" + tag + "/001", "Y", 0.1}} {
		d := newDoc("isd", isd, recState, supprd, x.num, day(3), 40000*x.f, 18)
		d.noteType, d.itcavl, d.items, d.val = x.typ, x.elg, nil, 0
		out = append(out, d)
	}
	isda := newDoc("isda", isd, recState, supprd, "ISD/"+tag+"/002", day(4), 12000, 18)
	isda.noteType, isda.otyp, isda.onum, isda.odt, isda.items, isda.val = "ISDI", "ISDI", "ISD/"+tag+"/000", prev(20), nil, 0
	out = append(out, isda)
	// Bills of entry: an import (and one amended), and one from an SEZ supplier.
	boe := func(section string, num uint64, d int, isamd string, e *supplierEntry) *doc2b {
		tx := round2(amount() * 3)
		b := &doc2b{section: section, num: strconv.FormatUint(num, 10), dt: day(d), refdt: day(d + 2), recdt: day(d + 3),
			portcode: "INMAA1", isamd: isamd, txval: tx, igst: round2(tx * 0.18), itcavl: "Y", rev: "N"}
		if e != nil {
			b.ctin, b.trdnm, b.supprd, b.portcode = e.t.GSTIN, e.t.TradeName, supprd, "INBOM4"
		}
		return b
	}
	h := mix(uint64(s.opts.Seed), hashString(recipient), uint64(year*100+month), 0xb0e)
	out = append(out, boe("impg", 2000000+h%7999999, 7, "Y", nil))
	sez := pick(2)
	for _, e := range entries {
		if e.t.Type == "SEZ Unit" {
			sez = e
			break
		}
	}
	out = append(out, boe("impgsez", 3000000+h%6999999, 9, "N", sez))
	// E-commerce: supplies through an operator, and an amendment that does not name its original.
	eco := pick(4)
	out = append(out, newDoc("ecom", eco, recState, supprd, "EC/"+tag+"/001", day(14), amount(), 18))
	ea := newDoc("ecoma", eco, recState, supprd, "EC/"+tag+"/002", day(15), amount(), 5)
	ea.noOrig, ea.remarksBlocked = true, true
	out = append(out, ea)
	return append(docs, out...)
}

// addReverseCharge adds, for Options.AllSections, a reverse-charge invoice to a period whose
// invoices have none (GSTR-2A and GSTR-2B both carry it).
func (s *Server) addReverseCharge(recipient, recState string, year, month int, entries []*supplierEntry) {
	for _, e := range entries {
		for _, in := range e.inv {
			if in.rchrg == "Y" {
				return
			}
		}
	}
	e := entries[3%len(entries)]
	rng := rand.New(rand.NewPCG(mix(uint64(s.opts.Seed), hashString(recipient), uint64(year*100+month)), 0x3c3))
	start := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	in := makeInvoice(rng, e.t, recState, start, fmt.Sprintf("RCM/%02d%02d/001", year%100, month))
	in.rchrg = "Y"
	e.inv = append(e.inv, in)
}

// gstr2aRoot is the prefix of every GSTR-2A path: the whole document ({year}/{month}) and one
// section ({section}/{year}/{month}); b2b has its own handler (gstr2aPrefix).
const gstr2aRoot = "/gst/compliance/tax-payer/gstrs/gstr-2a/"

// gstr2aSections are the sections of GSTR-2A besides b2b, as the file and the per-section paths
// name them (gstr2b-ims.md §3.2).
var gstr2aSections = []string{"b2ba", "cdn", "cdna", "isd", "isda", "impg", "impgsez"}

// gstr2aRoute answers GET .../gstr-2a/{year}/{month} (the document in the portal file's shape,
// {"b2b", "b2ba", "cdn", ..., "gstin", "fp"}) and GET .../gstr-2a/{section}/{year}/{month}
// ({"<section>": [...]}), for the taxpayer of the session.
func (s *Server) gstr2aRoute(r *request) reply {
	if r.Method != http.MethodGet {
		return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, gstr2aRoot), "/")
	section := ""
	if len(parts) == 3 {
		section, parts = parts[0], parts[1:]
		if !slices.Contains(gstr2aSections, section) {
			return s.flat(http.StatusNotFound, "Not Found")
		}
	}
	if len(parts) != 2 || len(parts[0]) != 4 || len(parts[1]) != 2 {
		return s.flat(http.StatusNotFound, "Not Found")
	}
	year, err1 := strconv.Atoi(parts[0])
	month, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || month < 1 || month > 12 {
		return s.businessError("RET191106", "Invalid return period")
	}
	ss, rep := s.session(r)
	if rep != nil {
		return *rep
	}
	cp := r.URL.Query().Get("counterparty_gstin")
	if cp != "" && !gstinPattern.MatchString(cp) {
		return s.flat(http.StatusUnprocessableEntity, "Invalid GSTIN pattern")
	}
	doc := s.GSTR2ADocument(ss.gstin, year, month)
	if doc == nil {
		return s.businessError("RET13509", "No data found")
	}
	if section == "" {
		return s.ok(doc)
	}
	list, _ := doc[section].([]any)
	if cp != "" {
		var kept []any
		for _, e := range list {
			m, _ := e.(map[string]any)
			if m["ctin"] == cp || m["sgstin"] == cp {
				kept = append(kept, e)
			}
		}
		list = kept
	}
	if len(list) == 0 {
		return s.businessError("RET13509", "No data found")
	}
	return s.ok(map[string]any{section: list})
}

// GSTR2ADocument is recipient's GSTR-2A of a period in the portal file's shape: b2b as the b2b
// path gives it, the other sections from the same documents as the period's GSTR-2B, in the 2A
// field names (idt, inv_typ, rchrg, itms[].itm_det; cdn nt with ntty, nt_num, nt_dt; isd_docty,
// itc_elg; impg portcd, benum as a number, bedt, amd), with gstin and fp. It is nil when the
// period has no data. E-commerce documents (ecom, ecoma) are in the 2B only.
func (s *Server) GSTR2ADocument(recipient string, year, month int) map[string]any {
	entries := s.generate2A(recipient, year, month)
	if len(entries) == 0 {
		return nil
	}
	out := map[string]any{"gstin": recipient, "fp": fmt.Sprintf("%02d%04d", month, year)}
	var b2b []any
	heads := map[string]*supplierEntry{}
	for _, e := range entries {
		heads[e.t.GSTIN] = e
		if len(e.inv) == 0 {
			continue
		}
		b2b = append(b2b, json.RawMessage(appendSupplier(nil, e, e.inv)))
	}
	if len(b2b) > 0 {
		out["b2b"] = b2b
	}
	type sk struct{ section, ctin string }
	sups := map[sk]map[string]any{}
	var order []sk
	for _, d := range s.generate2B(recipient, year, month) {
		sec, m := doc2A(d)
		if sec == "" {
			continue
		}
		if sec == "impg" || sec == "impgsez" {
			list, _ := out[sec].([]any)
			out[sec] = append(list, m)
			continue
		}
		k := sk{sec, d.ctin}
		sup := sups[k]
		if sup == nil {
			sup = head2A(d, heads[d.ctin], sec)
			sups[k] = sup
			order = append(order, k)
		}
		listKey := "inv"
		switch sec {
		case "cdn", "cdna":
			listKey = "nt"
		case "isd", "isda":
			listKey = "doclist"
		}
		list, _ := sup[listKey].([]any)
		sup[listKey] = append(list, m)
	}
	for _, k := range order {
		list, _ := out[k.section].([]any)
		out[k.section] = append(list, sups[k])
	}
	return out
}

// head2A is a 2A supplier entry's own fields: ctin and filing status (cfs; for invoices and notes
// cfs3b and the GSTR-1 filing date and period, fldtr1 "02-Jan-06" and flprdr1 "Jan-06").
func head2A(d *doc2b, e *supplierEntry, sec string) map[string]any {
	m := map[string]any{"ctin": d.ctin, "cfs": "Y"}
	if sec == "isd" || sec == "isda" {
		return m
	}
	m["cfs3b"] = "Y"
	if e != nil {
		m["cfs"], m["cfs3b"], m["fldtr1"], m["flprdr1"] = e.cfs, e.cfs3b, e.fldtr1, e.flprdr1
		if e.dtcnl != "" {
			m["dtcancel"] = e.dtcnl
		}
		return m
	}
	if t, err := time.Parse("02-01-2006", d.supfildt); err == nil {
		m["fldtr1"] = t.Format("02-Jan-06")
	}
	if t, err := time.Parse("012006", d.supprd); err == nil {
		m["flprdr1"] = t.Format("Jan-06")
	}
	return m
}

// doc2A writes one 2B document in its 2A section and field names; "" for those 2A does not carry
// (b2b, written from the 2A invoices themselves; ecom, ecoma).
func doc2A(d *doc2b) (string, map[string]any) {
	chk := sha256.Sum256([]byte(d.ctin + "|" + d.num + "|" + d.dt + "|" + strconv.FormatFloat(d.val, 'f', 2, 64)))
	switch d.section {
	case "impg", "impgsez":
		benum, _ := strconv.ParseInt(d.num, 10, 64)
		refdt := d.refdt
		if refdt == "" {
			refdt = d.dt
		}
		amd := d.isamd
		if amd == "" {
			amd = "N"
		}
		m := map[string]any{"refdt": refdt, "portcd": d.portcode, "benum": benum, "bedt": d.dt, "txval": d.txval,
			"iamt": d.igst, "csamt": d.cess, "amd": amd}
		if d.section == "impgsez" {
			m["sgstin"], m["tdname"] = d.ctin, d.trdnm
		}
		return d.section, m
	case "isd", "isda":
		typ := "ISD"
		if d.noteType == "ISDC" {
			typ = "ISDCN"
		}
		m := map[string]any{"chksum": hex.EncodeToString(chk[:]), "isd_docty": typ, "docnum": d.num, "docdt": d.dt,
			"itc_elg": d.itcavl, "iamt": d.igst, "camt": d.cgst, "samt": d.sgst, "cess": d.cess}
		if d.section == "isda" {
			m["odocnum"], m["odocdt"], m["atyp"] = d.onum, d.odt, "R"
		}
		return d.section, m
	case "b2ba", "cdnr", "cdnra":
	default:
		return "", nil
	}
	typ := d.typ
	switch typ {
	case "SEWP":
		typ = "SEZWP"
	case "SEWOP":
		typ = "SEZWOP"
	}
	m := map[string]any{"chksum": hex.EncodeToString(chk[:]), "val": d.val, "pos": d.pos, "rchrg": d.rev, "inv_typ": typ}
	if d.diff > 0 {
		m["diff_percent"] = d.diff
	}
	var itms []any
	for _, it := range d.items {
		det := map[string]any{"rt": it.rt, "txval": it.txval}
		if it.inter {
			det["iamt"] = it.iamt
		} else {
			det["camt"], det["samt"] = it.camt, it.samt
		}
		if it.hasCess {
			det["csamt"] = it.cs
		}
		itms = append(itms, map[string]any{"num": it.num, "itm_det": det})
	}
	m["itms"] = itms
	sec := "b2ba"
	switch d.section {
	case "b2ba":
		m["inum"], m["idt"], m["oinum"], m["oidt"], m["atyp"] = d.num, d.dt, d.onum, d.odt, "R"
		if t, err := time.Parse("02-01-2006", d.odt); err == nil {
			m["aspd"] = t.Format("Jan-06")
		}
	case "cdnr":
		sec = "cdn"
		m["ntty"], m["nt_num"], m["nt_dt"] = d.noteType, d.num, d.dt
	case "cdnra":
		sec = "cdna"
		m["ntty"], m["nt_num"], m["nt_dt"], m["ont_num"], m["ont_dt"], m["atyp"] = d.noteType, d.num, d.dt, d.onum, d.odt, "R"
	}
	return sec, m
}
