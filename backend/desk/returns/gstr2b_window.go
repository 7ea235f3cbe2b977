package returns

import (
	"context"
	"io"
	"time"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/supplier"
)

// PlanPullGSTR2B is what a 2B pull of periods would spend before it starts (core.CallPlan): one
// paid call a month, and one more per file page of a month too large to come whole (known only
// once its first answer says so, hence "at least" in What).
func (s *Service) PlanPullGSTR2B(ctx context.Context, months []period.Month) (core.CallPlan, error) {
	periods := period.Keys(months)
	req := PullRequest{Periods: periods}
	if err := req.validate(); err != nil {
		return core.CallPlan{}, err
	}
	n := len(req.Periods)
	what := "GSTR-2B of " + money.Count(n) + " months"
	if n == 1 {
		what = "GSTR-2B of one month"
	}
	return s.core.PlanCalls(ctx, what+" (a month too large for one answer takes one more call per file page)", n, 0)
}

// GSTR2BExport writes the documents of a snapshot that match q (all of them, not one page) to a
// file in the exports folder, with the columns of gstdesk gst 2b --format; it returns the path.
func (s *Service) GSTR2BExport(ctx context.Context, snapshotID string, q gstr2b.DocQuery, format string) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	snap, err := gstr2b.SnapshotByID(ctx, s.core.DB.DB, s.core.Workspace().ID, snapshotID)
	if err != nil {
		return "", err
	}
	q.Offset, q.Limit = 0, -1
	page, err := gstr2b.Documents(ctx, s.core.DB.DB, snap, q)
	if err != nil {
		return "", err
	}
	t := gstr2b.ExportTable()
	for i := range page.Rows {
		gstr2b.AppendExportRow(&t, snap.Period, &page.Rows[i].Document)
	}
	return s.core.WriteExportFile("gstr2b-"+snap.Period, f, func(w io.Writer) error { return export.Write(w, f, t) })
}

// IMSRow is one IMS document for the screen: the record as listed and the supplier's name (from
// GSTIN lookups, else the trade name of a stored GSTR-2B; "" when neither knows it).
type IMSRow struct {
	ims.Record
	Name string `json:"name,omitempty"`
	// Proposal is, for a credit note or an amendment not yet accepted (IMS 2.0), what accepting it
	// would declare (itcRedReq and the reduction) and why; nil for other documents.
	Proposal *ims.Reduction `json:"proposal,omitempty"`
	// DeemedAccepted is, for a credit note (or its amendment) of an IMS 2.0 period, the day it is
	// deemed accepted if kept pending or left without action (YYYY-MM-DD): a credit note may stay
	// pending one tax period only.
	DeemedAccepted string `json:"deemed_accepted,omitempty"`
}

// imsRow is r for the screen with its IMS 2.0 proposal and deemed-acceptance day.
func imsRow(r ims.Record, name string) IMSRow {
	row := IMSRow{Record: r, Name: name}
	if ims.TakesITCRedReq(r.Section) && r.Action != ims.Accepted && !r.ITCRedReqBlocked {
		p := ims.ProposeReduction(r, ims.Claim{})
		row.Proposal = &p
	}
	if d, ok := ims.DeemedAcceptance(r); ok {
		row.DeemedAccepted = d.Format("2006-01-02")
	}
	return row
}

// IMSView is the IMS documents as last listed, for the screen (offline): every section and
// status (the screen counts and filters them), and when they were read.
type IMSView struct {
	Rows []IMSRow `json:"rows"`
	// ListedAt is when the lists were last read from the service (RFC 3339; "" never).
	ListedAt string `json:"listed_at,omitempty"`
	// Notices say which sections' last listing had fewer documents than the list before it.
	Notices []string `json:"notices"`
}

// IMSStoredView reads the kept IMS lists with the suppliers' names.
func (s *Service) IMSStoredView(ctx context.Context) (IMSView, error) {
	ws := s.core.Workspace().ID
	recs, err := ims.Stored(ctx, s.core.DB.DB, ws, "", "")
	if err != nil {
		return IMSView{}, err
	}
	at, err := ims.ListedAt(ctx, s.core.DB.DB, ws)
	if err != nil {
		return IMSView{}, err
	}
	notices, err := ims.Notices(ctx, s.core.DB.DB, ws)
	if err != nil {
		return IMSView{}, err
	}
	v := IMSView{Rows: make([]IMSRow, len(recs)), Notices: notices}
	if !at.IsZero() {
		v.ListedAt = at.UTC().Format(time.RFC3339)
	}
	if len(recs) == 0 {
		return v, nil
	}
	names, err := gstr2b.TradeNames(ctx, s.core.DB.DB, ws)
	if err != nil {
		return IMSView{}, err
	}
	var gstins []string
	seen := map[string]bool{}
	for _, r := range recs {
		if !seen[r.STIN] {
			seen[r.STIN] = true
			gstins = append(gstins, r.STIN)
		}
	}
	var looked map[string]string
	if nf := s.SupplierNames(ctx); nf != nil {
		looked = nf(gstins)
	}
	for i, r := range recs {
		// The one name of a supplier: the lookup's, then the 2B's trade name (supplier.Name).
		v.Rows[i] = imsRow(r, supplier.Name(looked[r.STIN], names[r.STIN], "", ""))
	}
	return v, nil
}

// IMSRefresh reads every IMS section afresh from the service (IMSList) and returns the view.
func (s *Service) IMSRefresh(ctx context.Context) (IMSView, error) {
	if _, err := s.IMSList(ctx, "", ""); err != nil {
		return IMSView{}, err
	}
	return s.IMSStoredView(ctx)
}
