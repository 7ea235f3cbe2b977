// Package lookup answers the public GST lookups (verify, search, return preference, changed list,
// applicants) the local-first way: check locally, reuse a fresh cached answer, call the remote
// service only when needed, keep every good answer, log every call, and answer from the cache when
// the network is down or the user works offline.
package lookup

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
	"gstdesk/backend/store"
	"gstdesk/backend/supplier"
)

// Operations, as recorded in the cache and the audit log.
const (
	OpVerify         = "verify"
	OpSearch         = "search"
	OpPreference     = "preference"
	OpChanged        = "changed"
	OpApplicant      = "applicant"
	OpApplicantCheck = "applicant_check"
)

// Where an answer came from.
const (
	FromRemote = "remote"
	FromCache  = "cache"
	// FromDemo is an answer made up by gstdesk's built-in demo service, fresh or stored: never a
	// real taxpayer's registration.
	FromDemo = "demo"
)

// Service answers lookups for one source (environment) and workspace.
type Service struct {
	DB *sql.DB
	// Source keeps answers of different services apart: "demo", "test", "production" or a URL.
	Source      string
	WorkspaceID string
	// Client returns the API client; it is called only when a remote call is needed, so an offline
	// lookup works without credentials.
	Client func(ctx context.Context) (*gstapi.Client, error)
	// MaxAge is how long a verify/search/preference answer is reused without asking again.
	MaxAge time.Duration
	// Offline answers from the cache only.
	Offline bool
	// NoRemote, when set and not nil, is why this desk makes no remote call (it is read-only):
	// said, in place of the offline advice, when there is no stored answer.
	NoRemote func() error
	// Demo says the answers come from the built-in demo service: they are labelled FromDemo.
	Demo bool
	// Now is the clock answers are judged fresh by and stamped with (required: the desk passes
	// its core's clock; without one no answer is stored).
	Now func() time.Time
	// Face is who reads the answers' errors, the window (the zero value) or the command line; it
	// words their advice (apperr.Face.Public).
	Face apperr.Face
	// Called, when set, after each remote call is recorded in the audit log (the window's status
	// bar counts the calls of the day).
	Called func()
}

// Answer is the result of one lookup.
type Answer struct {
	Key    string `json:"key"`
	Source string `json:"source"` // remote, cache or demo
	// Stored says the answer was read from the data folder, not asked for now (with Source demo).
	Stored        bool            `json:"stored,omitempty"`
	FetchedAt     time.Time       `json:"fetched_at"`
	TransactionID string          `json:"transaction_id,omitempty"`
	Data          json.RawMessage `json:"data,omitempty"`
	// Note explains a cache answer given in place of a failed remote call.
	Note string `json:"note,omitempty"`
	// StandsIn says a fresh answer was asked for and the service could not give it: this is the
	// stored answer in its place (the command line exits 1 for it).
	StandsIn bool          `json:"stands_in,omitempty"`
	Error    *apperr.Error `json:"error,omitempty"`

	// paid says the service answered the remote call behind this answer with HTTP 2xx, which
	// spends a credit whatever gstdesk made of it: good data, a business error such as "no
	// records" or "try later", or an answer that broke the contract.
	paid bool
	// broken says the service's answer broke its contract (a *gstapi.ContractError).
	broken bool
}

// stored is the source label of an answer read from the data folder.
func (s *Service) stored() string {
	if s.Demo {
		return FromDemo
	}
	return FromCache
}

// OK reports whether the answer carries data.
func (a Answer) OK() bool { return a.Error == nil }

// NotRegistered reports the service's answer that no taxpayer has the GSTIN (its "no records",
// FO8000, for a search or verify): a result to show as such, not a failed call.
func (a Answer) NotRegistered() bool { return a.Error != nil && a.Error.Kind == apperr.NotFound }

// NotRegisteredMessage is what a person reads for a NotRegistered answer.
const NotRegisteredMessage = "Not registered: the GST network has no taxpayer with this GSTIN."

// now is the time on the service's clock (Now), the zero time when it has none (and save refuses
// to store an answer stamped with it).
func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Time{}
}

// youngerThan says a stored answer fetched at fetched is younger than age on the service's
// clock; without a clock none is (it is asked again, never served as fresh).
func (s *Service) youngerThan(fetched time.Time, age time.Duration) bool {
	now := s.now()
	return !now.IsZero() && now.Sub(fetched) < age
}

// cached is a stored answer.
type cached struct {
	payload   json.RawMessage
	txn       string
	fetchedAt time.Time
}

func (s *Service) load(ctx context.Context, op, key string) (*cached, error) {
	var c cached
	var payload, fetched string
	err := s.DB.QueryRowContext(ctx, `SELECT payload, transaction_id, fetched_at FROM answers WHERE source=? AND op=? AND req_key=?`,
		s.Source, op, key).Scan(&payload, &c.txn, &fetched)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("lookup: read cache: %w", err)
	}
	c.payload = json.RawMessage(payload)
	c.fetchedAt, _ = time.Parse(time.RFC3339Nano, fetched)
	return &c, nil
}

// save stores an answer over the earlier one. gstapi returns only answers that keep the contract;
// this refuses anything else too (no payload, not JSON, not UTF-8), so a bad answer can never
// replace a good one.
func (s *Service) save(ctx context.Context, op, key string, m gstapi.Meta, at time.Time) error {
	if len(m.Raw) == 0 || !json.Valid(m.Raw) || !utf8.Valid(m.Raw) || string(m.Raw) == "null" {
		return apperr.New(apperr.Unavailable, "The GST service's answer for %s could not be used (it has no readable data), so it was not stored. Try again later.", key)
	}
	stamp, err := store.Stamp("lookup: save answer", at)
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, `INSERT INTO answers(source, op, req_key, payload, transaction_id, server_time, fetched_at)
		VALUES (?,?,?,?,?,?,?) ON CONFLICT(source, op, req_key) DO UPDATE SET payload=excluded.payload,
		transaction_id=excluded.transaction_id, server_time=excluded.server_time, fetched_at=excluded.fetched_at`,
		s.Source, op, key, string(m.Raw), m.TransactionID, m.Timestamp, stamp)
	if err != nil {
		return fmt.Errorf("lookup: save answer: %w", err)
	}
	return nil
}

func (s *Service) audit(ctx context.Context, op, key string, start time.Time, m *gstapi.Meta, err error) {
	outcome, kind, msg, txn, status := "ok", "", "", "", 200
	if m != nil {
		txn = m.TransactionID
	}
	if err != nil {
		p := s.Face.Public(err)
		outcome, kind, msg, status = "error", string(p.Kind), p.Message, p.Status
		if p.TransactionID != "" {
			txn = p.TransactionID
		}
	}
	// A failed audit write must not fail the lookup (store.WriteAudit says so).
	store.WriteAudit(ctx, s.DB, store.AuditEntry{At: start, Source: s.Source, WorkspaceID: s.WorkspaceID, Op: op, Key: key,
		Status: status, Outcome: outcome, ErrorKind: kind, Message: msg, Transaction: txn, Duration: time.Since(start)})
	if s.Called != nil {
		s.Called()
	}
}

// askFresh is do's maxAge for a question asked --fresh: a stored answer given in place of the
// service's is marked StandsIn.
const askFresh = time.Duration(-1)

// remoteFunc performs one remote call and returns its Meta.
type remoteFunc func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error)

// do is the one path every lookup takes: cache when fresh enough (or offline), else remote, with
// the cache as the fallback when the remote service cannot be reached.
// maxAge is how old a stored answer may be to be reused; 0 asks the service whenever online.
func (s *Service) do(ctx context.Context, op, key string, maxAge time.Duration, call remoteFunc) Answer {
	a := Answer{Key: key}
	c, err := s.load(ctx, op, key)
	if err != nil {
		a.Error = s.Face.Public(err)
		return a
	}
	fromCache := func(note string) Answer {
		a.Source, a.FetchedAt, a.TransactionID, a.Data, a.Note = s.stored(), c.fetchedAt, c.txn, c.payload, note
		a.Stored = true
		return a
	}
	if c != nil && (s.Offline || s.youngerThan(c.fetchedAt, maxAge)) {
		return fromCache("")
	}
	if s.Offline {
		a.Error = apperr.New(apperr.Unavailable, "Working offline and there is no stored answer for %s. Go online to look it up.", key)
		if s.NoRemote != nil {
			if err := s.NoRemote(); err != nil {
				a.Error = s.Face.Public(err)
			}
		}
		return a
	}
	client, err := s.Client(ctx)
	if err != nil {
		a.Error = s.Face.Public(err)
		return a
	}
	start := time.Now()
	m, err := call(ctx, client)
	s.audit(ctx, op, key, start, &m, err)
	// gstapi gives an answer only for a 2xx; an error says the status it came with, if any.
	a.paid = err == nil
	if err != nil {
		pe := s.Face.Public(err)
		a.paid = pe.Status >= 200 && pe.Status < 300
		var ce *gstapi.ContractError
		switch {
		case errors.As(err, &ce):
			a.broken = true
			// The service answered, wrongly: that is an error, not an outage to paper over; the
			// stored answer stays as it was.
			if c != nil {
				pe.Message += fmt.Sprintf(" The answer stored on %s is kept.", c.fetchedAt.Local().Format("02/01/2006"))
			}
		case c != nil && (pe.Kind == apperr.Unavailable || pe.Kind == apperr.RateLimited):
			// A fresh answer was asked for: the stored one is given, marked as standing in, so
			// the command line does not say "answered" (exit 0) for what it did not get.
			a.StandsIn = maxAge == askFresh
			return fromCache(fmt.Sprintf("No answer from the GST service now (%s); this is the answer stored on %s.", pe.Message, c.fetchedAt.Local().Format("02/01/2006")))
		}
		a.Error = pe
		return a
	}
	at := s.now()
	if err := s.save(ctx, op, key, m, at); err != nil {
		a.Error = s.Face.Public(err)
		return a
	}
	a.Source, a.FetchedAt, a.TransactionID, a.Data = FromRemote, at, m.TransactionID, m.Raw
	if s.Demo {
		a.Source = FromDemo
	}
	return a
}

// CheckGSTIN validates a GSTIN locally, as the service would (422 "Invalid GSTIN pattern") but
// saying exactly what is wrong.
func CheckGSTIN(raw string) (string, *apperr.Error) {
	g, err := gstin.Parse(raw)
	if err != nil {
		return gstin.Normalize(raw), apperr.Window.Public(err) // a GSTIN error reads the same on every face
	}
	return g.Value, nil
}

// Verify looks up a GSTIN's basic registration (4.3). fresh skips a cached answer.
func (s *Service) Verify(ctx context.Context, raw string, fresh bool) Answer {
	g, bad := CheckGSTIN(raw)
	if bad != nil {
		return Answer{Key: g, Error: bad}
	}
	return s.do(ctx, OpVerify, g, s.reuse(fresh), func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		v, err := c.Verify(ctx, g)
		if err != nil {
			return gstapi.Meta{}, err
		}
		return v.Meta, nil
	})
}

// Search looks up a GSTIN's full registration (4.6). acceptCache lets the service answer from its
// own cache (x-accept-cache), which is cheaper.
func (s *Service) Search(ctx context.Context, raw string, fresh, acceptCache bool) Answer {
	g, bad := CheckGSTIN(raw)
	if bad != nil {
		return Answer{Key: g, Error: bad}
	}
	return s.do(ctx, OpSearch, g, s.reuse(fresh), func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		r, err := c.Search(ctx, g, gstapi.AcceptCache(acceptCache))
		if err != nil {
			return gstapi.Meta{}, err
		}
		return r.Meta, nil
	})
}

// Preference looks up a GSTIN's return-filing preference for a financial year (4.2).
func (s *Service) Preference(ctx context.Context, raw, fy string, fresh bool) Answer {
	g, bad := CheckGSTIN(raw)
	if bad != nil {
		return Answer{Key: g, Error: bad}
	}
	nfy, err := gstapi.NormalizeFinancialYear(fy)
	if err != nil {
		return Answer{Key: g + "|" + fy, Error: s.Face.Public(err)}
	}
	return s.do(ctx, OpPreference, g+"|"+nfy, s.reuse(fresh), func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		r, err := c.Preference(ctx, g, nfy)
		if err != nil {
			return gstapi.Meta{}, err
		}
		return r.Meta, nil
	})
}

// changedMaxAge is how long a stored page of date's changed list is reused: forever once the day
// is two days past (the list no longer changes), else not at all.
func (s *Service) changedMaxAge(date string, fresh bool) time.Duration {
	if d, err := time.Parse("02-01-2006", date); err == nil && s.now().Sub(d) > 48*time.Hour && !fresh {
		return forever
	}
	return 0
}

// ChangedStored reports whether the first page of date's changed list for state would come from
// what is stored, without a call.
func (s *Service) ChangedStored(ctx context.Context, date, state string) bool {
	c, err := s.load(ctx, OpChanged, fmt.Sprintf("%s|%s|%d", date, state, 1))
	return err == nil && c != nil && (s.Offline || s.youngerThan(c.fetchedAt, s.changedMaxAge(date, false)))
}

// Changed fetches one page of the day-wise changed list (4.1). A day's list does not change once
// the day is over, so a stored page of a past day is always reused unless fresh.
func (s *Service) Changed(ctx context.Context, date, state string, page int, fresh bool) (Answer, *gstapi.ChangedList) {
	if page < 1 {
		page = 1
	}
	key := fmt.Sprintf("%s|%s|%d", date, state, page)
	maxAge := s.changedMaxAge(date, fresh)
	a := s.do(ctx, OpChanged, key, maxAge, func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		r, err := c.ChangedList(ctx, gstapi.ChangedListRequest{Date: date, StateCode: state, Page: page})
		if err != nil {
			return gstapi.Meta{}, err
		}
		return r.Meta, nil
	})
	if !a.OK() {
		return a, nil
	}
	var cl gstapi.ChangedList
	if err := json.Unmarshal(a.Data, &cl); err != nil {
		a.Error = apperr.Wrap(apperr.Unavailable, err, "The stored changed list for %s could not be read.", key)
		return a, nil
	}
	return a, &cl
}

// forever is the reuse age of answers that cannot change.
const forever = 100 * 365 * 24 * time.Hour

func (s *Service) reuse(fresh bool) time.Duration {
	if fresh {
		return askFresh
	}
	return s.MaxAge
}

// Applicant looks up an unregistered applicant by enrolment number (4.4).
func (s *Service) Applicant(ctx context.Context, enrolment string, fresh bool) Answer {
	enrolment = strings.ToUpper(strings.TrimSpace(enrolment))
	return s.do(ctx, OpApplicant, enrolment, s.reuse(fresh), func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		r, err := c.UnregisteredApplicant(ctx, enrolment)
		if err != nil {
			return gstapi.Meta{}, err
		}
		return r.Meta, nil
	})
}

// ApplicantCheck asks whether an e-mail and/or mobile number match an applicant's record (4.5).
// It is a check, not a lookup: it always asks the service.
func (s *Service) ApplicantCheck(ctx context.Context, enrolment, email, mobile string) Answer {
	req := gstapi.ApplicantContact{EnrolmentNumber: strings.ToUpper(strings.TrimSpace(enrolment)), Email: strings.TrimSpace(email), Mobile: strings.TrimSpace(mobile)}
	key := req.EnrolmentNumber + "|" + req.Email + "|" + req.Mobile
	return s.do(ctx, OpApplicantCheck, key, 0, func(ctx context.Context, c *gstapi.Client) (gstapi.Meta, error) {
		r, err := c.ValidateApplicant(ctx, req)
		if err != nil {
			return gstapi.Meta{}, err
		}
		return r.Meta, nil
	})
}

// Names returns the legal (or trade) names of the GSTINs found in cached search or verify answers.
func (s *Service) Names(ctx context.Context, gstins []string) (map[string]string, error) {
	both, err := s.TaxpayerNames(ctx, gstins)
	out := make(map[string]string, len(both))
	for g, n := range both {
		out[g] = firstNonEmpty(n.Legal, n.Trade)
	}
	return out, err
}

// TaxpayerName is a taxpayer's legal name and trade name (the name on the shop front).
type TaxpayerName struct {
	Legal, Trade string
	// Status is the registration status a search answer gives (sts: Active, Cancelled,
	// Suspended, Inactive, Provisional; "" from a verify answer or when not given), and
	// CancelledOn its cancellation date as given (cxdt).
	Status, CancelledOn string
}

// TaxpayerNames returns the legal and trade names of the GSTINs found in cached search or verify
// answers (a search answer wins over a verify answer).
func (s *Service) TaxpayerNames(ctx context.Context, gstins []string) (map[string]TaxpayerName, error) {
	out := map[string]TaxpayerName{}
	if len(gstins) == 0 {
		return out, nil
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT req_key, op, payload FROM answers WHERE source=? AND op IN ('search','verify')`, s.Source)
	if err != nil {
		return nil, fmt.Errorf("lookup: names: %w", err)
	}
	defer rows.Close()
	want := make(map[string]bool, len(gstins))
	for _, g := range gstins {
		want[g] = true
	}
	for rows.Next() {
		var key, op, payload string
		if err := rows.Scan(&key, &op, &payload); err != nil {
			return nil, err
		}
		if !want[key] {
			continue
		}
		var p struct {
			Lgnm      string `json:"lgnm"`
			TradeNam  string `json:"tradeNam"`
			LegalName string `json:"legalName"`
			Sts       string `json:"sts"`
			Cxdt      string `json:"cxdt"`
		}
		if json.Unmarshal([]byte(payload), &p) != nil {
			continue
		}
		n := TaxpayerName{Legal: firstNonEmpty(p.Lgnm, p.LegalName), Trade: p.TradeNam, Status: p.Sts, CancelledOn: p.Cxdt}
		if (n.Legal != "" || n.Trade != "") && (op == "search" || out[key] == TaxpayerName{}) {
			out[key] = n
		}
	}
	return out, rows.Err()
}

// KnownGSTINs lists every GSTIN with a stored search or verify answer.
func (s *Service) KnownGSTINs(ctx context.Context) ([]string, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT DISTINCT req_key FROM answers WHERE source=? AND op IN ('search','verify') ORDER BY req_key`, s.Source)
	if err != nil {
		return nil, fmt.Errorf("lookup: known gstins: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// Directory is the identity (name, registration status) of each GSTIN that a cached search or
// verify answer holds (no call): what supplier.Name and the scorecard read first.
func (s *Service) Directory(ctx context.Context, gstins []string) (supplier.Directory, error) {
	both, err := s.TaxpayerNames(ctx, gstins)
	out := make(supplier.Directory, len(both))
	for g, n := range both {
		out[g] = supplier.Identity{GSTIN: g, Name: firstNonEmpty(n.Legal, n.Trade), Status: supplier.Status(n.Status), CancelledOn: n.CancelledOn}
	}
	return out, err
}
