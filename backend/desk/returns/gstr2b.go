package returns

import (
	"context"
	"fmt"
	"gstdesk/backend/infile"
	"path/filepath"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period"
	"gstdesk/backend/supplier"
)

// Pull2BResult is how one period's GSTR-2B pull went: pulled, empty (the service has nothing for
// the period, RET2B1016), not_generated (not generated yet, RET2B1023, with the date the service
// expects it by), error or skipped. An error or a period not generated stores nothing and keeps
// the period's earlier snapshots.
type Pull2BResult struct {
	Period     string `json:"period"`
	Status     string `json:"status"`
	SnapshotID string `json:"snapshot_id,omitempty"`
	Documents  int    `json:"documents"`
	Rejected   int    `json:"rejected"`
	// Reversed counts the documents whose credit was reversed (itcrev), apart from Documents.
	Reversed      int    `json:"reversed,omitempty"`
	Suppliers     int    `json:"suppliers"`
	Files         int    `json:"files,omitempty"`
	Shape         string `json:"shape,omitempty"`
	TransactionID string `json:"transaction_id,omitempty"`
	FetchedAt     string `json:"fetched_at,omitempty"`
	// ExpectedBy is the date (DD/MM/YYYY) the service expects a 2B not generated yet by.
	ExpectedBy string `json:"expected_by,omitempty"`
	// Notice says in words what a person must not miss: the state of a period with no 2B, a
	// return whose summary and documents disagree.
	Notice string        `json:"notice,omitempty"`
	Error  *apperr.Error `json:"error,omitempty"`
	// Raw is the return as stored (pages put together), for gstdesk gst 2b; not sent to the UI.
	Raw []byte `json:"-"`
}

// PullGSTR2B pulls the GSTR-2B of each period with the taxpayer's session (every file_number page
// of a large return) and stores each as a new snapshot, one transaction per period. progress is
// called after each period; keepRaw keeps the stored return in the results.
func (s *Service) PullGSTR2B(ctx context.Context, months []period.Month, keepRaw bool, progress func(done, total int)) ([]Pull2BResult, error) {
	periods := period.Keys(months)
	req := PullRequest{Periods: periods}
	if err := req.validate(); err != nil {
		return nil, err
	}
	sess, _, err := s.TaxpayerSession(ctx, "")
	if err != nil {
		return nil, err
	}
	client, err := s.core.Client(ctx)
	if err != nil {
		return nil, err
	}
	ws := s.core.Workspace()
	out := make([]Pull2BResult, len(req.Periods))
	for i, p := range req.Periods {
		out[i] = Pull2BResult{Period: p, Status: "skipped"}
	}
	for i, p := range req.Periods {
		if ctx.Err() != nil {
			for j := i; j < len(out); j++ {
				out[j].Error = apperr.New(apperr.Canceled, "Not pulled: cancelled.")
			}
			break
		}
		pm, _ := period.ParseMonth(p)
		start := s.core.Now()
		ans, err := client.GSTR2BDocument(ctx, sess.Token, pm.Year, int(pm.Month))
		txn := ""
		if ans != nil {
			txn = ans.TransactionID
		}
		s.core.Audit(ctx, "gstr2b", p, start, txn, err)
		r := &out[i]
		prev, _ := gstr2b.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, p)
		kept := ""
		if prev.ID != "" {
			kept = fmt.Sprintf(" The %s snapshot %s on %s is kept.", period.LabelOf(p), prev.SourceText(), prev.FetchedAt.Local().Format("02/01/2006 15:04"))
		}
		switch {
		case err != nil:
			r.Status, r.Error = "error", s.core.Face().Public(err)
			if r.Error.Kind != apperr.Canceled {
				r.Error.Message += kept
			}
			if r.Error.Kind == apperr.Unauthorised {
				for j := i + 1; j < len(out); j++ {
					out[j].Error = apperr.New(apperr.Unauthorised, "Not pulled: the GST portal session ended. Sign in again (OTP).")
				}
				if progress != nil {
					progress(len(out), len(out))
				}
				return out, nil
			}
		case ans.NotGenerated != nil:
			r.Status, r.ExpectedBy, r.TransactionID = "not_generated", ans.ExpectedBy, ans.TransactionID
			r.Notice = fmt.Sprintf("GSTR-2B for %s is not generated yet", period.LabelOf(p))
			if ans.ExpectedBy != "" {
				r.Notice += "; the GST service expects it by " + ans.ExpectedBy
			}
			r.Notice += "." + kept
		default:
			raw := []byte(ans.Raw)
			if len(ans.Pages) > 0 {
				pages := make([][]byte, len(ans.Pages))
				for k, pg := range ans.Pages {
					pages[k] = pg.Raw
				}
				raw, err = gstr2b.Assemble(raw, pages)
			}
			var snap gstr2b.Snapshot
			if err == nil {
				snap, err = gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: sess.GSTIN, Period: p, Source: gstr2b.SourceAPI,
					FetchedAt: s.core.Now(), TransactionID: ans.TransactionID, ServerTime: ans.Time(), Raw: raw, Files: len(ans.Pages), Empty: ans.NoDocs != nil})
			}
			if err != nil {
				r.Status, r.Error = "error", s.core.Face().Public(err)
				r.Error.Message += kept
				break
			}
			r.Status = "pulled"
			if snap.Status == gstr2b.StatusEmpty {
				r.Status, r.Notice = "empty", fmt.Sprintf("Nothing this period: the GST service has no GSTR-2B documents for %s.", period.LabelOf(p))
			}
			r.SnapshotID, r.Documents, r.Rejected, r.Reversed, r.Suppliers, r.Files, r.Shape = snap.ID, snap.Documents, snap.Rejected, snap.Reversed, snap.Suppliers, snap.Files, snap.Shape
			r.TransactionID, r.FetchedAt = ans.TransactionID, snap.FetchedAt.UTC().Format(time.RFC3339)
			if snap.Note != "" {
				r.Notice = snap.Note
			}
			if keepRaw && snap.Status != gstr2b.StatusEmpty {
				r.Raw = raw
			}
		}
		if progress != nil {
			progress(i+1, len(out))
		}
	}
	return out, nil
}

// StartPullGSTR2B runs PullGSTR2B as a job; its result is a []Pull2BResult.
func (s *Service) StartPullGSTR2B(ctx context.Context, months []period.Month) (string, error) {
	periods := period.Keys(months)
	req := PullRequest{Periods: periods}
	if err := req.validate(); err != nil {
		return "", err
	}
	if _, _, err := s.TaxpayerSession(ctx, ""); err != nil {
		return "", err
	}
	return core.StartJob(s.core, "gstr2b", func(ctx context.Context, progress core.Progress) ([]Pull2BResult, error) {
		progress(0, len(req.Periods))
		return s.PullGSTR2B(ctx, months, false, progress)
	}), nil
}

// PullGSTR2BResults returns a finished 2B pull job's results.
func (s *Service) PullGSTR2BResults(id string) ([]Pull2BResult, error) {
	return core.JobResult[[]Pull2BResult](s.core, id)
}

// GSTR2BPeriods lists the periods with a GSTR-2B in the workspace (for the period chips).
func (s *Service) GSTR2BPeriods(ctx context.Context) ([]gstr2b.PeriodInfo, error) {
	return gstr2b.Periods(ctx, s.core.DB.DB, s.core.Workspace().ID)
}

// GSTR2BSnapshots lists the GSTR-2B snapshots of a period, newest first.
func (s *Service) GSTR2BSnapshots(ctx context.Context, m period.Month) ([]gstr2b.Snapshot, error) {
	p := m.Key()
	return gstr2b.Snapshots(ctx, s.core.DB.DB, s.core.Workspace().ID, p)
}

// GSTR2BView is what the 2B screen shows of one snapshot: the snapshot, its ITC and supplier
// summaries and its section counts.
type GSTR2BView struct {
	Snapshot gstr2b.Snapshot       `json:"snapshot"`
	Summary  gstr2b.Summary        `json:"summary"`
	Sections []gstr2b.SectionCount `json:"sections"`
	History  []gstr2b.Snapshot     `json:"history"`
	// Suppliers are the GSTIN lookups' identities of the suppliers of the summary (stored answers,
	// no call): the screen names each by supplier.Name, the lookup's name before the 2B's trade
	// name, and shows a registration that is not active.
	Suppliers supplier.Directory `json:"suppliers"`
}

// snapshot2B is the snapshot id given, or the latest of the period when id is "".
func (s *Service) snapshot2B(ctx context.Context, p, id string) (gstr2b.Snapshot, error) {
	if id != "" {
		return gstr2b.SnapshotByID(ctx, s.core.DB.DB, s.core.Workspace().ID, id)
	}
	return gstr2b.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, p)
}

// GSTR2BView reads one snapshot for the screen (the latest of the period when snapshotID is "").
func (s *Service) GSTR2BView(ctx context.Context, m period.Month, snapshotID string) (GSTR2BView, error) {
	p := m.Key()
	snap, err := s.snapshot2B(ctx, p, snapshotID)
	if err != nil {
		return GSTR2BView{}, err
	}
	v := GSTR2BView{Snapshot: snap}
	if v.Summary, err = gstr2b.SnapshotSummary(ctx, s.core.DB.DB, snap); err != nil {
		return v, err
	}
	if v.Sections, err = gstr2b.SectionCounts(ctx, s.core.DB.DB, snap); err != nil {
		return v, err
	}
	v.Suppliers = supplier.Directory{}
	var gstins []string
	for _, list := range v.Summary.Counterparties {
		for _, c := range list {
			gstins = append(gstins, c.CTIN)
		}
	}
	if len(gstins) > 0 {
		v.Suppliers = s.Lookups.Directory(ctx, gstins)
	}
	v.History, err = gstr2b.Snapshots(ctx, s.core.DB.DB, s.core.Workspace().ID, snap.Period)
	return v, err
}

// GSTR2BDocuments is one page of a snapshot's documents.
func (s *Service) GSTR2BDocuments(ctx context.Context, snapshotID string, q gstr2b.DocQuery) (gstr2b.DocPage, error) {
	snap, err := gstr2b.SnapshotByID(ctx, s.core.DB.DB, s.core.Workspace().ID, snapshotID)
	if err != nil {
		return gstr2b.DocPage{}, err
	}
	return gstr2b.Documents(ctx, s.core.DB.DB, snap, q)
}

// GSTR2BDiff compares two snapshots of a period; with both ids "", the newest with the one before.
func (s *Service) GSTR2BDiff(ctx context.Context, m period.Month, fromID, toID string) (gstr2b.Diff, error) {
	p := m.Key()
	var from, to gstr2b.Snapshot
	var err error
	if fromID == "" && toID == "" {
		snaps, err := s.GSTR2BSnapshots(ctx, m)
		if err != nil {
			return gstr2b.Diff{}, err
		}
		if from, to, err = gstr2b.DefaultComparison(snaps); err != nil {
			return gstr2b.Diff{}, err
		}
	} else {
		if from, err = s.snapshot2B(ctx, p, fromID); err != nil {
			return gstr2b.Diff{}, err
		}
		if to, err = s.snapshot2B(ctx, p, toID); err != nil {
			return gstr2b.Diff{}, err
		}
	}
	return gstr2b.DiffSnapshots(ctx, s.core.DB.DB, from, to)
}

// StoredGSTR2B returns the latest stored GSTR-2B of a period and its return as one document
// (nil for a period with nothing), for gstdesk gst 2b --offline.
func (s *Service) StoredGSTR2B(ctx context.Context, m period.Month) (gstr2b.Snapshot, []byte, error) {
	p := m.Key()
	snap, err := gstr2b.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, p)
	if err != nil {
		return snap, nil, err
	}
	raw, err := gstr2b.RawReturn(ctx, s.core.DB.DB, snap)
	return snap, raw, err
}

// ImportResult is what importing a portal file stored.
type ImportResult struct {
	Kind       string `json:"kind"` // gstr2a or gstr2b
	File       string `json:"file"`
	GSTIN      string `json:"gstin"`
	Period     string `json:"period"`
	SnapshotID string `json:"snapshot_id"`
	Documents  int    `json:"documents"`
	Suppliers  int    `json:"suppliers"`
	Shape      string `json:"shape,omitempty"`
	// Notice says what the file held that gstdesk does not keep, or a disagreement in it.
	Notice string `json:"notice,omitempty"`
	// Notices are every notice of the stored snapshot, whole (Notice may shorten them).
	Notices []string `json:"notices"`
}

// ImportPortalPath stores a GSTR-2A or GSTR-2B JSON file downloaded from the GST portal (its path
// chosen in the window's Open dialog or given to the command line) as a snapshot marked "from
// file" (no API call, no credits). The kind is told from the file; a file of another GSTIN than
// the workspace's, or not a whole portal file, is refused and nothing is stored.
func (s *Service) ImportPortalPath(ctx context.Context, path string) (ImportResult, error) {
	name := filepath.Base(path)
	start := s.core.Now()
	raw, err := infile.Read(path, gstr2b.MaxFileBytes, "No GSTR-2A or GSTR-2B file is that large: check that this is the JSON file downloaded from the GST portal.")
	res := ImportResult{File: name}
	if err == nil {
		res, err = s.importPortalFile(ctx, name, raw)
	}
	key := name
	if res.Period != "" {
		key = res.Kind + " " + res.Period + " " + name
	}
	s.core.Audit(ctx, "import_portal_file", key, start, "", err)
	return res, err
}

func (s *Service) importPortalFile(ctx context.Context, name string, raw []byte) (ImportResult, error) {
	g, err := s.taxpayerGSTIN("")
	if err != nil {
		return ImportResult{}, err
	}
	pf, err := gstr2b.DetectFile(name, raw)
	if err != nil {
		return ImportResult{}, err
	}
	res := ImportResult{Kind: pf.Kind, File: name, GSTIN: pf.GSTIN, Period: pf.Period}
	if pf.GSTIN != g {
		return res, apperr.New(apperr.Invalid, "%s is the %s of %s, not of this workspace's GSTIN %s. Nothing was imported; open that client's workspace to import it there.",
			name, strings.ToUpper(strings.Replace(pf.Kind, "gstr", "GSTR-", 1)), pf.GSTIN, g)
	}
	ws := s.core.Workspace()
	switch pf.Kind {
	case gstr2b.FileGSTR2B:
		snap, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: g, Source: gstr2b.SourceFile, FileName: name,
			FetchedAt: s.core.Now(), Raw: raw})
		if err != nil {
			return res, err
		}
		res.SnapshotID, res.Documents, res.Suppliers, res.Shape, res.Notice = snap.ID, snap.Documents, snap.Suppliers, snap.Shape, snap.Note
		res.Notices = snap.Notices
	default:
		// Compared with the period's previous pull or file as a pull is: every invoice gone is said.
		prev := s.previous2A(ctx, g, pf.Period, gstr2a.Filters{})
		// The whole return, every section (b2b, b2ba, cdn, cdna, isd, impg ...), read from the file as
		// given (the portal's file or the service's answer saved whole).
		snap, err := gstr2a.Ingest(ctx, s.core.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: g, Period: pf.Period, FetchedAt: s.core.Now(),
			Whole: raw, Source: "file", FileName: name}, nil)
		if err != nil {
			// What gstr2a says of a broken answer is, of a file, the file's fault.
			if e := s.core.Face().Public(err); e.Kind == apperr.Unavailable {
				return res, apperr.Wrap(apperr.Invalid, err, "%s is not a GSTR-2A file gstdesk can read: %s", name,
					strings.Replace(e.Message, "The GST service's GSTR-2A answer", "it", 1))
			}
			return res, err
		}
		res.SnapshotID, res.Documents, res.Suppliers = snap.ID, snap.Invoices+snap.Documents, snap.Suppliers
		var notes []string
		if n := gstr2a.GoneNotice(prev, snap); n != "" {
			notes = append(notes, n)
		}
		notes = append(notes, snap.Notices...)
		res.Notice = strings.Join(notes, " ")
		res.Notices = notes
	}
	return res, nil
}
