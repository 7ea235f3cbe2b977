package simulator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// GSTR-2B and IMS paths (gstr2b-ims.md §1, §2).
const (
	gstr2bPrefix = "/gst/compliance/tax-payer/gstrs/gstr-2b/"
	imsPrefix    = "/gst/compliance/tax-payer/invoices"
)

// imsStart is the first period with IMS: from October 2024 invoices carry imsStatus and
// invoice-level amounts; earlier periods carry items (the "before Oct 2024" shape).
var imsStart = time.Date(2024, 10, 1, 0, 0, 0, 0, time.UTC)

// gstr2bStart is the first period with a GSTR-2B (August 2020).
var gstr2bStart = time.Date(2020, 8, 1, 0, 0, 0, 0, time.UTC)

// doc2b is one document of a simulated GSTR-2B (and, in the IMS period, of IMS).
type doc2b struct {
	section                       string // b2b, b2ba, cdnr, cdnra, isd, isda, impg, impgsez, ecom, ecoma
	ctin, trdnm, supfildt, supprd string
	num, dt, typ, pos, rev        string
	noteType                      string // C or D for cdnr and cdnra; ISDI or ISDC for isd and isda
	onum, odt                     string // b2ba, cdnra, isda, ecoma: the original's number and date
	otyp                          string // cdnra: the original note's type; isda: the original's doctyp
	noOrig                        bool   // an amendment that does not name its original (GSTN's v4.0 sample has one)
	val, txval, igst, cgst, sgst  float64
	cess                          float64
	items                         []item
	itcavl, rsn                   string
	irn, irnDate                  string
	diff                          float64
	blocked                       bool // ispendactblocked
	portcode, boedt               string
	refdt, recdt, isamd           string     // impg, impgsez
	orig                          *amounts2b // amendments: the original's amounts (a lower tax is a downward amendment)
	redReqBlocked                 bool       // isItcRedReqBlocked: the portal decides the ITC reduction
	remarksBlocked                bool       // isRemarksBlocked
}

// imsSection is the IMS section key of a document ("" when IMS does not list it).
func (d *doc2b) imsSection() string {
	switch d.section {
	case "b2b":
		return "b2b"
	case "b2ba":
		return "b2ba"
	case "cdnr":
		if d.noteType == "D" {
			return "b2bdn"
		}
		return "b2bcn"
	case "cdnra":
		if d.noteType == "D" {
			return "b2bdna"
		}
		return "b2bcna"
	case "ecom", "ecoma":
		return d.section
	}
	return ""
}

// tax is the document's IGST + CGST + SGST + cess.
func (d *doc2b) tax() float64 { return d.igst + d.cgst + d.sgst + d.cess }

// creditNote reports whether the document reduces credit: a credit note or an ISD credit note.
func (d *doc2b) creditNote() bool {
	return ((d.section == "cdnr" || d.section == "cdnra") && d.noteType == "C") ||
		((d.section == "isd" || d.section == "isda") && d.noteType == "ISDC")
}

// downward reports whether an amendment lowers the tax of the document it amends.
func (d *doc2b) downward() bool { return d.orig != nil && d.tax() < d.orig.tax()-0.005 }

// key is how IMS knows a document: section, supplier, number and the supplier's return period (a
// supplier may use one number in two periods).
func (d *doc2b) key() string { return d.imsSection() + "|" + d.ctin + "|" + d.num + "|" + d.supprd }

// GSTR2BGenerationDate is when the GSTR-2B of a period is first available: the 14th of the next month.
func GSTR2BGenerationDate(year, month int) time.Time {
	return time.Date(year, time.Month(month)+1, 14, 0, 0, 0, 0, time.UTC)
}

// IMSPeriod is the ITC period IMS holds documents for: the month before Now (year, month), and
// false before IMS existed.
func (s *Server) IMSPeriod() (int, int, bool) {
	now := s.opts.Now().UTC()
	p := time.Date(now.Year(), now.Month()-1, 1, 0, 0, 0, 0, time.UTC)
	return p.Year(), int(p.Month()), !p.Before(imsStart)
}

// SetGSTR2BFileSize changes Options.GSTR2BFileSize of a running simulator.
func (s *Server) SetGSTR2BFileSize(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.GSTR2BFileSize = n
}

// SetIMSPolls changes Options.IMSPolls of a running simulator (for requests made from now on).
func (s *Server) SetIMSPolls(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.IMSPolls = n
}

// generate2B makes the documents of recipient's GSTR-2B for a period from the same suppliers and
// invoices as its GSTR-2A, with credit notes, an amendment and a bill of entry added, and the
// supplier edits of IMS applied.
func (s *Server) generate2B(recipient string, year, month int) []*doc2b {
	entries := s.generate2A(recipient, year, month)
	if len(entries) == 0 {
		return nil
	}
	recState := recipient[:2]
	if rt, ok := s.reg.byGSTIN[recipient]; ok {
		recState = rt.StateCode
	}
	supprd := fmt.Sprintf("%02d%04d", month, year)
	var docs []*doc2b
	n := 0
	for _, e := range entries {
		filed, err := time.Parse("02-Jan-06", e.fldtr1)
		supfildt := ""
		if err == nil {
			supfildt = filed.Format("02-01-2006")
		}
		for _, in := range e.inv {
			n++
			d := &doc2b{section: "b2b", ctin: e.t.GSTIN, trdnm: e.t.TradeName, supfildt: supfildt, supprd: supprd,
				num: in.inum, dt: in.idt, typ: in.typ, pos: in.pos, rev: in.rchrg, items: in.items, val: in.val,
				irn: in.irn, irnDate: in.irnDate, diff: in.diff, itcavl: "Y"}
			switch d.typ {
			case "SEZWP":
				d.typ = "SEWP"
			case "SEZWOP":
				d.typ = "SEWOP"
			}
			sumItems(d)
			if d.pos == e.t.StateCode && d.pos != recState {
				d.itcavl, d.rsn = "N", "P"
			}
			d.blocked = n%9 == 0
			docs = append(docs, d)
			if n%12 == 0 {
				cn := &doc2b{section: "cdnr", ctin: d.ctin, trdnm: d.trdnm, supfildt: supfildt, supprd: supprd,
					num: "CN-" + in.inum, dt: in.idt, typ: d.typ, pos: d.pos, rev: d.rev, noteType: "C", itcavl: d.itcavl, rsn: d.rsn}
				for _, it := range in.items {
					it.txval = round2(it.txval / 10)
					cn.items = append(cn.items, it)
				}
				finishNote(cn)
				docs = append(docs, cn)
			}
			if n%40 == 0 {
				dn := &doc2b{section: "cdnr", ctin: d.ctin, trdnm: d.trdnm, supfildt: supfildt, supprd: supprd,
					num: "DN-" + in.inum, dt: in.idt, typ: d.typ, pos: d.pos, rev: d.rev, noteType: "D", itcavl: d.itcavl, rsn: d.rsn}
				for _, it := range in.items {
					it.txval = round2(it.txval / 20)
					dn.items = append(dn.items, it)
				}
				finishNote(dn)
				docs = append(docs, dn)
			}
		}
	}
	h := mix(uint64(s.opts.Seed), hashString(recipient), uint64(year*100+month), 0x2b)
	if h%2 == 0 && len(docs) > 0 {
		src := docs[0]
		prev := time.Date(year, time.Month(month)-1, 5, 0, 0, 0, 0, time.UTC)
		a := *src
		a.section, a.onum, a.odt = "b2ba", src.num, prev.Format("02-01-2006")
		a.num = src.num + "-A"
		a.items = append([]item(nil), src.items...)
		a.items[0].txval = round2(a.items[0].txval * 0.9)
		a.orig = &amounts2b{txval: src.txval, igst: src.igst, cgst: src.cgst, sgst: src.sgst, cess: src.cess}
		finishNote(&a)
		a.val = round2(a.txval + a.igst + a.cgst + a.sgst + a.cess)
		docs = append(docs, &a)
	}
	if h%3 == 0 {
		day := time.Date(year, time.Month(month), 1+int(h%25), 0, 0, 0, 0, time.UTC)
		tx := float64(20000+h%500000) + float64(h%100)/100
		docs = append(docs, &doc2b{section: "impg", num: strconv.FormatUint(1000000+h%8999999, 10), dt: day.Format("02-01-2006"),
			portcode: "INNSA1", txval: round2(tx), igst: round2(tx * 0.18), itcavl: "Y", rev: "N"})
	}
	if s.opts.AllSections {
		docs = s.addSections(recipient, year, month, entries, docs)
	}
	s.applyEdits(recipient, docs)
	return docs
}

// sumItems fills the invoice-level amounts of d from its items.
func sumItems(d *doc2b) {
	d.txval, d.igst, d.cgst, d.sgst, d.cess = 0, 0, 0, 0, 0
	for _, it := range d.items {
		d.txval += it.txval
		d.igst += it.iamt
		d.cgst += it.camt
		d.sgst += it.samt
		d.cess += it.cs
	}
	d.txval, d.igst, d.cgst, d.sgst, d.cess = round2(d.txval), round2(d.igst), round2(d.cgst), round2(d.sgst), round2(d.cess)
}

// finishNote computes a note's taxes and value from its items' taxable values.
func finishNote(d *doc2b) {
	in := &invoice{items: d.items, diff: d.diff}
	finishInvoice(in, d.ctin)
	d.items, d.val = in.items, in.val
	sumItems(d)
}

// applyEdits applies supplier edits made with RenumberDocument (first) and EditIMSDocument: each
// edit adds ₹1 to the taxable value.
func (s *Server) applyEdits(recipient string, docs []*doc2b) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range docs {
		if num, ok := s.renumbered[recipient+"|"+d.supprd+"|"+d.ctin+"|"+d.num]; ok {
			d.num = num
		}
		n := s.imsEdits[recipient+"|"+d.key()]
		if n == 0 {
			continue
		}
		d.items = append([]item(nil), d.items...)
		d.items[0].txval = round2(d.items[0].txval + float64(n))
		finishNote(d)
	}
}

// gstr2bGen is what a regeneration of 2B captured: the IMS actions then, and when.
type gstr2bGen struct {
	actions map[string]string
	extra   map[string]imsExtra // IMS 2.0 declarations (itcRedReq, decl*, remarks) by document key
	at      time.Time
}

// gstr2bRoute answers the GSTR-2B paths.
func (s *Server) gstr2bRoute(r *request) reply {
	rest := strings.TrimPrefix(r.URL.Path, gstr2bPrefix)
	if rest == "regenerate" {
		if r.Method != http.MethodGet {
			return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
		}
		return s.jobStatusReply(r, "GEN")
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 || len(parts) > 3 || len(parts[0]) != 4 || len(parts[1]) != 2 || (len(parts) == 3 && parts[2] != "regenerate") {
		return s.flat(http.StatusNotFound, "Not Found")
	}
	year, err1 := strconv.Atoi(parts[0])
	month, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || month < 1 || month > 12 {
		return s.businessError("RET191106", "Invalid return period")
	}
	if len(parts) == 3 {
		if r.Method != http.MethodPost {
			return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
		}
		return s.regenerate2B(r, year, month)
	}
	if r.Method != http.MethodGet {
		return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
	}
	ss, rep := s.session(r)
	if rep != nil {
		return *rep
	}
	fileNumber := 0
	if f := r.URL.Query().Get("file_number"); f != "" {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return s.flat(http.StatusUnprocessableEntity, "Invalid file_number: "+f)
		}
		fileNumber = n
	}
	payload, berr := s.GSTR2BPayload(ss.gstin, year, month, fileNumber)
	if berr != nil {
		return *berr
	}
	const head = `{"code":200,"data":{"data":`
	tail := fmt.Sprintf(`,"status_cd":"1"},"timestamp":%d,"transaction_id":%q}`, s.nowMillis(), s.transactionID())
	return reply{status: http.StatusOK, body: append(append([]byte(head), payload...), tail...), tn: true}
}

// GSTR2BPayload returns data.data ({"chksum", "data"}) of recipient's GSTR-2B for a period: the
// whole return, or, when it has more documents than Options.GSTR2BFileSize, the summary with fc
// (fileNumber 0) or one page of documents (fileNumber 1..fc). A period that has none is the
// service's business error.
func (s *Server) GSTR2BPayload(recipient string, year, month, fileNumber int) ([]byte, *reply) {
	start := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	gen := GSTR2BGenerationDate(year, month)
	if s.opts.Now().Before(gen) && !start.Before(gstr2bStart) {
		rep := s.businessError("RET2B1023", "GSTR-2B is being generated and should be available by "+gen.Format("02/01/2006")+
			". Either you do not have any records in GSTR-2B or the generation is still in progress. If you are still not able to access it, please raise a ticket with GST support team.")
		return nil, &rep
	}
	docs := s.generate2B(recipient, year, month)
	if start.Before(gstr2bStart) || len(docs) == 0 {
		rep := s.businessError("RET2B1016", "For current tax period, no details are available to view.")
		return nil, &rep
	}
	post := !start.Before(imsStart)
	full := s.opts.AllSections
	s.mu.Lock()
	g := s.gen2b[fmt.Sprintf("%s|%04d%02d", recipient, year, month)]
	s.mu.Unlock()
	gendt := gen
	var kept, rejected []*doc2b
	status := map[*doc2b]string{}
	for _, d := range docs {
		st := "N"
		if g != nil && d.imsSection() != "" {
			if a := g.actions[d.key()]; a != "" {
				st = a
			}
		}
		switch {
		case post && st == "R":
			rejected = append(rejected, d)
		case post && st == "P":
			// Pending: held back from this 2B.
		default:
			kept = append(kept, d)
		}
		status[d] = st
	}
	if g != nil {
		gendt = g.at
	}
	var rev []reversal
	if full && post {
		rev = reversals(kept, status, g)
	}
	rtnprd := fmt.Sprintf("%02d%04d", month, year)
	data := map[string]any{"gstin": recipient, "rtnprd": rtnprd, "version": "1.0"}
	s.mu.Lock()
	size := s.opts.GSTR2BFileSize
	s.mu.Unlock()
	paged := size > 0 && len(kept)+len(rejected) > size
	fc := 0
	if paged {
		fc = max(1, (len(kept)+size-1)/size)
	}
	summaries := func() {
		data["gendt"] = gendt.Format("02-01-2006")
		data["itcsumm"] = itcSummary(kept, rejected, rev, post, full)
		data["cpsumm"] = cpSummary(kept, rev, full)
		if full && len(rejected) > 0 {
			data["cpSummRej"] = cpSummary(rejected, nil, full)
		}
	}
	switch {
	case paged && fileNumber == 0:
		data["fc"] = fc
		summaries()
	case paged:
		if fileNumber > fc {
			rep := s.flat(http.StatusUnprocessableEntity, fmt.Sprintf("Invalid file_number: %d (the return has %d files)", fileNumber, fc))
			return nil, &rep
		}
		lo, hi := (fileNumber-1)*size, min(fileNumber*size, len(kept))
		data["docdata"] = docData(kept[lo:hi], status, post, full)
		if fileNumber == 1 {
			addReversals(data["docdata"].(map[string]any), rev, post)
			if len(rejected) > 0 {
				data["docRejdata"] = docData(rejected, status, post, full)
			}
		}
	default:
		summaries()
		data["docdata"] = docData(kept, status, post, full)
		addReversals(data["docdata"].(map[string]any), rev, post)
		if len(rejected) > 0 {
			data["docRejdata"] = docData(rejected, status, post, full)
		}
	}
	b, err := json.Marshal(data)
	if err != nil {
		rep := s.flat(http.StatusInternalServerError, "Internal Server Error")
		return nil, &rep
	}
	sum := sha256.Sum256(b)
	out := make([]byte, 0, len(b)+96)
	out = append(out, `{"chksum":"`...)
	out = append(out, hex.EncodeToString(sum[:])...)
	out = append(out, `","data":`...)
	out = append(out, b...)
	return append(out, '}'), nil
}

type amounts2b struct{ txval, igst, cgst, sgst, cess float64 }

func (a *amounts2b) tax() float64 { return a.igst + a.cgst + a.sgst + a.cess }

func (a *amounts2b) add(d *doc2b, sign float64) {
	a.txval += sign * d.txval
	a.igst += sign * d.igst
	a.cgst += sign * d.cgst
	a.sgst += sign * d.sgst
	a.cess += sign * d.cess
}

func (a *amounts2b) addAmounts(b amounts2b) {
	a.txval += b.txval
	a.igst += b.igst
	a.cgst += b.cgst
	a.sgst += b.sgst
	a.cess += b.cess
}

func (a amounts2b) object(withTxval bool) map[string]any {
	m := map[string]any{"igst": round2(a.igst), "cgst": round2(a.cgst), "sgst": round2(a.sgst), "cess": round2(a.cess)}
	if withTxval {
		m["txval"] = round2(a.txval)
	}
	return m
}

func sign(d *doc2b) float64 {
	if d.section == "cdnr" && d.noteType == "C" {
		return -1
	}
	return 1
}

// reversal is a credit note whose reduction of credit the 2B reports under itcrev: the amounts
// declared in IMS (itcRedReq Y), or the whole tax of the note.
type reversal struct {
	d   *doc2b
	amt amounts2b
}

// reversals are the credit notes of a 2B of the IMS era whose reduction of credit was declared:
// those accepted in IMS with itcRedReq Y when the 2B was regenerated (the declared amounts, or
// the note's whole tax), else, until a regeneration captured a declaration, the first credit note
// (its whole tax), so that a 2B always shows the section.
func reversals(kept []*doc2b, status map[*doc2b]string, g *gstr2bGen) []reversal {
	var out []reversal
	var first *doc2b
	for _, d := range kept {
		if d.section != "cdnr" && d.section != "cdnra" || d.noteType != "C" {
			continue
		}
		if first == nil {
			first = d
		}
		if g == nil || status[d] != "A" {
			continue
		}
		x, ok := g.extra[d.key()]
		if !ok || x.redReq != "Y" {
			continue
		}
		amt := amounts2b{txval: d.txval, igst: d.igst, cgst: d.cgst, sgst: d.sgst, cess: d.cess}
		if x.decl != nil {
			amt = amounts2b{txval: d.txval, igst: x.decl.igst, cgst: x.decl.cgst, sgst: x.decl.sgst, cess: x.decl.cess}
		}
		out = append(out, reversal{d, amt})
	}
	if len(out) == 0 && first != nil && (g == nil || len(g.extra) == 0) {
		out = append(out, reversal{first, amounts2b{txval: first.txval, igst: first.igst, cgst: first.cgst, sgst: first.sgst, cess: first.cess}})
	}
	return out
}

// group2b is the itcsumm group and section of a document. full uses the published grouping:
// credit notes (and ISD credit notes) under othersup as amounts to reverse (cdnrrev, cdnrarev
// for reverse charge), ISD documents under isdsup, bills of entry under imports, reverse charge
// under revsup, the rest under nonrevsup. Without it, the grouping of the simulator's first
// versions: credit notes netted (negative) inside nonrevsup.
func group2b(d *doc2b, full bool) (group, section string) {
	section = d.section
	switch {
	case d.section == "impg" || d.section == "impgsez":
		return "imports", section
	case !full:
		if d.rev == "Y" {
			return "revsup", section
		}
		return "nonrevsup", section
	case d.creditNote() && (d.section == "isd" || d.section == "isda"):
		return "othersup", section
	case d.section == "isd" || d.section == "isda":
		return "isdsup", section
	case d.creditNote() && d.rev == "Y":
		return "othersup", section + "rev"
	case d.creditNote():
		return "othersup", section
	case d.rev == "Y":
		return "revsup", section
	}
	return "nonrevsup", section
}

// itcSummary is itcsumm: ITC available and not, by group and section; rejected documents under
// itcRejected and declared reductions under itcrev (IMS era).
func itcSummary(kept, rejected []*doc2b, rev []reversal, post, full bool) map[string]any {
	type gk struct{ part, group, section string }
	sums := map[gk]*amounts2b{}
	at := func(k gk) *amounts2b {
		if sums[k] == nil {
			sums[k] = &amounts2b{}
		}
		return sums[k]
	}
	add := func(part string, d *doc2b) {
		group, section := group2b(d, full)
		sg := sign(d)
		if full {
			sg = 1
		}
		at(gk{part, group, section}).add(d, sg)
	}
	for _, d := range kept {
		part := "itcavl"
		if d.itcavl == "N" {
			part = "itcunavl"
		}
		add(part, d)
	}
	if post {
		for _, d := range rejected {
			add("itcRejected", d)
		}
	}
	for _, r := range rev {
		group := "nonrevsup"
		if r.d.rev == "Y" {
			group = "revsup"
		}
		at(gk{"itcrev", group, r.d.section}).addAmounts(r.amt)
	}
	out := map[string]any{}
	keys := make([]gk, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].part+keys[i].group+keys[i].section < keys[j].part+keys[j].group+keys[j].section
	})
	for _, k := range keys {
		part, _ := out[k.part].(map[string]any)
		if part == nil {
			part = map[string]any{}
			out[k.part] = part
		}
		grp, _ := part[k.group].(map[string]any)
		if grp == nil {
			grp = map[string]any{"igst": 0.0, "cgst": 0.0, "sgst": 0.0, "cess": 0.0}
			part[k.group] = grp
		}
		a := sums[k]
		grp[k.section] = a.object(!full || (k.section != "isd" && k.section != "isda"))
		for _, f := range []struct {
			n string
			v float64
		}{{"igst", a.igst}, {"cgst", a.cgst}, {"sgst", a.sgst}, {"cess", a.cess}} {
			grp[f.n] = round2(grp[f.n].(float64) + f.v)
		}
	}
	return out
}

// cpSummary is cpsumm: per section and supplier, document count and amounts (ISD by document
// type, without txval; bills of entry from SEZ by port; declared reductions under itcrev).
func cpSummary(docs []*doc2b, rev []reversal, full bool) map[string]any {
	type ck struct{ section, ctin, nttyp, port string }
	type entry struct {
		d   *doc2b
		n   int
		amt amounts2b
	}
	sums := map[ck]*entry{}
	var order []ck
	for _, d := range docs {
		if d.section == "impg" {
			continue
		}
		k := ck{d.section, d.ctin, d.noteType, ""}
		if d.section == "impgsez" {
			k = ck{d.section, d.ctin, "", d.portcode}
		}
		if sums[k] == nil {
			sums[k] = &entry{d: d}
			order = append(order, k)
		}
		sums[k].n++
		sums[k].amt.add(d, 1)
	}
	out := map[string]any{}
	for _, k := range order {
		e := sums[k]
		isd := k.section == "isd" || k.section == "isda"
		m := e.amt.object(!isd)
		m["ctin"], m["trdnm"], m["ttldocs"] = e.d.ctin, e.d.trdnm, e.n
		switch {
		case k.section == "impgsez":
			m["portcode"] = k.port
			delete(m, "cgst")
			delete(m, "sgst")
		default:
			m["supprd"], m["supfildt"] = e.d.supprd, e.d.supfildt
		}
		switch {
		case isd:
			m["doctyp"] = k.nttyp
		case k.nttyp != "":
			m["nttyp"] = k.nttyp
		}
		list, _ := out[k.section].([]any)
		out[k.section] = append(list, m)
	}
	if len(rev) > 0 {
		secs := map[string]any{}
		for _, r := range rev {
			m := r.amt.object(true)
			m["ctin"], m["trdnm"], m["supprd"], m["supfildt"], m["ttldocs"] = r.d.ctin, r.d.trdnm, r.d.supprd, r.d.supfildt, 1
			if r.d.noteType != "" {
				m["nttyp"] = r.d.noteType
			}
			if _, ok := secs[r.d.section]; !ok {
				secs[r.d.section] = m
			}
		}
		out["itcrev"] = []any{secs}
	}
	return out
}

// addReversals writes docdata.itcrev: [{"cdnr": [suppliers with nt], ...}], the documents of the
// declared reductions without their amounts.
func addReversals(docdata map[string]any, rev []reversal, post bool) {
	if len(rev) == 0 {
		return
	}
	docs := make([]*doc2b, len(rev))
	for i, r := range rev {
		docs[i] = r.d
	}
	secs := docData(docs, nil, post, true)
	for _, v := range secs {
		for _, sup := range v.([]any) {
			sm := sup.(map[string]any)
			for _, lk := range []string{"inv", "nt"} {
				list, _ := sm[lk].([]any)
				for _, d := range list {
					dm := d.(map[string]any)
					for _, f := range []string{"txval", "igst", "cgst", "sgst", "cess", "items", "imsStatus"} {
						delete(dm, f)
					}
				}
			}
		}
	}
	docdata["itcrev"] = []any{secs}
}

// docData writes documents in the 2B sections: suppliers with inv (b2b, b2ba, ecom, ecoma), nt
// (cdnr, cdnra), doclist (isd, isda) or boe (impgsez); impg flat.
func docData(docs []*doc2b, status map[*doc2b]string, post, full bool) map[string]any {
	out := map[string]any{}
	type sk struct{ section, ctin string }
	sups := map[sk]map[string]any{}
	var order []sk
	boe := func(d *doc2b) map[string]any {
		refdt, recdt, isamd := d.dt, d.dt, "N"
		if d.refdt != "" {
			refdt = d.refdt
		}
		if d.recdt != "" {
			recdt = d.recdt
		}
		if d.isamd != "" {
			isamd = d.isamd
		}
		return map[string]any{"refdt": refdt, "recdt": recdt, "portcode": d.portcode, "boenum": d.num,
			"boedt": d.dt, "isamd": isamd, "txval": d.txval, "igst": d.igst, "cess": d.cess}
	}
	for _, d := range docs {
		if d.section == "impg" {
			list, _ := out["impg"].([]any)
			out["impg"] = append(list, boe(d))
			continue
		}
		k := sk{d.section, d.ctin}
		sup := sups[k]
		if sup == nil {
			sup = map[string]any{"ctin": d.ctin, "trdnm": d.trdnm}
			if d.section != "impgsez" {
				sup["supfildt"], sup["supprd"] = d.supfildt, d.supprd
			}
			sups[k] = sup
			order = append(order, k)
		}
		var m map[string]any
		listKey := "inv"
		switch d.section {
		case "impgsez":
			listKey, m = "boe", boe(d)
		case "isd", "isda":
			listKey = "doclist"
			m = map[string]any{"doctyp": d.noteType, "docnum": d.num, "docdt": d.dt, "igst": d.igst, "cgst": d.cgst,
				"sgst": d.sgst, "cess": d.cess, "itcelg": d.itcavl}
			if d.section == "isda" {
				m["odoctyp"], m["odocnum"], m["odocdt"] = d.otyp, d.onum, d.odt
			}
		default:
			m = docFields(d, status, post)
			if d.section == "cdnr" || d.section == "cdnra" {
				listKey = "nt"
				m["ntnum"], m["typ"], m["suptyp"] = d.num, d.noteType, d.typ
				if d.section == "cdnra" {
					m["onttyp"], m["ontnum"], m["ontdt"] = d.otyp, d.onum, d.odt
				}
			} else {
				m["inum"], m["typ"] = d.num, d.typ
			}
			if (d.section == "b2ba" || d.section == "ecoma") && !d.noOrig {
				m["oinum"], m["oidt"] = d.onum, d.odt
			}
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

// docFields are the fields of an invoice or note common to b2b, b2ba, cdnr, cdnra, ecom, ecoma:
// invoice-level amounts and imsStatus in the IMS era, items before it.
func docFields(d *doc2b, status map[*doc2b]string, post bool) map[string]any {
	m := map[string]any{"dt": d.dt, "val": d.val, "pos": d.pos, "rev": d.rev, "itcavl": d.itcavl, "rsn": d.rsn}
	if d.diff > 0 {
		m["diffprcnt"] = d.diff
	}
	if d.irn != "" {
		m["irn"], m["irngendate"], m["srctyp"] = d.irn, d.irnDate, "e-Invoice"
	}
	if post {
		m["txval"], m["igst"], m["cgst"], m["sgst"], m["cess"] = d.txval, d.igst, d.cgst, d.sgst, d.cess
		if st := status[d]; st != "" && d.section != "cdnr" && d.section != "cdnra" {
			m["imsStatus"] = st
		}
	} else {
		var items []any
		for _, it := range d.items {
			im := map[string]any{"num": it.num, "rt": it.rt, "txval": it.txval}
			if it.inter {
				im["igst"] = it.iamt
			} else {
				im["cgst"], im["sgst"] = it.camt, it.samt
			}
			if it.hasCess {
				im["cess"] = it.cs
			}
			items = append(items, im)
		}
		m["items"] = items
	}
	return m
}
