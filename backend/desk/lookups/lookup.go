// Package lookups is the area service for GSTIN lookups: one GSTIN, a bulk check, the changed
// list and unregistered applicants, each answered from the cache or the remote service.
package lookups

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/export"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
	"gstdesk/backend/infile"
	"gstdesk/backend/lookup"
	"gstdesk/backend/money"
	"gstdesk/backend/supplier"
)

// Service is the lookups area over the shared core.
type Service struct {
	core *core.Core
	// KnownSuppliers lists the GSTINs of suppliers in stored GSTR-2A, for matching the changed
	// list; New sets it to the workspace's stored GSTR-2A suppliers.
	KnownSuppliers func(ctx context.Context) ([]string, error)
}

// New returns the lookups service over c.
func New(c *core.Core) *Service {
	s := &Service{core: c}
	s.KnownSuppliers = s.gstr2aSuppliers
	return s
}

// ForWorkspace returns the lookup service of the current workspace.
func (s *Service) ForWorkspace(ctx context.Context) (*lookup.Service, error) {
	ws := s.core.Workspace()
	set, err := config.Load(ctx, s.core.DB, ws)
	if err != nil {
		return nil, err
	}
	source := ws.Environment
	if set.BaseURL != "" {
		source = set.BaseURL
	}
	if u := s.core.Getenv("GSTDESK_BASE_URL"); u != "" {
		source = u
	}
	return &lookup.Service{
		DB: s.core.DB.DB, Source: source, WorkspaceID: ws.ID, Client: s.core.Client,
		MaxAge: time.Duration(set.CacheDays) * 24 * time.Hour,
		// A read-only desk answers from what the writer desk stored, and says why when it has none.
		Offline:  s.core.IsOffline() || s.core.ReadOnly() != nil,
		NoRemote: s.core.RefuseRemote, // counted as a refused write
		Face:     s.core.Face(),
		Called:   s.core.CallRecorded,
		Now:      s.core.Now,
		// Answers of the built-in demo service are made up: they say so.
		Demo: s.core.DemoAnswers(),
	}, nil
}

// LookupRow is one GSTIN's registration as the lookup table shows it.
type LookupRow struct {
	Row           int    `json:"row"`
	Input         string `json:"input"`
	GSTIN         string `json:"gstin"`
	Status        string `json:"status"` // invalid, duplicate, cache, remote, not_registered, failed
	LegalName     string `json:"legal_name"`
	TradeName     string `json:"trade_name"`
	RegStatus     string `json:"reg_status"` // Active, Cancelled...
	RegDate       string `json:"reg_date"`
	CancelDate    string `json:"cancel_date"`
	State         string `json:"state"`
	Constitution  string `json:"constitution"`
	TaxpayerType  string `json:"taxpayer_type"`
	EInvoice      string `json:"einvoice"`
	Address       string `json:"address"`
	Source        string `json:"source"`
	FetchedAt     string `json:"fetched_at"`
	TransactionID string `json:"transaction_id"`
	Note          string `json:"note"`
	ErrorKind     string `json:"error_kind"`
	Error         string `json:"error"`
}

func rowFromAnswer(row int, input, g, status string, a lookup.Answer) LookupRow {
	r := LookupRow{Row: row, Input: input, GSTIN: g, Status: status, Source: a.Source, TransactionID: a.TransactionID, Note: a.Note}
	if !a.FetchedAt.IsZero() {
		r.FetchedAt = a.FetchedAt.UTC().Format(time.RFC3339)
	}
	if a.NotRegistered() { // the service's answer (also for a duplicate of such a row), not an error
		r.RegStatus, r.Note = "Not registered", lookup.NotRegisteredMessage
		return r
	}
	if a.Error != nil {
		r.ErrorKind, r.Error = string(a.Error.Kind), a.Error.Message
		return r
	}
	res, err := gstapi.DecodeSearch(a.Data)
	if err != nil {
		r.ErrorKind, r.Error = string(apperr.Unavailable), "the stored answer could not be read"
		return r
	}
	r.LegalName, r.TradeName, r.RegStatus = res.LegalName, res.TradeName, res.Status
	r.RegDate, r.CancelDate = res.RegistrationDate, firstNonEmpty(res.CancellationDate, res.CancelDateNR)
	r.Constitution, r.TaxpayerType, r.EInvoice = res.Constitution, res.TaxpayerType, res.EInvoiceStatus
	if gg, err := gstin.Parse(g); err == nil {
		r.State = gg.StateName
	}
	if p := res.PrincipalPlace; p != nil {
		a := p.Address
		parts := []string{a.Floor, a.BuildingNo, a.BuildingName, a.Street, a.Location, a.Locality, a.District, a.State, a.Pincode}
		var keep []string
		for _, x := range parts {
			if strings.TrimSpace(x) != "" {
				keep = append(keep, strings.TrimSpace(x))
			}
		}
		r.Address = strings.Join(keep, ", ")
	}
	return r
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// LookupDetail is one GSTIN looked up on its own: the table row plus the full registration.
type LookupDetail struct {
	LookupRow
	Detail *gstapi.SearchResult `json:"detail,omitempty"`
	Check  *gstin.GSTIN         `json:"check,omitempty"`
}

// LookupGSTIN checks one GSTIN locally and then searches it (cache first unless fresh).
func (s *Service) LookupGSTIN(ctx context.Context, raw string, fresh bool) (LookupDetail, error) {
	g, bad := lookup.CheckGSTIN(raw)
	if bad != nil {
		return LookupDetail{}, bad
	}
	a, _, err := s.Ask(ctx, Question{Op: lookup.OpSearch, Input: g, Fresh: fresh})
	if err != nil {
		return LookupDetail{}, err
	}
	status := lookup.StatusRemote
	switch {
	case a.NotRegistered(): // an answer: shown as the result, not as an error
		status = lookup.StatusNotRegistered
	case a.Error != nil:
		return LookupDetail{}, a.Error
	case a.Stored:
		status = lookup.StatusCache
	}
	d := LookupDetail{LookupRow: rowFromAnswer(1, raw, g, status, a)}
	d.Detail, _ = gstapi.DecodeSearch(a.Data)
	if pg, err := gstin.Parse(g); err == nil {
		d.Check = &pg
	}
	return d, nil
}

// PreferenceView is a GSTIN's return-filing preference per quarter.
type PreferenceView struct {
	GSTIN     string            `json:"gstin"`
	FY        string            `json:"fy"`
	Quarters  map[string]string `json:"quarters"` // Q1 -> M or Q
	Source    string            `json:"source"`
	FetchedAt string            `json:"fetched_at"`
}

// Preference looks up the return-filing preference of a GSTIN for a financial year.
func (s *Service) Preference(ctx context.Context, raw, fy string) (PreferenceView, error) {
	a, _, err := s.Ask(ctx, Question{Op: lookup.OpPreference, Input: raw, FY: fy})
	if err != nil {
		return PreferenceView{}, err
	}
	if a.Error != nil {
		return PreferenceView{}, a.Error
	}
	var p gstapi.Preference
	if err := json.Unmarshal(a.Data, &p); err != nil {
		return PreferenceView{}, apperr.Wrap(apperr.Unavailable, err, "The preference answer could not be read.")
	}
	g, f, _ := strings.Cut(a.Key, "|")
	v := PreferenceView{GSTIN: g, FY: f, Quarters: map[string]string{}, Source: a.Source, FetchedAt: a.FetchedAt.UTC().Format(time.RFC3339)}
	for _, q := range p.Response {
		v.Quarters[q.Quarter] = q.Preference
	}
	return v, nil
}

// SplitGSTINList reads a pasted list: one GSTIN per line, or separated by commas, semicolons,
// tabs or spaces. Empty entries are dropped; everything else is kept for the local checks.
func SplitGSTINList(text string) []string {
	f := strings.FieldsFunc(text, func(r rune) bool {
		return r == '\n' || r == '\r' || r == ',' || r == ';' || r == '\t'
	})
	var out []string
	for _, x := range f {
		x = strings.TrimSpace(x)
		if x == "" {
			continue
		}
		// "27 AAPFU0939F 1ZV" pasted with spaces is one GSTIN; "A B" of two 15-character codes is two.
		if parts := strings.Fields(x); len(parts) > 1 && len(strings.Join(parts, "")) != 15 {
			out = append(out, parts...)
			continue
		}
		out = append(out, x)
	}
	return out
}

// BulkView is a finished bulk check.
type BulkView struct {
	Rows    []LookupRow        `json:"rows"`
	Summary lookup.BulkSummary `json:"summary"`
}

// MaxBulk is the most GSTINs one bulk check takes.
const MaxBulk = 100000

// StartBulkLookup starts a bulk check of GSTINs as a job and returns its id.
func (s *Service) StartBulkLookup(ctx context.Context, inputs []string, fresh bool) (string, error) {
	if len(inputs) == 0 {
		return "", apperr.New(apperr.Invalid, "Paste at least one GSTIN, or choose a CSV or Excel file with a GSTIN column.")
	}
	if len(inputs) > MaxBulk {
		return "", apperr.New(apperr.Invalid, "%d GSTINs is more than one check takes (%d): split the list.", len(inputs), MaxBulk)
	}
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return "", err
	}
	return core.StartJobSummarised(s.core, "lookup", func(ctx context.Context, progress core.Progress) (BulkView, error) {
		items, sum := lk.Bulk(ctx, inputs, lookup.BulkOptions{Fresh: fresh}, lookup.Progress(progress))
		v := BulkView{Summary: sum, Rows: make([]LookupRow, len(items))}
		for i, it := range items {
			v.Rows[i] = rowFromAnswer(it.Row, it.Input, it.GSTIN, it.Status, it.Answer)
		}
		return v, nil
	}, BulkView.JobSummary), nil
}

// JobSummary words what a bulk check did, for the jobs panel.
func (v BulkView) JobSummary() string {
	s := v.Summary
	return fmt.Sprintf("%s checked: %s paid calls, %s from stored answers, %s not registered, %s invalid, %s failed",
		money.Count(s.Total), money.Count(s.PaidCalls), money.Count(s.FromCache), money.Count(s.NotRegistered), money.Count(s.Invalid), money.Count(s.Failed))
}

// PlanBulk is what a bulk check of inputs would spend, before it starts (core.CallPlan).
func (s *Service) PlanBulk(ctx context.Context, inputs []string, fresh bool) (core.CallPlan, error) {
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return core.CallPlan{}, err
	}
	p := lk.Plan(ctx, inputs, lookup.BulkOptions{Fresh: fresh})
	return s.core.PlanCalls(ctx, money.Count(p.Unique)+" GSTINs", p.PaidCalls, p.FromCache)
}

// PlanBulkText is PlanBulk of a pasted list.
func (s *Service) PlanBulkText(ctx context.Context, text string, fresh bool) (core.CallPlan, error) {
	return s.PlanBulk(ctx, SplitGSTINList(text), fresh)
}

// PlanBulkPath is PlanBulk of the GSTIN column of a CSV or XLSX file (its path).
func (s *Service) PlanBulkPath(ctx context.Context, path, column string, fresh bool) (core.CallPlan, error) {
	list, err := gstinColumn(path, column)
	if err != nil {
		return core.CallPlan{}, err
	}
	return s.PlanBulk(ctx, list, fresh)
}

// StartBulkText starts a bulk check of a pasted list of GSTINs.
func (s *Service) StartBulkText(ctx context.Context, text string, fresh bool) (string, error) {
	return s.StartBulkLookup(ctx, SplitGSTINList(text), fresh)
}

// StartBulkPath starts a bulk check of the GSTIN column of a CSV or XLSX file (its path, chosen
// in the window's Open dialog or given to the command line).
func (s *Service) StartBulkPath(ctx context.Context, path, column string, fresh bool) (string, error) {
	list, err := gstinColumn(path, column)
	if err != nil {
		return "", err
	}
	return s.StartBulkLookup(ctx, list, fresh)
}

// gstinColumn reads the GSTIN column of the file at path, row by row (infile: a folder or a file
// larger than a list of GSTINs is refused).
func gstinColumn(path, column string) ([]string, error) {
	const advice = "Split the list into files of fewer GSTINs."
	f, size, err := infile.Open(path, lookup.MaxListBytes, advice)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	name := filepath.Base(path)
	if size < 0 { // a pipe or a device: read it counting
		data, err := infile.ReadAll(f, name, size, lookup.MaxListBytes, advice)
		if err != nil {
			return nil, err
		}
		return lookup.GSTINColumn(name, data, column)
	}
	return lookup.ReadGSTINColumn(name, f, size, column)
}

// BulkResult returns a finished bulk check.
func (s *Service) BulkResult(id string) (BulkView, error) {
	return core.JobResult[BulkView](s.core, id)
}

// LookupTable is the export table of lookup rows.
func LookupTable(rows []LookupRow) export.Table {
	t := export.Table{Name: "GSTIN lookup", Columns: []export.Column{
		{Key: "row", Title: "Row", Kind: export.Integer}, {Key: "input", Title: "Input"}, {Key: "gstin", Title: "GSTIN"},
		{Key: "check", Title: "Checked"}, {Key: "legal_name", Title: "Legal name"}, {Key: "trade_name", Title: "Trade name"},
		{Key: "status", Title: "Status"}, {Key: "registration_date", Title: "Registered on", Kind: export.Date},
		{Key: "cancellation_date", Title: "Cancelled on", Kind: export.Date}, {Key: "state", Title: "State"},
		{Key: "constitution", Title: "Constitution"}, {Key: "taxpayer_type", Title: "Taxpayer type"},
		{Key: "einvoice", Title: "e-invoice"}, {Key: "address", Title: "Principal place of business"},
		{Key: "source", Title: "Source"}, {Key: "fetched_at", Title: "Fetched at"}, {Key: "transaction_id", Title: "Transaction id"},
		{Key: "error", Title: "Error"},
	}}
	for _, r := range rows {
		t.Rows = append(t.Rows, []any{r.Row, r.Input, r.GSTIN, r.Status, r.LegalName, r.TradeName, r.RegStatus, r.RegDate,
			r.CancelDate, r.State, r.Constitution, r.TaxpayerType, r.EInvoice, r.Address, r.Source, r.FetchedAt, r.TransactionID, r.Error})
	}
	return t
}

// ExportRows writes lookup rows (the current view) to a file in the exports folder.
func (s *Service) ExportRows(rows []LookupRow, format string) (string, error) {
	return s.core.WriteExport("gstin-lookup", format, LookupTable(rows))
}

// ChangedRow is one change of the day-wise list, named where the GSTIN is known.
type ChangedRow struct {
	Hash  string `json:"hash"`
	GSTIN string `json:"gstin"` // "" when the hash matches no GSTIN the workspace knows
	Name  string `json:"name"`
	Type  string `json:"type"` // G, C, U, I, E
	Label string `json:"label"`
	Date  string `json:"date"`
	State string `json:"state"`
}

// ChangedView is the changed list of a day and state, "your suppliers" first.
type ChangedView struct {
	Date      string         `json:"date"`
	State     string         `json:"state"`
	Total     int            `json:"total"`
	Pages     int            `json:"pages"`
	Yours     []ChangedRow   `json:"yours"`
	Others    []ChangedRow   `json:"others"`
	ByType    map[string]int `json:"by_type"`
	Source    string         `json:"source"`
	FetchedAt string         `json:"fetched_at"`
}

// ChangeLabel names a change type of the changed list.
func ChangeLabel(t string) string {
	switch t {
	case "G":
		return "Generated"
	case "C":
		return "Cancelled"
	case "U":
		return "Updated"
	case "I":
		return "Inactive"
	case "E":
		return "Expired"
	}
	return t
}

// KnownGSTINs lists the GSTINs the workspace knows: looked up, or suppliers in stored GSTR-2A.
func (s *Service) KnownGSTINs(ctx context.Context) ([]string, error) {
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return nil, err
	}
	known, err := lk.KnownGSTINs(ctx)
	if err != nil {
		return nil, err
	}
	if extra := s.KnownSuppliers; extra != nil {
		more, err := extra(ctx)
		if err != nil {
			return nil, err
		}
		known = append(known, more...)
	}
	return known, nil
}

// Changed fetches every page of the changed list for a date (DD-MM-YYYY) and state, matching each
// hash against the GSTINs the workspace knows.
func (s *Service) Changed(ctx context.Context, date, state string, fresh bool, progress func(done, total int)) (ChangedView, error) {
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return ChangedView{}, err
	}
	known, err := s.KnownGSTINs(ctx)
	if err != nil {
		return ChangedView{}, err
	}
	byHash := make(map[string]string, len(known))
	for _, g := range known {
		byHash[gstin.MD5(g)] = g
	}
	names, _ := lk.Names(ctx, known)
	v := ChangedView{Date: date, State: state, ByType: map[string]int{}}
	for page, pages := 1, 1; page <= pages; page++ {
		a, cl, err := s.Ask(ctx, Question{Op: lookup.OpChanged, Date: date, State: state, Page: page, Fresh: fresh})
		if err != nil {
			return v, err
		}
		if a.Error != nil {
			if a.Error.Kind == apperr.NotFound && page == 1 {
				v.Source = a.Source
				return v, nil // "no records": nothing changed that day
			}
			return v, a.Error
		}
		if page == 1 {
			v.Source, v.FetchedAt = a.Source, a.FetchedAt.UTC().Format(time.RFC3339)
			v.Total = cl.TotalCount
		}
		pages = cl.TotalPages
		v.Pages = pages
		for _, sg := range cl.States {
			for _, ch := range sg.Changes {
				r := ChangedRow{Hash: ch.GSTINMD5, Type: ch.Type, Label: ChangeLabel(ch.Type), Date: ch.Date, State: sg.StateCode}
				v.ByType[ch.Type]++
				if g, ok := byHash[strings.ToLower(ch.GSTINMD5)]; ok {
					r.GSTIN, r.Name = g, names[g]
					v.Yours = append(v.Yours, r)
				} else {
					v.Others = append(v.Others, r)
				}
			}
		}
		if progress != nil {
			progress(page, pages)
		}
	}
	sort.SliceStable(v.Others, func(i, j int) bool { return v.Others[i].Type < v.Others[j].Type })
	return v, nil
}

// StartChanged runs Changed as a job.
func (s *Service) StartChanged(date, state string, fresh bool) string {
	return core.StartJobSummarised(s.core, "changed", func(ctx context.Context, progress core.Progress) (ChangedView, error) {
		return s.Changed(ctx, date, state, fresh, progress)
	}, func(v ChangedView) string {
		return fmt.Sprintf("%s: %s changes, %s of your suppliers", strings.ReplaceAll(v.Date, "-", "/"), money.Count(v.Total), money.Count(len(v.Yours)))
	})
}

// ChangedResult returns a finished changed-list job.
func (s *Service) ChangedResult(id string) (ChangedView, error) {
	return core.JobResult[ChangedView](s.core, id)
}

// ApplicantView is an unregistered applicant's record.
type ApplicantView struct {
	gstapi.Applicant
	Source    string `json:"source"`
	FetchedAt string `json:"fetched_at"`
}

// Applicant looks up an unregistered applicant by enrolment number.
func (s *Service) Applicant(ctx context.Context, enrolment string) (ApplicantView, error) {
	a, _, err := s.Ask(ctx, Question{Op: lookup.OpApplicant, Input: enrolment})
	if err != nil {
		return ApplicantView{}, err
	}
	if a.Error != nil {
		return ApplicantView{}, a.Error
	}
	var v ApplicantView
	if err := json.Unmarshal(a.Data, &v.Applicant); err != nil {
		return v, apperr.Wrap(apperr.Unavailable, err, "The applicant answer could not be read.")
	}
	v.Source, v.FetchedAt, v.TransactionID = a.Source, a.FetchedAt.UTC().Format(time.RFC3339), a.TransactionID
	return v, nil
}

// ContactCheckView says whether an e-mail and/or mobile number match an applicant's record.
type ContactCheckView struct {
	Enrolment string `json:"enrolment"`
	Mobile    string `json:"mobile"` // matched, unmatched or ""
	Email     string `json:"email"`
	TxnID     string `json:"transaction_id"`
}

// ApplicantCheck validates an applicant's e-mail and/or mobile number.
func (s *Service) ApplicantCheck(ctx context.Context, enrolment, email, mobile string) (ContactCheckView, error) {
	a, _, err := s.Ask(ctx, Question{Op: lookup.OpApplicantCheck, Input: enrolment, Email: email, Mobile: mobile})
	if err != nil {
		return ContactCheckView{}, err
	}
	if a.Error != nil {
		return ContactCheckView{}, a.Error
	}
	var c gstapi.ContactValidation
	if err := json.Unmarshal(a.Data, &c); err != nil {
		return ContactCheckView{}, apperr.Wrap(apperr.Unavailable, err, "The validation answer could not be read.")
	}
	return ContactCheckView{Enrolment: c.EnrolmentNumber, Mobile: c.Mobile, Email: c.Email, TxnID: a.TransactionID}, nil
}

// Directory is the identities the GSTIN lookups hold for gstins (stored answers only, no call):
// names and registration status for every screen that names a supplier (supplier.Name). Empty
// when the lookups cannot be read: names then fall back to the documents' own.
func (s *Service) Directory(ctx context.Context, gstins []string) supplier.Directory {
	if len(gstins) == 0 {
		return supplier.Directory{}
	}
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return supplier.Directory{}
	}
	dir, err := lk.Directory(ctx, gstins)
	if err != nil || dir == nil {
		return supplier.Directory{}
	}
	return dir
}
