package simulator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const gstr2aPrefix = "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/"

type item struct {
	num                             int
	rt, txval, camt, samt, iamt, cs float64
	inter, hasCess                  bool
}

type invoice struct {
	inum, idt, typ, pos, irn, irnDate string
	day                               time.Time
	rchrg                             string
	diff                              float64
	items                             []item
	val                               float64
	chksum                            string
}

type supplierEntry struct {
	t                      *Taxpayer
	cfs, cfs3b             string
	fldtr1, flprdr1, dtcnl string
	inv                    []*invoice
}

// gstr2aCache keeps the last encoded listing: repeated pulls (benchmarks) skip generation.
type gstr2aCache struct {
	key     string
	payload []byte
	empty   bool
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// PeriodEmpty reports whether a period has no GSTR-2A data for anyone: periods before July 2017
// or after Now, those in Options.EmptyPeriods, or (when EmptyPeriods is nil) about one in eight
// chosen by the seed.
func (s *Server) PeriodEmpty(year, month int) bool {
	start := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	if start.Before(time.Date(2017, 7, 1, 0, 0, 0, 0, time.UTC)) || start.After(s.opts.Now()) {
		return true
	}
	if s.opts.EmptyPeriods != nil {
		p := fmt.Sprintf("%02d%04d", month, year)
		for _, e := range s.opts.EmptyPeriods {
			if e == p {
				return true
			}
		}
		return false
	}
	return mix(uint64(s.opts.Seed), uint64(year*100+month), 0x2a)%8 == 0
}

// Amend makes the next pull of a period differ from the last: each call removes an invoice, changes
// the value of another and adds two, as suppliers amending their returns would. It returns the
// period's new revision number.
func (s *Server) Amend(year, month int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := fmt.Sprintf("%04d%02d", year, month)
	s.revisions[k]++
	return s.revisions[k]
}

// Revision returns how many times a period was amended.
func (s *Server) Revision(year, month int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.revisions[fmt.Sprintf("%04d%02d", year, month)]
}

// Suppliers returns the GSTINs that can appear as suppliers in recipient's GSTR-2A.
func (s *Server) Suppliers(recipient string) []string {
	var out []string
	for _, t := range s.suppliersOf(recipient) {
		out = append(out, t.GSTIN)
	}
	return out
}

func (s *Server) suppliersOf(recipient string) []*Taxpayer {
	var out []*Taxpayer
	for _, t := range s.reg.list {
		if t.GSTIN == recipient || t.NonResident || t.PAN == "" || (t.Type != "Regular" && t.Type != "SEZ Unit") {
			continue
		}
		out = append(out, t)
	}
	return out
}

// gstr2a answers GET .../b2b/{year}/{month} for the taxpayer of the session.
func (s *Server) gstr2a(r *request) reply {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, gstr2aPrefix), "/")
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
	q := r.URL.Query()
	cp := q.Get("counterparty_gstin")
	if cp != "" && !gstinPattern.MatchString(cp) {
		return s.flat(http.StatusUnprocessableEntity, "Invalid GSTIN pattern")
	}
	var from time.Time
	if f := q.Get("from"); f != "" {
		t, err := time.Parse("02/01/2006", f)
		if err != nil {
			return s.flat(http.StatusUnprocessableEntity, "Invalid from date: "+f)
		}
		from = t
	}
	payload, empty := s.GSTR2APayload(ss.gstin, year, month, cp, from)
	if empty {
		return s.businessError("RET13509", "No data found")
	}
	const head = `{"code":200,"data":{"data":`
	tail := fmt.Sprintf(`,"status_cd":"1"},"timestamp":%d,"transaction_id":%q}`, s.nowMillis(), s.transactionID())
	body := make([]byte, 0, len(head)+len(payload)+len(tail))
	body = append(append(append(body, head...), payload...), tail...)
	return reply{status: http.StatusOK, body: body, tn: true}
}

// GSTR2APayload returns data.data ({"b2b":[...]}) of recipient's GSTR-2A B2B for a period at its
// current revision, filtered by supplier and from-date when given; empty is true when there is none.
func (s *Server) GSTR2APayload(recipient string, year, month int, counterparty string, from time.Time) (payload []byte, empty bool) {
	key := fmt.Sprintf("%s|%d|%d|%d|%s|%s", recipient, year, month, s.Revision(year, month), counterparty, from.Format("20060102"))
	s.mu.Lock()
	if s.cache.key == key {
		c := s.cache
		s.mu.Unlock()
		return c.payload, c.empty
	}
	s.mu.Unlock()
	entries := s.generate2A(recipient, year, month)
	var b []byte
	n := 0
	b = append(b, `{"b2b":[`...)
	for _, e := range entries {
		if counterparty != "" && e.t.GSTIN != counterparty {
			continue
		}
		var inv []*invoice
		for _, in := range e.inv {
			if from.IsZero() || !in.day.Before(from) {
				inv = append(inv, in)
			}
		}
		if len(inv) == 0 {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = appendSupplier(b, e, inv)
	}
	b = append(b, "]}"...)
	empty = n == 0
	if empty {
		b = nil
	}
	s.mu.Lock()
	s.cache = gstr2aCache{key: key, payload: b, empty: empty}
	s.mu.Unlock()
	return b, empty
}

// generate2A makes the supplier entries of a period, then applies its revisions.
func (s *Server) generate2A(recipient string, year, month int) []*supplierEntry {
	if s.PeriodEmpty(year, month) {
		return nil
	}
	rt, ok := s.reg.byGSTIN[recipient]
	recState := recipient[:2]
	if ok {
		recState = rt.StateCode
	}
	start := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, -1)
	rng := rand.New(rand.NewPCG(mix(uint64(s.opts.Seed), hashString(recipient)), uint64(year*100+month)))
	var entries []*supplierEntry
	var weights []int
	total := 0
	for _, t := range s.suppliersOf(recipient) {
		present := rng.IntN(4) != 0
		w := 1 + rng.IntN(10)
		if !present || t.RegDate.After(end) || (!t.CancelDate.IsZero() && t.CancelDate.Before(start)) {
			continue
		}
		e := &supplierEntry{t: t, cfs: "Y", cfs3b: "Y", flprdr1: start.Format("Jan-06"),
			fldtr1: start.AddDate(0, 1, 10+rng.IntN(3)).Format("02-Jan-06")}
		if rng.IntN(10) == 0 {
			e.cfs3b = "N"
		}
		if !t.CancelDate.IsZero() {
			e.dtcnl = ddmmyyyy(t.CancelDate, "-")
		}
		entries = append(entries, e)
		weights = append(weights, w)
		total += w
	}
	if len(entries) == 0 {
		return nil
	}
	n := s.opts.InvoicesPerMonth
	if n >= 10 {
		n += rng.IntN(n/5+1) - n/10 // ±10 % from month to month
	}
	fy := year
	if month < 4 {
		fy--
	}
	left := n
	for i, e := range entries {
		cnt := n * weights[i] / total
		if i == len(entries)-1 {
			cnt = left
		}
		left -= cnt
		prefix := initials(e.t.TradeName) + fmt.Sprintf("/%02d%02d/", fy%100, (fy+1)%100)
		base := (month+8)%12*100000 + 1
		e.inv = make([]*invoice, 0, cnt)
		for j := 0; j < cnt; j++ {
			e.inv = append(e.inv, makeInvoice(rng, e.t, recState, start, fmt.Sprintf("%s%06d", prefix, base+j)))
		}
	}
	rev := s.Revision(year, month)
	for k := 1; k <= rev; k++ {
		ar := rand.New(rand.NewPCG(mix(uint64(s.opts.Seed), hashString(recipient), uint64(year*100+month)), uint64(k)))
		pick := func() *supplierEntry { return entries[ar.IntN(len(entries))] }
		if e := pick(); len(e.inv) > 1 {
			i := ar.IntN(len(e.inv))
			e.inv = append(e.inv[:i:i], e.inv[i+1:]...)
		}
		if e := pick(); len(e.inv) > 0 {
			in := *e.inv[ar.IntN(len(e.inv))]
			in.items = append([]item(nil), in.items...)
			in.items[0].txval = round2(in.items[0].txval * 1.1)
			finishInvoice(&in, e.t.GSTIN)
			for i := range e.inv {
				if e.inv[i].inum == in.inum {
					e.inv[i] = &in
				}
			}
		}
		for a := 0; a < 2; a++ {
			e := pick()
			e.inv = append(e.inv, makeInvoice(ar, e.t, recState, start, fmt.Sprintf("%s/R%d-%d", initials(e.t.TradeName), k, a+1)))
		}
	}
	if s.opts.AllSections {
		s.addReverseCharge(recipient, recState, year, month, entries)
	}
	return entries
}

func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		if c := w[0]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			b.WriteByte(c &^ 0x20)
		}
		if b.Len() == 3 {
			break
		}
	}
	if b.Len() == 0 {
		return "INV"
	}
	return b.String()
}

var rates = []float64{5, 12, 18, 18, 18, 18, 28, 0}

func makeInvoice(rng *rand.Rand, sup *Taxpayer, recState string, start time.Time, inum string) *invoice {
	days := start.AddDate(0, 1, -1).Day()
	day := start.AddDate(0, 0, rng.IntN(days))
	in := &invoice{inum: inum, idt: day.Format("02-01-2006"), day: day, typ: "R", pos: recState, rchrg: "N"}
	switch k := rng.IntN(100); {
	case sup.Type == "SEZ Unit" && k < 60:
		in.typ = "SEZWP"
	case sup.Type == "SEZ Unit":
		in.typ = "SEZWOP"
	case k < 2:
		in.typ = "DE"
	case k == 2:
		in.typ = "CBW"
	}
	if rng.IntN(20) == 0 {
		in.pos = sup.StateCode
	}
	if rng.IntN(33) == 0 {
		in.rchrg = "Y"
	}
	if rng.IntN(100) == 0 {
		in.diff = 0.65
	}
	if sup.EInvoice {
		in.irnDate = in.idt
	}
	inter := sup.StateCode != in.pos || strings.HasPrefix(in.typ, "SEZ")
	for i, n := 0, 1+rng.IntN(3); i < n; i++ {
		rt := rates[rng.IntN(len(rates))]
		it := item{num: int(rt)*100 + 1 + i, rt: rt, txval: round2(float64(500+rng.IntN(200000)) + float64(rng.IntN(100))/100), inter: inter}
		it.hasCess = rt == 28 && rng.IntN(3) == 0
		if in.typ == "SEZWOP" {
			it.rt = 0
		}
		in.items = append(in.items, it)
	}
	finishInvoice(in, sup.GSTIN)
	if sup.EInvoice {
		h := sha256.Sum256([]byte("irn|" + sup.GSTIN + "|" + in.inum))
		in.irn = hex.EncodeToString(h[:])
	}
	return in
}

// finishInvoice computes taxes, value and checksum from the items.
func finishInvoice(in *invoice, ctin string) {
	f := 1.0
	if in.diff > 0 {
		f = in.diff
	}
	val := 0.0
	for i := range in.items {
		it := &in.items[i]
		it.camt, it.samt, it.iamt, it.cs = 0, 0, 0, 0
		if it.inter {
			it.iamt = round2(it.txval * it.rt / 100 * f)
		} else {
			it.camt = round2(it.txval * it.rt / 200 * f)
			it.samt = it.camt
		}
		if it.hasCess {
			it.cs = round2(it.txval * 0.12)
		}
		val += it.txval + it.iamt + it.camt + it.samt + it.cs
	}
	in.val = round2(val)
	h := sha256.Sum256([]byte(ctin + "|" + in.inum + "|" + in.idt + "|" + strconv.FormatFloat(in.val, 'f', 2, 64)))
	in.chksum = hex.EncodeToString(h[:])
}

func appendNum(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'f', -1, 64) }

func appendSupplier(b []byte, e *supplierEntry, inv []*invoice) []byte {
	b = append(b, `{"cfs":"`...)
	b = append(b, e.cfs...)
	b = append(b, `","cfs3b":"`...)
	b = append(b, e.cfs3b...)
	b = append(b, `","ctin":"`...)
	b = append(b, e.t.GSTIN...)
	if e.dtcnl != "" {
		b = append(b, `","dtcancel":"`...)
		b = append(b, e.dtcnl...)
	}
	b = append(b, `","fldtr1":"`...)
	b = append(b, e.fldtr1...)
	b = append(b, `","flprdr1":"`...)
	b = append(b, e.flprdr1...)
	b = append(b, `","inv":[`...)
	for i, in := range inv {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInvoice(b, in)
	}
	return append(b, "]}"...)
}

func appendInvoice(b []byte, in *invoice) []byte {
	b = append(b, `{"chksum":"`...)
	b = append(b, in.chksum...)
	b = append(b, '"')
	if in.diff > 0 {
		b = append(b, `,"diff_percent":`...)
		b = appendNum(b, in.diff)
	}
	b = append(b, `,"idt":"`...)
	b = append(b, in.idt...)
	b = append(b, `","inum":"`...)
	b = append(b, in.inum...)
	b = append(b, `","inv_typ":"`...)
	b = append(b, in.typ...)
	b = append(b, '"')
	if in.irn != "" {
		b = append(b, `,"irn":"`...)
		b = append(b, in.irn...)
		b = append(b, `","irngendate":"`...)
		b = append(b, in.irnDate...)
		b = append(b, '"')
	}
	b = append(b, `,"itms":[`...)
	for i, it := range in.items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"itm_det":{`...)
		if it.inter {
			b = append(b, `"iamt":`...)
			b = appendNum(b, it.iamt)
		} else {
			b = append(b, `"camt":`...)
			b = appendNum(b, it.camt)
			b = append(b, `,"samt":`...)
			b = appendNum(b, it.samt)
		}
		if it.hasCess {
			b = append(b, `,"csamt":`...)
			b = appendNum(b, it.cs)
		}
		b = append(b, `,"rt":`...)
		b = appendNum(b, it.rt)
		b = append(b, `,"txval":`...)
		b = appendNum(b, it.txval)
		b = append(b, `},"num":`...)
		b = strconv.AppendInt(b, int64(it.num), 10)
		b = append(b, '}')
	}
	b = append(b, `],"pos":"`...)
	b = append(b, in.pos...)
	b = append(b, `","rchrg":"`...)
	b = append(b, in.rchrg...)
	b = append(b, '"')
	if in.irn != "" {
		b = append(b, `,"srctyp":"e-Invoice"`...)
	}
	b = append(b, `,"val":`...)
	b = appendNum(b, in.val)
	return append(b, '}')
}
