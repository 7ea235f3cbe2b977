package returns

import (
	"context"
	"io"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/period"
)

// scope fills in the workspace: the UI never chooses another workspace's data.
func (s *Service) scope(sc gstr2a.Scope) gstr2a.Scope {
	sc.WorkspaceID = s.core.Workspace().ID
	return sc
}

// SupplierNames gives supplier names from cached GSTIN lookups (offline: SQLite only).
func (s *Service) SupplierNames(ctx context.Context) gstr2a.Names {
	lk, err := s.Lookups.ForWorkspace(ctx)
	if err != nil {
		return nil
	}
	return func(gstins []string) map[string]string {
		m, _ := lk.Names(ctx, gstins)
		return m
	}
}

// GSTR2APeriods lists the pulled periods of the workspace (for the period chips).
func (s *Service) GSTR2APeriods(ctx context.Context) ([]gstr2a.PeriodInfo, error) {
	return gstr2a.Periods(ctx, s.core.DB.DB, s.core.Workspace().ID)
}

// GSTR2ATotals are the summary cards of a scope.
func (s *Service) GSTR2ATotals(ctx context.Context, sc gstr2a.Scope) (gstr2a.Totals, error) {
	return gstr2a.PeriodTotals(ctx, s.core.DB.DB, s.scope(sc))
}

// GSTR2ASuppliers is the supplier summary of a scope, named from cached lookups.
func (s *Service) GSTR2ASuppliers(ctx context.Context, sc gstr2a.Scope) ([]gstr2a.SupplierSummary, error) {
	return gstr2a.Suppliers(ctx, s.core.DB.DB, s.scope(sc), s.SupplierNames(ctx))
}

// GSTR2AInvoices is one filtered, sorted page of the invoice table.
func (s *Service) GSTR2AInvoices(ctx context.Context, sc gstr2a.Scope, q gstr2a.InvoiceQuery) (gstr2a.InvoicePage, error) {
	return gstr2a.Invoices(ctx, s.core.DB.DB, s.scope(sc), q, s.SupplierNames(ctx))
}

// GSTR2AItems are the line items of a stored invoice.
func (s *Service) GSTR2AItems(ctx context.Context, invoiceID int64) ([]gstr2a.LineItem, error) {
	return gstr2a.Items(ctx, s.core.DB.DB, invoiceID)
}

// GSTR2ATaxBySupplier is the top-n suppliers by tax, for the chart.
func (s *Service) GSTR2ATaxBySupplier(ctx context.Context, sc gstr2a.Scope, n int) ([]gstr2a.SupplierTax, error) {
	return gstr2a.TaxBySupplier(ctx, s.core.DB.DB, s.scope(sc), n, s.SupplierNames(ctx))
}

// GSTR2ATaxByMonth is the tax per period, for the chart.
func (s *Service) GSTR2ATaxByMonth(ctx context.Context, sc gstr2a.Scope) ([]gstr2a.MonthTax, error) {
	return gstr2a.TaxByMonth(ctx, s.core.DB.DB, s.scope(sc))
}

// GSTR2ASnapshots lists every pull of a period, newest first.
func (s *Service) GSTR2ASnapshots(ctx context.Context, m period.Month) ([]gstr2a.Snapshot, error) {
	period := m.Key()
	return gstr2a.Snapshots(ctx, s.core.DB.DB, s.core.Workspace().ID, period)
}

// Comparison is the pair of pulls compared by default.
type Comparison struct {
	FromID string `json:"from_id"`
	ToID   string `json:"to_id"`
}

// GSTR2ADefaultComparison picks the two pulls of a period to compare when the person has not
// chosen: the newest and the newest earlier one that covered the same data (gstr2a.DefaultComparison).
func (s *Service) GSTR2ADefaultComparison(ctx context.Context, m period.Month) (Comparison, error) {
	snaps, err := s.GSTR2ASnapshots(ctx, m)
	if err != nil {
		return Comparison{}, err
	}
	from, to, err := gstr2a.DefaultComparison(snaps)
	if err != nil {
		return Comparison{}, err
	}
	return Comparison{FromID: from.ID, ToID: to.ID}, nil
}

// GSTR2ADiff says what changed between two pulls of the workspace.
func (s *Service) GSTR2ADiff(ctx context.Context, fromID, toID string) (gstr2a.Diff, error) {
	ws := s.core.Workspace().ID
	for _, id := range []string{fromID, toID} {
		snap, err := gstr2a.SnapshotByID(ctx, s.core.DB.DB, id)
		if err != nil || snap.WorkspaceID != ws {
			return gstr2a.Diff{}, apperr.New(apperr.NotFound, "There is no pull %s in this workspace.", id)
		}
	}
	return gstr2a.DiffSnapshots(ctx, s.core.DB.DB, fromID, toID)
}

// GSTR2AExport writes the current view (scope, filters, sort) at invoice or line-item level to a
// file in the exports folder and returns its path.
func (s *Service) GSTR2AExport(ctx context.Context, sc gstr2a.Scope, q gstr2a.InvoiceQuery, level, format string) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	lv := gstr2a.LevelInvoice
	if level == string(gstr2a.LevelItem) {
		lv = gstr2a.LevelItem
	} else if level != "" && level != string(gstr2a.LevelInvoice) {
		return "", apperr.New(apperr.Invalid, "Export level must be invoice or item, not %q.", level)
	}
	q.Offset, q.Limit = 0, 0
	return s.core.WriteExportFile("gstr2a-"+string(lv), f, func(w io.Writer) error {
		return gstr2a.Export(ctx, s.core.DB.DB, w, f, lv, s.scope(sc), q, s.SupplierNames(ctx))
	})
}

// GSTR2ADocuments is one page of the documents of the sections besides B2B (amendments, credit
// and debit notes, ISD, bills of entry, TDS/TCS credits) of a scope: the second table of the
// GSTR-2A screen, and what gst 2a-docs prints.
func (s *Service) GSTR2ADocuments(ctx context.Context, sc gstr2a.Scope, q gstr2a.DocumentQuery) (gstr2a.DocumentPage, error) {
	return gstr2a.Documents(ctx, s.core.DB.DB, s.scope(sc), q)
}

// GSTR2ADocumentItems are the line items of one stored document (its snapshot and position).
func (s *Service) GSTR2ADocumentItems(ctx context.Context, snapshotID string, seq int64) ([]gstr2a.LineItem, error) {
	return gstr2a.DocumentItems(ctx, s.core.DB.DB, snapshotID, seq)
}

// GSTR2ADocumentsExport writes the documents of the sections besides B2B matching q (every page)
// to a file in the exports folder and returns its path: original numbers of amendments, ISD
// eligibility, bills of entry with port code, number and date, values.
func (s *Service) GSTR2ADocumentsExport(ctx context.Context, sc gstr2a.Scope, q gstr2a.DocumentQuery, format string) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	return s.core.WriteExportFile("gstr2a-documents", f, func(w io.Writer) error {
		return s.WriteGSTR2ADocuments(ctx, sc, q, f, w)
	})
}

// WriteGSTR2ADocuments writes the documents matching q (every page) in format f to w: the
// window's export and the command line's --out go through it.
func (s *Service) WriteGSTR2ADocuments(ctx context.Context, sc gstr2a.Scope, q gstr2a.DocumentQuery, f export.Format, w io.Writer) error {
	q.Offset, q.Limit = 0, 0
	return gstr2a.ExportDocuments(ctx, s.core.DB.DB, w, f, s.scope(sc), q)
}

// StartSupplierLookup looks up, as a bulk job, the suppliers of a scope whose names are not known
// yet (one click on the GSTR-2A screen).
func (s *Service) StartSupplierLookup(ctx context.Context, sc gstr2a.Scope) (string, error) {
	sums, err := s.GSTR2ASuppliers(ctx, sc)
	if err != nil {
		return "", err
	}
	var missing []string
	for _, x := range sums {
		if x.Name == "" {
			missing = append(missing, x.GSTIN)
		}
	}
	if len(missing) == 0 {
		return "", apperr.New(apperr.Invalid, "Every supplier already has a name.")
	}
	return s.Lookups.StartBulkLookup(ctx, missing, false)
}

// StoredListing returns the latest stored pull of a period and its listing as the service sent it
// (the command line's --offline answer).
func (s *Service) StoredListing(ctx context.Context, m period.Month) (gstr2a.Snapshot, []byte, error) {
	period := m.Key()
	snap, err := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, period)
	if apperr.KindOf(err) == apperr.NotFound {
		return snap, nil, apperr.New(apperr.NotFound, "Period %s was never pulled: pull it first (without --offline).", period)
	}
	if err != nil {
		return snap, nil, err // a database that cannot be read is not "never pulled"
	}
	raw, err := gstr2a.RawListing(ctx, s.core.DB.DB, snap.ID)
	return snap, raw, err
}
