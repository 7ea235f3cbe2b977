// Package returns is the area service for the taxpayer's returns: signing in to the GST portal,
// pulling GSTR-2A for many periods, and reviewing, comparing and exporting what was pulled.
package returns

import (
	"context"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// Service is the returns area over the shared core; it uses the lookups area for supplier names.
type Service struct {
	core    *core.Core
	Lookups *lookups.Service
	// Poll is how asynchronous requests (IMS actions, 2B regeneration) are waited for.
	Poll PollConfig
}

// New returns the returns service over c, with lk for supplier names and lookups.
func New(c *core.Core, lk *lookups.Service) *Service { return &Service{core: c, Lookups: lk} }

// PullRequest asks for the GSTR-2A B2B invoices of one or more return periods.
type PullRequest struct {
	GSTIN    string   `json:"gstin"`    // "" = the workspace's GSTIN
	Periods  []string `json:"periods"`  // YYYY-MM, in the order to pull
	Supplier string   `json:"supplier"` // counterparty_gstin filter, optional
	From     string   `json:"from"`     // DD/MM/YYYY filter, optional
}

// PullResult is how one period's pull went: pulled, empty (the portal has no data) or error;
// an error stops that month only.
type PullResult struct {
	Period        string `json:"period"`
	Status        string `json:"status"` // pulled, empty, error, skipped
	SnapshotID    string `json:"snapshot_id,omitempty"`
	Invoices      int    `json:"invoices"`
	Suppliers     int    `json:"suppliers"`
	TransactionID string `json:"transaction_id,omitempty"`
	FetchedAt     string `json:"fetched_at,omitempty"`
	// Notice says what a person must not miss about a stored pull, such as every invoice of the
	// previous pull being gone (gstr2a.GoneNotice).
	Notice string        `json:"notice,omitempty"`
	Error  *apperr.Error `json:"error,omitempty"`
	// Raw is data.data as the service sent it (for gstdesk gst 2a-b2b); not sent to the UI.
	Raw []byte `json:"-"`
}

// PeriodRange lists the periods from year/month to toMonth (crossing into the next year when
// toMonth is before month, as a financial year does: 2025-04 .. 2026-03).
func PeriodRange(year, month, toMonth int) ([]string, error) {
	ms, err := period.Range(year, month, toMonth)
	return period.Strings(ms), err
}

func (r *PullRequest) validate() error {
	if len(r.Periods) == 0 {
		return apperr.New(apperr.Invalid, "Choose at least one month to pull.")
	}
	if len(r.Periods) > 24 {
		return apperr.New(apperr.Invalid, "Pull at most 24 months at a time.")
	}
	for i, p := range r.Periods {
		np, err := period.Canonical(p)
		if err != nil {
			return apperr.New(apperr.Invalid, "%v", err)
		}
		r.Periods[i] = np
	}
	if r.Supplier != "" {
		g, err := gstin.Parse(r.Supplier)
		if err != nil {
			return gstin.ToAPIError(err)
		}
		r.Supplier = g.Value
	}
	if r.From != "" {
		if _, err := time.Parse("02/01/2006", strings.TrimSpace(r.From)); err != nil {
			return apperr.New(apperr.Invalid, "The from-date %q must be written DD/MM/YYYY, such as 01/04/2025.", r.From)
		}
		r.From = strings.TrimSpace(r.From)
	}
	return nil
}

// PullGSTR2A pulls each period with the taxpayer's session and stores each answer as a new
// snapshot (one transaction per period: a failure leaves that period's earlier pulls whole).
// progress is called after each period. keepRaw keeps the raw answer in the results.
func (s *Service) PullGSTR2A(ctx context.Context, req PullRequest, keepRaw bool, progress func(done, total int)) ([]PullResult, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}
	sess, _, err := s.TaxpayerSession(ctx, req.GSTIN)
	if err != nil {
		return nil, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return nil, err
	}
	ws := s.core.Workspace()
	out := make([]PullResult, len(req.Periods))
	for i, p := range req.Periods {
		out[i] = PullResult{Period: p, Status: "skipped"}
	}
	for i, p := range req.Periods {
		if ctx.Err() != nil {
			for j := i; j < len(out); j++ {
				out[j].Error = apperr.New(apperr.Canceled, "Not pulled: cancelled.")
			}
			break
		}
		pm, err := period.ParseMonth(p) // validate has checked it
		if err != nil {
			return nil, err
		}
		y, m := pm.Year, int(pm.Month)
		// The previous pull of the same scope: kept when this one fails, compared when it works.
		filters := gstr2a.Filters{Supplier: req.Supplier, From: req.From}
		prev := s.previous2A(ctx, sess.GSTIN, p, filters)
		start := s.core.Now()
		// A whole period is pulled as the service's GSTR-2A document, every section (credit notes,
		// amendments, ISD, bills of entry beside B2B); a supplier or a date asks for B2B only, the
		// one section the service filters.
		whole := req.Supplier == "" && req.From == ""
		fetch := client.GSTR2AB2B
		if whole {
			fetch = client.GSTR2ADocument
		}
		ans, err := fetch(ctx, sess.Token, gstapi.GSTR2ARequest{Year: y, Month: m, CounterpartyGSTIN: req.Supplier, From: req.From})
		s.auditPull(ctx, p, start, ans, err)
		r := &out[i]
		if err != nil {
			r.Status, r.Error = "error", s.core.Face().Public(err)
			keep(r.Error, prev)
			if r.Error.Kind == apperr.Unauthorised {
				// The session is gone: the other months would fail the same way.
				for j := i + 1; j < len(out); j++ {
					out[j].Error = apperr.New(apperr.Unauthorised, "Not pulled: the GST portal session ended. Sign in again (OTP).")
				}
				if progress != nil {
					progress(len(out), len(out))
				}
				break
			}
			if progress != nil {
				progress(i+1, len(out))
			}
			continue
		}
		ir := gstr2a.IngestRequest{
			WorkspaceID: ws.ID, GSTIN: sess.GSTIN, Period: p, Filters: filters,
			FetchedAt: s.core.Now(), TransactionID: ans.TransactionID, ServerTime: ans.Time(), Raw: ans.Raw, Empty: ans.Empty,
		}
		if whole && !ans.Empty {
			ir.Raw, ir.Whole = nil, ans.Raw
		}
		snap, err := gstr2a.Ingest(ctx, s.core.DB.DB, ir, nil)
		if err != nil && whole && apperr.KindOf(err) == apperr.Invalid {
			// What the reader says of a file is, of the service's answer, the service's fault.
			err = apperr.WithTransaction(apperr.Wrap(apperr.Unavailable, err, "The GST service's GSTR-2A answer could not be read: %s Nothing was saved; pull the period again, and report it with the transaction id if it repeats.",
				strings.TrimSuffix(s.core.Face().Public(err).Message, " Nothing was saved; download the GSTR-2A JSON from the GST portal (Returns Dashboard, GSTR-2A, Download JSON) and import that file.")), ans.TransactionID)
		}
		if err != nil {
			r.Status, r.Error = "error", s.core.Face().Public(err)
			keep(r.Error, prev)
		} else {
			r.Status = "pulled"
			if ans.Empty || snap.Invoices+snap.Documents == 0 {
				r.Status = "empty"
			}
			r.Notice = gstr2a.GoneNotice(prev, snap)
			r.SnapshotID, r.Invoices, r.Suppliers = snap.ID, snap.Invoices, snap.Suppliers
			r.TransactionID, r.FetchedAt = ans.TransactionID, snap.FetchedAt.UTC().Format(time.RFC3339)
			if keepRaw {
				r.Raw = ans.Raw
			}
		}
		if progress != nil {
			progress(i+1, len(out))
		}
	}
	return out, nil
}

// previous2A is the newest stored GSTR-2A of gstin's period with the scope f in the workspace,
// which a new pull or portal file of it is compared with (gstr2a.GoneNotice), or nil when there
// is none; one that cannot be read is logged and taken as none (the new one is stored all the
// same, without the comparison).
func (s *Service) previous2A(ctx context.Context, gstin, p string, f gstr2a.Filters) *gstr2a.Snapshot {
	prev, err := gstr2a.PreviousPull(ctx, s.core.DB.DB, s.core.Workspace().ID, gstin, p, f)
	if err != nil {
		s.core.Log.Warn("gstr2a previous pull", "period", p, "err", err.Error())
	}
	return prev
}

// keep adds to a failed month's error that its previous pull still stands (the error is a copy
// made by Public for this result).
func keep(e *apperr.Error, prev *gstr2a.Snapshot) {
	if t := gstr2a.KeptText(prev); t != "" && e.Kind != apperr.Canceled {
		e.Message += " " + t
	}
}

func (s *Service) auditPull(ctx context.Context, period string, start time.Time, ans *gstapi.GSTR2A, err error) {
	txn := ""
	if ans != nil {
		txn = ans.TransactionID
	}
	s.core.Audit(ctx, "gstr2a_b2b", period, start, txn, err)
}

// StartPull runs PullGSTR2A as a job; its result is a []PullResult.
func (s *Service) StartPull(ctx context.Context, req PullRequest) (string, error) {
	if err := req.validate(); err != nil {
		return "", err
	}
	if _, _, err := s.TaxpayerSession(ctx, req.GSTIN); err != nil {
		return "", err
	}
	return core.StartJobSummarised(s.core, "gstr2a", func(ctx context.Context, progress core.Progress) ([]PullResult, error) {
		progress(0, len(req.Periods))
		return s.PullGSTR2A(ctx, req, false, progress)
	}, pullSummary), nil
}

// pullSummary words what a pull did, month by month, for the jobs panel.
func pullSummary(rs []PullResult) string {
	parts := make([]string, 0, len(rs))
	for _, r := range rs {
		what := r.Status
		switch r.Status {
		case "pulled", "empty":
			what = money.Count(r.Invoices) + " invoices"
		case "error":
			what = "not pulled"
		}
		parts = append(parts, period.LabelOf(r.Period)+": "+what)
	}
	return strings.Join(parts, "; ")
}

// PullResults returns a finished pull job's results.
func (s *Service) PullResults(id string) ([]PullResult, error) {
	return core.JobResult[[]PullResult](s.core, id)
}
