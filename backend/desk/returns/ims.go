package returns

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
)

// Polling of asynchronous requests (IMS save and reset, 2B regeneration): waits grow from 2 s to
// 30 s (India Compliance waits 2, 3, 15, 30, 60 ... s), and gstdesk gives up when they add up to
// PollBudget, saying the request's reference id: nothing is then recorded as applied.
var pollWaits = []time.Duration{2 * time.Second, 3 * time.Second, 5 * time.Second, 10 * time.Second, 15 * time.Second, 30 * time.Second}

// DefaultPollBudget is how long gstdesk waits in all for an asynchronous request.
const DefaultPollBudget = 3 * time.Minute

// PollConfig makes the polling testable: Sleep waits (nil: a timer), Budget bounds the waits'
// sum (0: DefaultPollBudget).
type PollConfig struct {
	Sleep  func(ctx context.Context, d time.Duration) error
	Budget time.Duration
}

func (p PollConfig) sleep(ctx context.Context, d time.Duration) error {
	if p.Sleep != nil {
		return p.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// errStillRunning is the cause of a request that did not finish within the budget.
var errStillRunning = errors.New("returns: still in progress")

// wait polls check with back-off until the job is done, the budget is spent or ctx ends.
func (p PollConfig) wait(ctx context.Context, check func() (*gstapi.JobStatus, error)) (*gstapi.JobStatus, time.Duration, error) {
	budget := p.Budget
	if budget <= 0 {
		budget = DefaultPollBudget
	}
	var waited time.Duration
	for i := 0; ; i++ {
		st, err := check()
		if err != nil {
			return nil, waited, err
		}
		if st.Done() {
			return st, waited, nil
		}
		d := pollWaits[min(i, len(pollWaits)-1)]
		if waited+d > budget {
			return st, waited, errStillRunning
		}
		if err := p.sleep(ctx, d); err != nil {
			return nil, waited, err
		}
		waited += d
	}
}

// who names the person acting, for the IMS log: the OS user running gstdesk.
func who() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "USERNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return "unknown"
}

// IMSCount is the IMS counts of the taxpayer (documents by section and action).
func (s *Service) IMSCount(ctx context.Context) (*gstapi.IMSCounts, error) {
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return nil, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return nil, err
	}
	start := s.core.Now()
	c, err := client.IMSCount(ctx, sess.Token, "others")
	txn := ""
	if c != nil {
		txn = c.TransactionID
	}
	s.core.Audit(ctx, "ims_count", "others", start, txn, err)
	return c, err
}

// imsStatusCode maps the list's status filter to the action code.
var imsStatusCode = map[string]string{"accepted": ims.Accepted, "rejected": ims.Rejected, "pending": ims.Pending, "no_action_taken": ims.NoAction}

// IMSList lists the taxpayer's IMS documents of a section (""/all: every section) and status
// ("" for all) from the service. The full list of each section is kept (replacing the last one);
// a status is filtered from it, so what is kept is always the whole section.
func (s *Service) IMSList(ctx context.Context, section, status string) ([]ims.Record, error) {
	var sections []string
	if section == "" || strings.EqualFold(section, "all") {
		for _, sec := range gstapi.IMSSections {
			sections = append(sections, sec.Key)
		}
	} else {
		k := gstapi.IMSSectionKey(section)
		if k == "" {
			return nil, apperr.New(apperr.Invalid, "The IMS section %q is none of b2b, b2ba, cn, cna, dn, dna, ecom, ecoma.", section)
		}
		sections = []string{k}
	}
	code := ""
	if status != "" {
		var ok bool
		if code, ok = imsStatusCode[status]; !ok {
			return nil, apperr.New(apperr.Invalid, "The IMS status %q is none of accepted, rejected, pending, no_action_taken.", status)
		}
	}
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return nil, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return nil, err
	}
	out := []ims.Record{}
	for _, sec := range sections {
		recs, err := s.relistIMS(ctx, client, sess.Token, sec)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			if code == "" || r.Action == code {
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// relistIMS fetches one section's whole list, checks it and keeps it.
func (s *Service) relistIMS(ctx context.Context, client *gstapi.Client, token, section string) ([]ims.Record, error) {
	start := s.core.Now()
	l, err := client.IMSInvoices(ctx, token, section, "")
	txn := ""
	if l != nil {
		txn = l.TransactionID
	}
	var recs []ims.Record
	if err == nil {
		if recs, err = ims.Parse(section, l.Raw); err != nil {
			var ae *apperr.Error
			if errors.As(err, &ae) {
				c := *ae
				c.TransactionID = txn
				err = &c
			}
		}
	}
	s.core.Audit(ctx, "ims_list", section, start, txn, err)
	if err != nil {
		return nil, err
	}
	if _, err := ims.Replace(ctx, s.core.DB.DB, s.core.Workspace().ID, section, recs, s.core.Now()); err != nil {
		return nil, err
	}
	return recs, nil
}

// IMSNotices say which IMS sections' last listing had fewer documents than the list before it
// (offline).
func (s *Service) IMSNotices(ctx context.Context) ([]string, error) {
	return ims.Notices(ctx, s.core.DB.DB, s.core.Workspace().ID)
}

// IMSStored is the IMS documents as last listed (offline).
func (s *Service) IMSStored(ctx context.Context, section, status string) ([]ims.Record, error) {
	k := ""
	if section != "" && !strings.EqualFold(section, "all") {
		if k = gstapi.IMSSectionKey(section); k == "" {
			return nil, apperr.New(apperr.Invalid, "The IMS section %q is none of b2b, b2ba, cn, cna, dn, dna, ecom, ecoma.", section)
		}
	}
	if k == "" && imsStatusCode[status] == "" {
		return s.IMSKept(ctx) // the whole list: parsed once for the same stored list
	}
	return ims.Stored(ctx, s.core.DB.DB, s.core.Workspace().ID, k, imsStatusCode[status])
}

// IMSChangeRequest asks for one action on one document: the supplier's GSTIN and the document
// number (the section is found from IMS when ""), the supplier's return period (rtnprd, MMYYYY or
// YYYY-MM; "" when IMS lists the number in one period only), the action (accept, reject, pending,
// reset) and why.
type IMSChangeRequest struct {
	Section string `json:"section"`
	STIN    string `json:"stin"`
	Number  string `json:"number"`
	Period  string `json:"rtnprd,omitempty"`
	Action  string `json:"action"`
	Reason  string `json:"reason"`
	// IMS 2.0: on accepting a credit note or an amendment, whether the credit is reduced ("Y" or
	// "N"; "" lets gstdesk propose it from the claim it knows, ims.ProposeReduction), the
	// reduction declared with "Y" (nil: the whole tax of the note), and remarks.
	ITCRedReq string        `json:"itc_red_req,omitempty"`
	Declared  *ims.Declared `json:"declared,omitempty"`
	Remarks   string        `json:"remarks,omitempty"`
	// Claim is the credit claimed on the original document, when the caller knows it (the
	// three-way run's books): what the proposal reduces.
	Claim *ims.Claim `json:"claim,omitempty"`
}

// IMSActionResult is how one requested action ended: applied, refused (by gstdesk before sending,
// or by the service), failed, or unknown (the service did not finish in time).
type IMSActionResult struct {
	Section     string `json:"section"`
	STIN        string `json:"stin"`
	Number      string `json:"number"`
	Period      string `json:"rtnprd,omitempty"`
	From        string `json:"from,omitempty"`
	Action      string `json:"action"`
	Reason      string `json:"reason,omitempty"`
	Result      string `json:"result"`
	ErrorCode   string `json:"error_code,omitempty"`
	Message     string `json:"message,omitempty"`
	ReferenceID string `json:"reference_id,omitempty"`
}

// IMSApplyResult is the outcome of IMSApply: each document's result and the counts.
type IMSApplyResult struct {
	Results []IMSActionResult `json:"results"`
	Applied int               `json:"applied"`
	Refused int               `json:"refused"`
	Failed  int               `json:"failed"`
	Unknown int               `json:"unknown"`
	// Notice says what a person must not miss (a request that did not finish in time).
	Notice string `json:"notice,omitempty"`
}

func (r *IMSApplyResult) add(a IMSActionResult) {
	r.Results = append(r.Results, a)
	switch a.Result {
	case ims.ResultApplied:
		r.Applied++
	case ims.ResultRefused:
		r.Refused++
	case ims.ResultUnknown:
		r.Unknown++
	default:
		r.Failed++
	}
}

// IMSSet sets one document's IMS action (accept, reject, pending, reset).
func (s *Service) IMSSet(ctx context.Context, stin, number, action, reason string) (IMSApplyResult, error) {
	return s.IMSApply(ctx, []IMSChangeRequest{{STIN: stin, Number: number, Action: action, Reason: reason}})
}

// IMSApply sends IMS actions, one by one or in bulk. Each document is read afresh from the service
// first and sent with the prev_status and amounts the service gives now; what the portal would
// refuse (pending where it is blocked, an action the document already has) is refused here. Saves
// and resets are asynchronous: their status is polled with back-off, within s.Poll.Budget. A
// document is logged as applied only when the service says it was processed; the documents it
// refuses (error_report) are read again and their results say so.
func (s *Service) IMSApply(ctx context.Context, reqs []IMSChangeRequest) (IMSApplyResult, error) {
	return s.IMSApplyListed(ctx, reqs, nil)
}

// IMSListAll lists every IMS section from the service and keeps it (IMSList of all sections),
// returning each section's list, for IMSApplyListed.
func (s *Service) IMSListAll(ctx context.Context) (map[string][]ims.Record, error) {
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return nil, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string][]ims.Record{}
	for _, sec := range gstapi.IMSSections {
		recs, err := s.relistIMS(ctx, client, sess.Token, sec.Key)
		if err != nil {
			return nil, err
		}
		out[sec.Key] = recs
	}
	return out, nil
}

// IMSApplyListed is IMSApply with the sections just listed (IMSListAll) taken as the service's
// word now: only sections not in listed are read again before sending. After sending, the kept
// lists take each applied action; only a section with a document the service refused is read
// again, to say what that document reads now. One apply thus lists IMS once.
func (s *Service) IMSApplyListed(ctx context.Context, reqs []IMSChangeRequest, listed map[string][]ims.Record) (IMSApplyResult, error) {
	var out IMSApplyResult
	if len(reqs) == 0 {
		return out, apperr.New(apperr.Invalid, "Choose at least one document to act on.")
	}
	g, err := s.taxpayerGSTIN("")
	if err != nil {
		return out, err
	}
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return out, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return out, err
	}
	ws := s.core.Workspace()
	// Every section a requested document may be in is read afresh (unless just listed); the rules
	// of which record an ask names and what is refused are ims.Resolve's.
	lists := ims.NewLists(listed)
	src := ims.Source{Lists: lists,
		Load: func(sec string) ([]ims.Record, error) { return s.relistIMS(ctx, client, sess.Token, sec) },
		Kept: func(stin, number string) ([]string, error) {
			found, err := ims.FindStored(ctx, s.core.DB.DB, ws.ID, stin, number)
			secs := make([]string, len(found))
			for i, f := range found {
				secs[i] = f.Section
			}
			return secs, err
		}}
	plan, err := ims.Resolve(reqs2Asks(reqs), src)
	if err != nil {
		return out, err
	}
	for _, a := range plan.Asks {
		if a.Refused != "" {
			out.add(IMSActionResult{Section: a.Section, STIN: a.STIN, Number: a.Number, Period: a.Period, From: a.From, Action: a.Action, Reason: a.Reason,
				Result: ims.ResultRefused, Message: a.Refused})
		}
	}
	for _, batch := range []struct {
		reset   bool
		changes []ims.Change
	}{{false, plan.Saves}, {true, plan.Resets}} {
		if len(batch.changes) == 0 {
			continue
		}
		for _, r := range s.sendIMS(ctx, client, sess.Token, g, batch.reset, batch.changes) {
			out.add(r)
		}
	}
	// The kept lists take each applied action; a section with a document the service refused is
	// read again, to say of it what it reads now.
	touched := map[string]bool{}
	for _, r := range out.Results {
		if r.Result == ims.ResultApplied {
			ch, ok := plan.Sent(ims.IDOf(r.Section, r.Period, r.STIN, r.Number))
			if !ok {
				ch = ims.Change{Record: ims.Record{Section: r.Section, RtnPrd: r.Period, STIN: r.STIN, Number: r.Number}, Action: r.Action}
			}
			ch.Action = r.Action
			if err := ims.SetKeptChange(ctx, s.core.DB.DB, ws.ID, ch); err != nil {
				s.core.Log.Warn("ims keep action", "err", err.Error())
				touched[r.Section] = true
			}
		}
		if r.Result == ims.ResultRefused && r.ErrorCode != "" {
			touched[r.Section] = true
		}
		if r.Result == ims.ResultUnknown && out.Notice == "" {
			out.Notice = r.Message
		}
	}
	for sec := range touched {
		recs, err := s.relistIMS(ctx, client, sess.Token, sec)
		if err != nil {
			s.core.Log.Warn("ims relist", "section", sec, "err", err.Error())
			continue
		}
		lists.Keep(sec, recs)
		for i := range out.Results {
			if r := &out.Results[i]; r.Section == sec && r.ErrorCode == "IMSSAV0010" {
				r.Message += lists.NowReads(sec, r.Period, r.STIN, r.Number)
			}
		}
	}
	return out, nil
}

// reqs2Asks is the requests as package ims reads them.
func reqs2Asks(reqs []IMSChangeRequest) []ims.Ask {
	out := make([]ims.Ask, len(reqs))
	for i, rq := range reqs {
		out[i] = ims.Ask{Section: rq.Section, STIN: rq.STIN, Number: rq.Number, Period: rq.Period, Action: rq.Action, Reason: rq.Reason,
			ITCRedReq: rq.ITCRedReq, Declared: rq.Declared, Remarks: rq.Remarks, Claim: rq.Claim}
	}
	return out
}

// sendIMS sends one save or reset, polls it and logs each document's result.
func (s *Service) sendIMS(ctx context.Context, client *gstapi.Client, token, rtin string, reset bool, changes []ims.Change) []IMSActionResult {
	op := "ims_save"
	if reset {
		op = "ims_reset"
	}
	person := who()
	results := make([]IMSActionResult, len(changes))
	for i, c := range changes {
		results[i] = IMSActionResult{Section: c.Record.Section, STIN: c.Record.STIN, Number: c.Record.Number, Period: c.Record.RtnPrd,
			From: c.Record.Action, Action: c.Action, Reason: c.Reason}
	}
	finish := func(ids []int64, result, code, msg string) []IMSActionResult {
		for i := range results {
			results[i].Result, results[i].ErrorCode, results[i].Message = result, code, msg
			if ids != nil {
				if err := ims.LogResult(ctx, s.core.DB.DB, ids[i], result, code, msg, s.core.Now()); err != nil {
					s.core.Log.Warn("ims log", "err", err.Error())
				}
			}
		}
		return results
	}
	body, err := ims.Request(rtin, reset, changes)
	if err != nil {
		return finish(nil, ims.ResultFailed, "", apperr.Command.Public(err).Message)
	}
	ids, err := ims.LogSent(ctx, s.core.DB.DB, s.core.Workspace().ID, person, s.core.Now(), "", changes)
	if err != nil {
		return finish(nil, ims.ResultFailed, "", "gstdesk could not keep the log of this action, so it was not sent: "+err.Error())
	}
	start := s.core.Now()
	ref, m, err := client.SaveIMS(ctx, token, reset, body)
	what := fmt.Sprintf("%d document(s) by %s", len(changes), person)
	s.core.Audit(ctx, op, what, start, m.TransactionID, err)
	if err != nil {
		return finish(ids, ims.ResultFailed, "", apperr.Command.Public(err).Message)
	}
	if err := ims.LogReference(ctx, s.core.DB.DB, ids, ref); err != nil {
		s.core.Log.Warn("ims log", "err", err.Error())
	}
	for i := range results {
		results[i].ReferenceID = ref
	}
	st, waited, err := s.Poll.wait(ctx, func() (*gstapi.JobStatus, error) {
		t := s.core.Now()
		st, err := client.IMSRequestStatus(ctx, token, ref)
		txn := ""
		if st != nil {
			txn = st.TransactionID
		}
		s.core.Audit(ctx, op+"_status", ref, t, txn, err)
		return st, err
	})
	switch {
	case errors.Is(err, errStillRunning):
		return finish(ids, ims.ResultUnknown, "", fmt.Sprintf("The GST service had not finished this request (reference %s) after %s of waiting; nothing is recorded as applied. Check later with gstdesk gst ims list (or List in the window) and act again if needed.", ref, waited))
	case err != nil:
		return finish(ids, ims.ResultUnknown, "", fmt.Sprintf("gstdesk could not learn how the request (reference %s) ended: %s Nothing is recorded as applied; list IMS to see what the portal says.", ref, apperr.Command.Public(err).Message))
	case st.Status == gstapi.JobFailed:
		msg := st.ErrorMessage
		if msg == "" {
			msg = "the request failed"
		}
		return finish(ids, ims.ResultFailed, st.ErrorCode, fmt.Sprintf("The GST service refused the whole request: %s (%s). Nothing was applied.", msg, st.ErrorCode))
	}
	// How each document ended is read from the service's report (ims.Judge).
	for i, v := range ims.Judge(st, changes) {
		r := &results[i]
		r.Result, r.ErrorCode, r.Message = v.Result, v.Code, v.Message
		if err := ims.LogResult(ctx, s.core.DB.DB, ids[i], r.Result, r.ErrorCode, r.Message, s.core.Now()); err != nil {
			s.core.Log.Warn("ims log", "err", err.Error())
		}
	}
	return results
}

// IMSLog is the IMS actions sent from this workspace, newest first.
func (s *Service) IMSLog(ctx context.Context) ([]ims.LogEntry, error) {
	return ims.Log(ctx, s.core.DB.DB, s.core.Workspace().ID, 0)
}

// RegenerateResult is how a 2B regeneration went: the reference, and the new 2B pulled after it.
type RegenerateResult struct {
	Period      string       `json:"period"`
	ReferenceID string       `json:"reference_id"`
	Pull        Pull2BResult `json:"pull"`
}

// RegenerateGSTR2B asks the service to regenerate a period's GSTR-2B after IMS actions, waits for
// it (polling with back-off, within s.Poll.Budget) and pulls the new 2B. IMS2B007 (wrong ITC period
// or its GSTR-3B filed) and IMS2B009 (too early) are said in words.
func (s *Service) RegenerateGSTR2B(ctx context.Context, month period.Month) (RegenerateResult, error) {
	if month.IsZero() {
		return RegenerateResult{}, noMonth()
	}
	np := month.Key()
	out := RegenerateResult{Period: np}
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return out, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return out, err
	}
	start := s.core.Now()
	ref, m, err := client.RegenerateGSTR2B(ctx, sess.Token, month.Year, int(month.Month))
	s.core.Audit(ctx, "gstr2b_regenerate", np+" by "+who(), start, m.TransactionID, err)
	if err != nil {
		var be *gstapi.BusinessError
		if errors.As(err, &be) {
			switch strings.ToUpper(be.Code) {
			case "IMS2B007":
				return out, apperr.New(apperr.Invalid, "GSTR-2B of %s cannot be regenerated: either %s is not the ITC period IMS is open for, or its GSTR-3B is already filed (IMS2B007). The 2B stands as generated.", period.LabelOf(np), period.LabelOf(np))
			case "IMS2B009":
				when := expectedByOf(be.Message)
				msg := fmt.Sprintf("GSTR-2B of %s cannot be regenerated yet: its draft is not available", period.LabelOf(np))
				if when != "" {
					msg += "; the service says to regenerate it after " + when
				}
				return out, apperr.New(apperr.Invalid, "%s (IMS2B009).", msg)
			}
		}
		return out, err
	}
	out.ReferenceID = ref
	st, waited, err := s.Poll.wait(ctx, func() (*gstapi.JobStatus, error) {
		t := s.core.Now()
		st, err := client.GSTR2BRegenerationStatus(ctx, sess.Token, ref)
		txn := ""
		if st != nil {
			txn = st.TransactionID
		}
		s.core.Audit(ctx, "gstr2b_regenerate_status", ref, t, txn, err)
		return st, err
	})
	switch {
	case errors.Is(err, errStillRunning):
		return out, apperr.New(apperr.Unavailable, "The GST service had not finished regenerating GSTR-2B of %s (reference %s) after %s of waiting. Pull the 2B later: gstdesk gst 2b --year %d --month %d.", period.LabelOf(np), ref, waited, month.Year, month.Month)
	case err != nil:
		return out, err
	case st.Status != gstapi.JobProcessed:
		msg := st.ErrorMessage
		if msg == "" {
			msg = "no reason given"
		}
		return out, apperr.New(apperr.Unavailable, "The GST service could not regenerate GSTR-2B of %s: %s (%s %s). The 2B stands as generated before.", period.LabelOf(np), msg, st.Status, st.ErrorCode)
	}
	res, err := s.PullGSTR2B(ctx, []period.Month{month}, false, nil)
	if err != nil {
		return out, err
	}
	out.Pull = res[0]
	return out, nil
}

func expectedByOf(msg string) string {
	for _, f := range strings.Fields(msg) {
		f = strings.Trim(f, ".,")
		if len(f) == 10 && f[2] == '/' && f[5] == '/' {
			return f
		}
	}
	return ""
}

// StartIMSApply runs IMSApply as a job (the polling may take minutes); its result is an IMSApplyResult.
func (s *Service) StartIMSApply(ctx context.Context, reqs []IMSChangeRequest) (string, error) {
	if len(reqs) == 0 {
		return "", apperr.New(apperr.Invalid, "Choose at least one document to act on.")
	}
	if _, _, err := s.TaxpayerSession(ctx, ""); err != nil {
		return "", err
	}
	return core.StartJob(s.core, "ims", func(ctx context.Context, progress core.Progress) (IMSApplyResult, error) {
		progress(0, len(reqs))
		r, err := s.IMSApply(ctx, reqs)
		progress(len(reqs), len(reqs))
		return r, err
	}), nil
}

// IMSApplyResults returns a finished IMS job's result.
func (s *Service) IMSApplyResults(id string) (IMSApplyResult, error) {
	return core.JobResult[IMSApplyResult](s.core, id)
}

// StartRegenerateGSTR2B runs RegenerateGSTR2B as a job; its result is a RegenerateResult.
func (s *Service) StartRegenerateGSTR2B(ctx context.Context, m period.Month) (string, error) {
	if m.IsZero() {
		return "", noMonth()
	}
	if _, _, err := s.TaxpayerSession(ctx, ""); err != nil {
		return "", err
	}
	return core.StartJob(s.core, "gstr2b-regenerate", func(ctx context.Context, progress core.Progress) (RegenerateResult, error) {
		progress(0, 1)
		return s.RegenerateGSTR2B(ctx, m)
	}), nil
}

// RegenerateResults returns a finished regeneration job's result.
func (s *Service) RegenerateResults(id string) (RegenerateResult, error) {
	return core.JobResult[RegenerateResult](s.core, id)
}

// noMonth refuses a regeneration given no month (the faces read what a person writes; an empty
// one reaches here as the zero month).
func noMonth() error {
	return apperr.New(apperr.Invalid, "Choose the month whose GSTR-2B to regenerate (YYYY-MM, such as 2025-04).")
}
