package ims

import (
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/money"
	"gstdesk/backend/recon"
)

// The rules of applying IMS actions, without the calls: an ask is resolved to the record IMS
// lists (Resolve), what cannot be sent is refused with the reason, the changes are grouped per
// call (saves, resets), and the service's answer is read back per document (Judge). The returns
// service only sequences them: list, send, poll, log, keep.

// Ask is one requested action on one document: the supplier's GSTIN and the number (the section
// found from IMS when ""), the supplier's return period (MMYYYY or YYYY-MM; "" when IMS lists the
// number in one period only), the action (accept, reject, pending, reset) and why; on accepting a
// credit note or an amendment (IMS 2.0), itcRedReq ("" lets gstdesk propose it from Claim,
// ProposeReduction), the declared reduction and remarks.
type Ask struct {
	Section   string
	STIN      string
	Number    string
	Period    string
	Action    string
	Reason    string
	ITCRedReq string
	Declared  *Declared
	Remarks   string
	Claim     *Claim
}

// Lists are the IMS lists of sections as read, each indexed by supplier and number (ID.Doc): one
// number may be listed in more than one return period.
type Lists struct {
	recs map[string][]Record
	ix   map[string]map[string][]int
}

// NewLists holds the lists of listed (section → records), which may be nil.
func NewLists(listed map[string][]Record) *Lists {
	l := &Lists{recs: map[string][]Record{}, ix: map[string]map[string][]int{}}
	for sec, recs := range listed {
		l.Keep(sec, recs)
	}
	return l
}

// Keep holds a section's list as just read, replacing the one held.
func (l *Lists) Keep(section string, recs []Record) {
	l.recs[section] = recs
	ix := make(map[string][]int, len(recs))
	for i := range recs {
		k := recs[i].ID().Doc()
		ix[k] = append(ix[k], i)
	}
	l.ix[section] = ix
}

// Has says whether a section's list is held.
func (l *Lists) Has(section string) bool {
	_, ok := l.recs[section]
	return ok
}

// Find is the records of a section that are the document of supplier and number, in the return
// period rtnprd ("" for any).
func (l *Lists) Find(section, stin, number, rtnprd string) []*Record {
	id := IDOf(section, rtnprd, stin, number)
	var out []*Record
	for _, i := range l.ix[section][id.Doc()] {
		if r := &l.recs[section][i]; id.RtnPrd == "" || r.RtnPrd == id.RtnPrd {
			out = append(out, r)
		}
	}
	return out
}

// Source is where resolving reads IMS: Load reads a section's list afresh (called only for a
// section not held), Kept says in which sections the kept lists hold a supplier's number.
type Source struct {
	Lists *Lists
	Load  func(section string) ([]Record, error)
	Kept  func(stin, number string) ([]string, error)
}

func (src Source) section(sec string) error {
	if src.Lists.Has(sec) {
		return nil
	}
	recs, err := src.Load(sec)
	if err != nil {
		return err
	}
	src.Lists.Keep(sec, recs)
	return nil
}

// Resolved is one ask resolved: the document it names (as IMS lists it, once found), the action
// code, the reason (with the working of a proposed reduction), and either the Change to send or
// Refused, why gstdesk sends nothing for it (words a person can act on).
type Resolved struct {
	Section string
	STIN    string
	Number  string
	Period  string
	From    string
	Action  string
	Reason  string
	Refused string
	Change  *Change
}

// Plan is asks resolved, in their order, with the changes to send grouped per call: the saves
// (accept, reject, pending) in one request, the resets in another.
type Plan struct {
	Asks    []Resolved
	Saves   []Change
	Resets  []Change
	changes map[string]Change
}

// Sent is the change made for the document id (false when none was made for it).
func (p *Plan) Sent(id ID) (Change, bool) {
	c, ok := p.changes[id.Key()]
	return c, ok
}

// Resolve resolves each ask to the record IMS lists (reading a section afresh only when it is
// not held, and the sections one by one until one lists the document) and makes its change;
// what cannot be sent is refused with the reason: an action or a section gstdesk does not know,
// a document IMS does not list (in that period), a number listed in two periods when which is
// meant was not said, and what the portal would refuse (Change.Check). On accepting a credit note
// or an amendment with nothing declared, gstdesk proposes the reduction (ProposeReduction) and its
// working goes into the reason. The error is only that of reading IMS.
func Resolve(asks []Ask, src Source) (Plan, error) {
	p := Plan{changes: map[string]Change{}}
	for _, a := range asks {
		res, err := resolve(a, src, &p)
		if err != nil {
			return p, err
		}
		p.Asks = append(p.Asks, res)
	}
	return p, nil
}

func resolve(a Ask, src Source, p *Plan) (Resolved, error) {
	res := Resolved{STIN: supplierOf(a.STIN), Number: strings.TrimSpace(a.Number), Reason: a.Reason, Section: a.Section, Period: RetPeriod(a.Period)}
	code, err := ActionCode(a.Action)
	if err != nil {
		res.Refused = apperr.Command.Public(err).Message
		return res, nil
	}
	res.Action = code
	var secs []string
	if a.Section != "" {
		k := gstapi.IMSSectionKey(a.Section)
		if k == "" {
			res.Refused = fmt.Sprintf("The IMS section %q is not one IMS lists.", a.Section)
			return res, nil
		}
		secs = []string{k}
	} else {
		if secs, err = src.Kept(res.STIN, res.Number); err != nil {
			return res, err
		}
		if len(secs) == 0 {
			for _, sec := range gstapi.IMSSections {
				secs = append(secs, sec.Key)
			}
		}
	}
	var found []*Record
	for _, sec := range secs {
		if err := src.section(sec); err != nil {
			return res, err
		}
		if found = src.Lists.Find(sec, res.STIN, res.Number, res.Period); len(found) > 0 {
			break
		}
	}
	switch {
	case len(found) == 0 && res.Period != "":
		res.Refused = apperr.Command.Public(NotListedIn(res.STIN, res.Number, res.Period)).Message
		return res, nil
	case len(found) == 0:
		res.Refused = apperr.Command.Public(NotListed(res.STIN, res.Number)).Message
		return res, nil
	case len(found) > 1:
		// The same number in two return periods: which one is meant must be said.
		periods := make([]string, len(found))
		for i, r := range found {
			periods[i] = r.RtnPrd
		}
		res.Refused = apperr.Command.Public(TwoPeriods(res.STIN, res.Number, periods)).Message
		return res, nil
	}
	rec := found[0]
	res.Section, res.Number, res.Period, res.From = rec.Section, rec.Number, rec.RtnPrd, rec.Action
	ch := Change{Record: *rec, Action: code, Reason: a.Reason, ITCRedReq: strings.ToUpper(strings.TrimSpace(a.ITCRedReq)), Declared: a.Declared, Remarks: a.Remarks}
	// IMS 2.0: accepting a credit note or an amendment declares whether the credit is reduced;
	// the service refuses the save without it (IMSSAV0054). Unless the person said, gstdesk
	// proposes it from the claim it knows (none known: the whole tax of a note), and its working
	// goes into the reason kept in the log.
	if code == Accepted && ch.ITCRedReq == "" && ch.Declared == nil && TakesITCRedReq(rec.Section) && !rec.ITCRedReqBlocked {
		claim := Claim{}
		if a.Claim != nil {
			claim = *a.Claim
		}
		prop := ProposeReduction(*rec, claim)
		prop.Apply(&ch)
		if prop.Working != "" {
			ch.Reason = strings.TrimSpace(ch.Reason + " " + prop.Working)
			res.Reason = ch.Reason
		}
	}
	p.changes[rec.Key()] = ch
	if err := ch.Check(); err != nil {
		res.Refused = apperr.Command.Public(err).Message
		return res, nil
	}
	res.Change = &ch
	if code == NoAction {
		p.Resets = append(p.Resets, ch)
	} else {
		p.Saves = append(p.Saves, ch)
	}
	return res, nil
}

// Verdict is how the service's answer judged one document sent: its result (ResultApplied,
// ResultRefused, ResultUnknown), the error code and the words.
type Verdict struct {
	Result  string
	Code    string
	Message string
}

// Judge reads the finished status of a save or reset (processed, or processed with errors) for
// the changes sent, in order. The report names each refused document by section, supplier,
// number and return period; an entry without its period names the document of that number in
// any period of the request. A report entry that names no document of the request (no number, a
// section gstdesk does not know) could be any of them: none is judged applied on that answer, nor
// on processed-with-errors with no report.
func Judge(st *gstapi.JobStatus, sent []Change) []Verdict {
	refused := map[string]gstapi.IMSErrorEntry{}
	for _, e := range st.Report {
		refused[KeyOf(ReportSection(e.Section), e.RtnPrd, e.STIN, e.INum)] = e
	}
	refusal := func(r Record) (gstapi.IMSErrorEntry, bool) {
		if e, ok := refused[KeyOf(r.Section, r.RtnPrd, r.STIN, r.Number)]; ok {
			return e, true
		}
		e, ok := refused[KeyOf(r.Section, "", r.STIN, r.Number)]
		return e, ok
	}
	named := map[string]bool{}
	for _, c := range sent {
		for _, p := range []string{c.Record.RtnPrd, ""} {
			k := KeyOf(c.Record.Section, p, c.Record.STIN, c.Record.Number)
			if _, ok := refused[k]; ok {
				named[k] = true
			}
		}
	}
	unsure := st.Status == gstapi.JobProcessedErrors && len(named) < len(refused)
	out := make([]Verdict, len(sent))
	for i, c := range sent {
		v := &out[i]
		if e, ok := refusal(c.Record); ok {
			v.Result, v.Code, v.Message = ResultRefused, e.Code, ErrorText(e)
		} else if st.Status == gstapi.JobProcessedErrors && len(st.Report) == 0 {
			v.Result, v.Message = ResultUnknown, "The service processed the request with errors but named no document; list IMS to see what the portal says."
		} else if unsure {
			v.Result, v.Message = ResultUnknown, "The service refused a document this request cannot tell apart; list IMS to see what the portal says."
		} else {
			v.Result = ResultApplied
		}
	}
	return out
}

// NowReads says what a document the service refused as changed (IMSSAV0010) reads now, from the
// section's list read again ("" when it is not listed).
func (l *Lists) NowReads(section, rtnprd, stin, number string) string {
	out := ""
	for _, rec := range l.Find(section, stin, number, rtnprd) { // the one identity (IDOf)
		out += fmt.Sprintf(" It now reads: %s, taxable value ₹%s, tax ₹%s.", ActionWord(rec.Action), rec.Taxable.Indian(), rec.Tax().Indian())
	}
	return out
}

// What becomes of a three-way run's action that is not sent (Hold), besides ResultRefused.
const (
	ResultNotInIMS = "not_in_ims" // IMS does not list the document
	ResultAlready  = "already"    // the document has the action already
	ResultChanged  = "changed"    // IMS now lists the document with other amounts than the run's
)

// Hold says whether a three-way run's action (send: A, R, P, N) on a document goes to the service,
// from IMS's word now: whether it lists the document, its status and whether pending is blocked
// (as the run's row has them after the overlay), and the record as just listed (now; nil when IMS
// was not listed afresh) against the 2B document the run reconciled. It gives "" when the action
// is to be sent, else the result (ResultNotInIMS, ResultAlready, ResultRefused, ResultChanged)
// and the words.
func Hold(send string, listed bool, status string, pendingBlocked bool, reconciled *recon.Invoice, now *Record) (result, message string) {
	switch {
	case !listed:
		return ResultNotInIMS, "IMS does not list this document (its period is not open in IMS, or IMS was not listed yet)."
	case status == send:
		return ResultAlready, ""
	case send == Pending && pendingBlocked:
		return ResultRefused, "The portal does not allow pending for this document: accept or reject it."
	}
	if m := ChangedSince(reconciled, now); m != "" {
		return ResultChanged, m
	}
	return "", ""
}

// ChangedSince says how the document IMS lists now (rec; nil when not listed afresh) differs from
// the 2B document a run reconciled (d), in words, or "" when its amounts are the same. An action
// chosen on the run's figures is not sent for a document whose figures have changed since.
func ChangedSince(d *recon.Invoice, rec *Record) string {
	if rec == nil {
		return ""
	}
	size := func(p recon.Paise) money.Paise {
		if p < 0 {
			return money.Paise(-p)
		}
		return money.Paise(p)
	}
	taxable, tax := size(d.Taxable), size(d.IGST)+size(d.CGST)+size(d.SGST)+size(d.Cess)
	if taxable == rec.Taxable && tax == rec.Tax() {
		return ""
	}
	return fmt.Sprintf("Not sent: IMS now lists this document with taxable value ₹%s and tax ₹%s, where the reconciliation had ₹%s and ₹%s (the supplier may have changed it). Reconcile again, then act on it.",
		rec.Taxable.Indian(), rec.Tax().Indian(), taxable.Indian(), tax.Indian())
}
