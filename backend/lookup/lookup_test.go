package lookup

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstin"
	"gstdesk/backend/store"
)

const (
	verifyPath = "/gst/compliance/public/gstin/verify"
	searchPath = "/gst/compliance/public/gstin/search"
)

type rig struct {
	svc *Service
	sim *gstapitest.Server
	url string
	ts  *httptest.Server
	db  *store.DB
}

func newRig(t testing.TB, opts gstapitest.Options) *rig {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sim, ts := gstapitest.NewServer(t, opts)
	r := &rig{sim: sim, url: ts.URL, ts: ts, db: db}
	hc := ts.Client()
	client, err := gstapi.NewClient(gstapi.Config{
		HTTPClient: hc, BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
		Tokens:        gstapi.NewAuthenticator(hc, ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret),
		RatePerMinute: -1, MaxAttempts: 2, Timeout: 2 * time.Second,
		Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() },
	})
	if err != nil {
		t.Fatal(err)
	}
	r.svc = &Service{DB: db.DB, Source: "demo", WorkspaceID: "ws1", MaxAge: 7 * 24 * time.Hour, Now: time.Now,
		Client: func(context.Context) (*gstapi.Client, error) { return client, nil }}
	return r
}

func (r *rig) known(t *testing.T) []string {
	g := r.sim.KnownGSTINs()
	if len(g) < 3 {
		t.Fatalf("simulator knows %d GSTINs", len(g))
	}
	return g
}

func TestVerifyThenCacheThenFresh(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)[0]
	a := r.svc.Verify(ctx, " "+strings.ToLower(g)+" ", false)
	if !a.OK() || a.Source != FromRemote || a.TransactionID == "" || a.Key != g {
		t.Fatalf("first verify = %+v", a)
	}
	var v gstapi.Verification
	if err := json.Unmarshal(a.Data, &v); err != nil || v.GSTIN != g {
		t.Fatalf("payload %s: %v", a.Data, err)
	}
	b := r.svc.Verify(ctx, g, false)
	if !b.OK() || b.Source != FromCache || string(b.Data) != string(a.Data) || b.TransactionID != a.TransactionID {
		t.Errorf("second verify = %+v, want the cached answer", b)
	}
	c := r.svc.Verify(ctx, g, true)
	if c.Source != FromRemote {
		t.Errorf("fresh verify source = %s", c.Source)
	}
	if n := r.sim.Count(verifyPath); n != 2 {
		t.Errorf("remote verify calls = %d, want 2", n)
	}
	// An answer older than MaxAge is asked for again.
	r.svc.Now = func() time.Time { return time.Now().Add(8 * 24 * time.Hour) }
	if d := r.svc.Verify(ctx, g, false); d.Source != FromRemote {
		t.Errorf("stale answer reused: %+v", d)
	}
}

func TestInvalidGSTINNeverReachesTheNetwork(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	tests := []struct{ in, want string }{
		{"27AAPFU0939F1ZX", "check character"},
		{"41AAPFU0939F1ZV", "state code 41"},
		{"27AAPFU0939F1Z", "15"},
	}
	for _, tt := range tests {
		a := r.svc.Search(ctx, tt.in, false, false)
		if a.OK() || a.Error.Kind != apperr.Invalid || a.Error.Status != 422 || !strings.Contains(a.Error.Message, "Invalid GSTIN pattern") || !strings.Contains(a.Error.Message, tt.want) {
			t.Errorf("Search(%q) = %+v, want a 422 naming %q", tt.in, a.Error, tt.want)
		}
	}
	if n := len(r.sim.Requests()); n != 0 {
		t.Errorf("%d requests reached the service", n)
	}
}

func TestRemoteErrorNeverOverwritesGoodData(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)[1]
	good := r.svc.Search(ctx, g, false, false)
	if !good.OK() {
		t.Fatal(good.Error)
	}
	r.sim.SetFaults(gstapitest.Faults{ServerErrors: 10})
	a := r.svc.Search(ctx, g, true, false)
	if !a.OK() || a.Source != FromCache || a.Note == "" || string(a.Data) != string(good.Data) {
		t.Errorf("search during an outage = %+v, want the stored answer with a note", a)
	}
	r.sim.SetFaults(gstapitest.Faults{Malformed: 10})
	a = r.svc.Search(ctx, g, true, false)
	if string(a.Data) != string(good.Data) {
		t.Errorf("a malformed answer replaced stored data: %s", a.Data)
	}
	var payload string
	r.db.QueryRow(`SELECT payload FROM answers WHERE op='search' AND req_key=?`, g).Scan(&payload)
	if payload != string(good.Data) {
		t.Error("the stored payload changed after remote errors")
	}
	var errorsLogged int
	r.db.QueryRow(`SELECT count(*) FROM audit_log WHERE outcome='error' AND op='search'`).Scan(&errorsLogged)
	if errorsLogged != 2 {
		t.Errorf("audit errors = %d, want 2", errorsLogged)
	}
}

func TestUnknownGSTINIsNotFound(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	a := r.svc.Search(context.Background(), "27AAPFU0939F2ZU", false, false)
	if a.OK() || a.Error.Kind != apperr.NotFound || !strings.Contains(a.Error.Message, "FO8000") {
		t.Errorf("unknown GSTIN = %+v", a.Error)
	}
}

func TestOffline(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)
	r.svc.Verify(ctx, g[0], false)
	calls := r.sim.Count(verifyPath)
	r.svc.Offline = true
	r.svc.Client = func(context.Context) (*gstapi.Client, error) {
		t.Fatal("offline lookup asked for a client")
		return nil, nil
	}
	a := r.svc.Verify(ctx, g[0], true)
	if !a.OK() || a.Source != FromCache {
		t.Errorf("offline verify of a stored GSTIN = %+v", a)
	}
	b := r.svc.Verify(ctx, g[1], false)
	if b.OK() || b.Error.Kind != apperr.Unavailable || !strings.Contains(b.Error.Message, "offline") {
		t.Errorf("offline verify of an unknown GSTIN = %+v", b)
	}
	if r.sim.Count(verifyPath) != calls {
		t.Error("offline lookups reached the service")
	}
}

func TestAuditLogHasNoSecrets(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	r.svc.Verify(ctx, r.known(t)[0], false)
	rows, _ := r.db.Query(`SELECT op, req_key, status, outcome, transaction_id, message FROM audit_log`)
	defer rows.Close()
	n := 0
	for rows.Next() {
		var op, key, outcome, txn, msg string
		var status int
		rows.Scan(&op, &key, &status, &outcome, &txn, &msg)
		n++
		if op != "verify" || status != 200 || outcome != "ok" || txn == "" {
			t.Errorf("audit row = %s %s %d %s %s", op, key, status, outcome, txn)
		}
		for _, secret := range []string{gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret} {
			if strings.Contains(op+key+msg+txn, secret) {
				t.Error("the audit log holds a secret")
			}
		}
	}
	if n != 1 {
		t.Errorf("audit rows = %d, want 1", n)
	}
}

func TestPreferenceAndApplicants(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	a := r.svc.Preference(ctx, r.known(t)[0], "2025-26", false)
	if !a.OK() || a.Key != r.known(t)[0]+"|FY 2025-26" {
		t.Errorf("preference = %+v", a)
	}
	var p gstapi.Preference
	if err := json.Unmarshal(a.Data, &p); err != nil || len(p.Response) != 4 {
		t.Errorf("preference payload %s: %v", a.Data, err)
	}
	if b := r.svc.Preference(ctx, r.known(t)[0], "FY 2025-2", false); b.OK() || b.Error.Kind != apperr.Invalid {
		t.Errorf("bad FY = %+v", b)
	}
	apps := r.sim.Applicants()
	if len(apps) == 0 {
		t.Fatal("simulator has no applicants")
	}
	ap := r.svc.Applicant(ctx, apps[0].EnrolmentNumber, false)
	if !ap.OK() {
		t.Errorf("applicant = %+v", ap.Error)
	}
	chk := r.svc.ApplicantCheck(ctx, apps[0].EnrolmentNumber, "", "")
	if chk.OK() || chk.Error.Kind != apperr.Invalid {
		t.Errorf("check with neither e-mail nor mobile = %+v", chk)
	}
}

func TestChangedListCachesPastDays(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	day := time.Now().AddDate(0, 0, -10).Format("02-01-2006")
	a, cl := r.svc.Changed(ctx, day, "27", 1, false)
	if !a.OK() || cl == nil {
		t.Fatalf("changed = %+v", a.Error)
	}
	b, _ := r.svc.Changed(ctx, day, "27", 1, false)
	if b.Source != FromCache {
		t.Errorf("a past day's page was fetched again")
	}
}

func TestNames(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)
	r.svc.Search(ctx, g[0], false, false)
	r.svc.Verify(ctx, g[1], false)
	names, err := r.svc.Names(ctx, []string{g[0], g[1], g[2]})
	if err != nil {
		t.Fatal(err)
	}
	tp0, _ := r.sim.Taxpayer(g[0])
	tp1, _ := r.sim.Taxpayer(g[1])
	if names[g[0]] != tp0.LegalName || names[g[1]] != tp1.LegalName || names[g[2]] != "" {
		t.Errorf("names = %v", names)
	}
}

// bulkInputs makes n inputs: 20% invalid, 30% repeats of earlier valid ones, the rest distinct
// valid GSTINs (known to the simulator first, then valid but unknown ones).
func bulkInputs(known []string, n int) (inputs []string, valid []string) {
	for i := 0; len(valid) < n/2; i++ {
		if i < len(known) {
			valid = append(valid, known[i])
		} else {
			pan := fmt.Sprintf("AAAPA%04dA", i)
			valid = append(valid, gstin.Complete("27"+pan+"1Z"))
		}
	}
	for i := 0; i < n; i++ {
		switch {
		case i%10 < 2: // 20% invalid
			inputs = append(inputs, fmt.Sprintf("27BAD%010d", i))
		case i%10 < 5 && i > 10: // 30% duplicates of earlier ones
			inputs = append(inputs, valid[(i*7)%(i/2)%len(valid)])
		default:
			inputs = append(inputs, valid[len(inputs)%len(valid)])
		}
	}
	return inputs, valid
}

func TestBulkSpendsExactlyThePaidCallsItMust(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 3, Taxpayers: 200})
	ctx := context.Background()
	n := 10000
	if testing.Short() {
		n = 2000 // -short (the race run): the same mix, smaller
	}
	inputs, _ := bulkInputs(r.sim.KnownGSTINs(), n)

	// Work out what must happen, independently of Bulk: local checks, de-dup, then half cached.
	seen := map[string]bool{}
	var unique []string
	invalid, dups := 0, 0
	for _, in := range inputs {
		g, bad := CheckGSTIN(in)
		switch {
		case bad != nil:
			invalid++
		case seen[g]:
			dups++
		default:
			seen[g] = true
			unique = append(unique, g)
		}
	}
	cachedN := len(unique) / 2
	for _, g := range unique[:cachedN] {
		if a := r.svc.Search(ctx, g, false, false); a.Error != nil && a.Error.Kind != apperr.NotFound {
			t.Fatal(a.Error)
		}
	}
	// Unknown GSTINs answer "no records" and are not stored: they are looked up again.
	storedN := 0
	for _, g := range unique[:cachedN] {
		if _, ok := r.sim.Taxpayer(g); ok {
			storedN++
		}
	}
	r.sim.ResetCounts()

	var calls, last atomic.Int64
	items, sum := r.svc.Bulk(ctx, inputs, BulkOptions{Workers: 4}, func(done, total int) {
		calls.Add(1)
		if int64(done) < last.Load() && done != total {
			t.Errorf("progress went backwards: %d after %d", done, last.Load())
		}
		last.Store(int64(done))
	})
	wantPaid := len(unique) - storedN
	if sum.Total != n || sum.Invalid != invalid || sum.Duplicates != dups || sum.Unique != len(unique) || sum.FromCache != storedN {
		t.Errorf("summary = %+v; want invalid %d dups %d unique %d cache %d", sum, invalid, dups, len(unique), storedN)
	}
	if got := r.sim.Paid(searchPath); got != wantPaid || sum.PaidCalls != wantPaid {
		t.Errorf("paid calls: simulator %d, summary %d, want %d", got, sum.PaidCalls, wantPaid)
	}
	if len(items) != n || items[0].Row != 1 || items[n-1].Row != n {
		t.Errorf("items out of order")
	}
	if last.Load() != int64(n) || calls.Load() < 100 {
		t.Errorf("progress: %d calls, last %d", calls.Load(), last.Load())
	}
	// Every valid GSTIN the simulator does not know is "not registered": an answer, never a failure.
	wantNotRegistered := 0
	for _, g := range unique {
		if _, ok := r.sim.Taxpayer(g); !ok {
			wantNotRegistered++
		}
	}
	if sum.NotRegistered != wantNotRegistered || wantNotRegistered == 0 || sum.Failed != 0 {
		t.Errorf("not registered %d (want %d), failed %d (want 0)", sum.NotRegistered, wantNotRegistered, sum.Failed)
	}
	for _, it := range items {
		if it.Status == StatusDuplicate && it.Answer.Key != it.GSTIN {
			t.Fatalf("duplicate row %d lacks its answer", it.Row)
		}
		if _, known := r.sim.Taxpayer(it.GSTIN); it.Status == StatusNotRegistered && known {
			t.Errorf("row %d: %s is registered but shown as not registered", it.Row, it.GSTIN)
		}
	}
}

func TestBulkSurvivesTheNetworkGoingAway(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 3, Taxpayers: 120})
	ctx := context.Background()
	known := r.sim.KnownGSTINs()[:100]
	// Stop the service once 30 answers are in: httptest's server is closed under the client.
	ts := r.ts
	var stopped atomic.Bool
	items, sum := r.svc.Bulk(ctx, known, BulkOptions{Workers: 2}, func(done, total int) {
		if done >= 30 && !stopped.Swap(true) {
			ts.CloseClientConnections()
			ts.Listener.Close()
		}
	})
	if sum.PaidCalls < 30 || sum.Failed == 0 || sum.PaidCalls+sum.Failed != 100 {
		t.Fatalf("summary = %+v", sum)
	}
	var stored int
	r.db.QueryRow(`SELECT count(*) FROM answers WHERE op='search'`).Scan(&stored)
	if stored != sum.PaidCalls {
		t.Errorf("stored answers = %d, want every finished one (%d)", stored, sum.PaidCalls)
	}
	for _, it := range items {
		if it.Status == StatusFailed && (it.Answer.Error == nil || it.Answer.Error.Message == "") {
			t.Errorf("row %d failed without a reason", it.Row)
		}
	}
	last := items[len(items)-1]
	if last.Status != StatusFailed || !strings.Contains(last.Answer.Error.Message, "stopped answering") && !strings.Contains(last.Answer.Error.Message, "reach") {
		t.Errorf("last row = %+v", last.Answer.Error)
	}
}

func TestBulkCancel(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 3, Taxpayers: 120})
	ctx, cancel := context.WithCancel(context.Background())
	items, sum := r.svc.Bulk(ctx, r.sim.KnownGSTINs()[:100], BulkOptions{Workers: 1}, func(done, total int) {
		if done >= 10 {
			cancel()
		}
	})
	if !sum.Cancelled || sum.Failed == 0 {
		t.Errorf("summary = %+v", sum)
	}
	if items[99].Answer.Error == nil || items[99].Answer.Error.Kind != apperr.Canceled {
		t.Errorf("last row = %+v", items[99].Answer)
	}
}

var _ = http.StatusOK

// BenchmarkBulk10k measures a bulk check of 10,000 inputs (20% invalid, 30% duplicates, half of
// the unique ones cached) against the simulator over loopback HTTP.
func BenchmarkBulk10k(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		r := newRig(b, gstapitest.Options{Seed: 3, Taxpayers: 200})
		inputs, _ := bulkInputs(r.sim.KnownGSTINs(), 10000)
		seen := map[string]bool{}
		var unique []string
		for _, in := range inputs {
			if g, bad := CheckGSTIN(in); bad == nil && !seen[g] {
				seen[g] = true
				unique = append(unique, g)
			}
		}
		r.svc.Bulk(context.Background(), unique[:len(unique)/2], BulkOptions{}, nil)
		b.StartTimer()
		_, sum := r.svc.Bulk(context.Background(), inputs, BulkOptions{}, nil)
		if sum.Total != 10000 {
			b.Fatal(sum)
		}
	}
}

func TestErrorsSpeakToTheFace(t *testing.T) {
	tests := []struct {
		face apperr.Face
		want string
	}{
		{apperr.Window, "No API key is set. Enter the API key in Settings."},
		{apperr.Command, "No API key is set. Set GSTDESK_API_KEY and GSTDESK_API_SECRET, or save them in the window's Settings."},
	}
	for _, tt := range tests {
		t.Run(tt.face.String(), func(t *testing.T) {
			r := newRig(t, gstapitest.Options{Seed: 1})
			r.svc.Face = tt.face
			r.svc.Client = func(context.Context) (*gstapi.Client, error) { return gstapi.NewClient(gstapi.Config{BaseURL: r.url}) }
			a := r.svc.Verify(context.Background(), r.known(t)[0], true)
			if a.OK() || a.Error.Kind != apperr.Invalid || a.Error.Message != tt.want {
				t.Errorf("answer error = %+v, want %q", a.Error, tt.want)
			}
		})
	}
}

// TestContractViolationKeepsTheStoredAnswer checks items 4 and 5 of issue 13 for every cached
// lookup: a 200 whose payload is {} (or whose text is not UTF-8) is an error, never stored; the
// stored answer stays and is what an offline lookup gives.
func TestContractViolationKeepsTheStoredAnswer(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)[2]
	enrolment := r.sim.Applicants()[0].EnrolmentNumber
	lookups := []struct {
		name, op, key string
		call          func(fresh bool) Answer
	}{
		{"verify", OpVerify, g, func(fresh bool) Answer { return r.svc.Verify(ctx, g, fresh) }},
		{"search", OpSearch, g, func(fresh bool) Answer { return r.svc.Search(ctx, g, fresh, false) }},
		{"preference", OpPreference, g + "|FY 2025-26", func(fresh bool) Answer { return r.svc.Preference(ctx, g, "2025-26", fresh) }},
		{"changed", OpChanged, "10-11-2025|27|1", func(fresh bool) Answer { a, _ := r.svc.Changed(ctx, "10-11-2025", "27", 1, fresh); return a }},
		{"applicant", OpApplicant, enrolment, func(fresh bool) Answer { return r.svc.Applicant(ctx, enrolment, fresh) }},
	}
	faults := []struct {
		name   string
		faults gstapitest.Faults
		want   string
	}{
		{"data {}", gstapitest.Faults{EmptyData: 1}, "the answer has no"},
		{"not UTF-8", gstapitest.Faults{InvalidUTF8: 1}, "not UTF-8"},
	}
	for _, lk := range lookups {
		good := lk.call(true)
		if !good.OK() || good.Source != FromRemote {
			t.Fatalf("%s: %+v", lk.name, good)
		}
		for _, f := range faults {
			t.Run(lk.name+"/"+f.name, func(t *testing.T) {
				r.sim.SetFaults(f.faults)
				a := lk.call(true)
				r.sim.SetFaults(gstapitest.Faults{})
				if a.OK() || a.Error.Kind != apperr.Unavailable || !strings.Contains(a.Error.Message, f.want) ||
					!strings.Contains(a.Error.Message, "The answer stored on") || len(a.Data) != 0 {
					t.Fatalf("lookup with a bad answer = %+v, want an error that keeps the stored answer", a)
				}
				var payload string
				r.db.QueryRow(`SELECT payload FROM answers WHERE op=? AND req_key=?`, lk.op, lk.key).Scan(&payload)
				if payload != string(good.Data) {
					t.Errorf("stored payload = %.80s, want the good answer kept", payload)
				}
				r.svc.Offline = true
				off := lk.call(false)
				r.svc.Offline = false
				if !off.OK() || off.Source != FromCache || string(off.Data) != string(good.Data) {
					t.Errorf("offline after the bad answer = %+v, want the good answer", off)
				}
			})
		}
	}
	// Without a stored answer it is an error too, and nothing is stored.
	r.sim.SetFaults(gstapitest.Faults{EmptyData: 1})
	a := r.svc.Verify(ctx, r.known(t)[3], true)
	if a.OK() {
		t.Errorf("first lookup with data {} = %+v, want an error", a)
	}
	var n int
	r.db.QueryRow(`SELECT count(*) FROM answers WHERE op='verify' AND req_key=?`, r.known(t)[3]).Scan(&n)
	if n != 0 {
		t.Errorf("%d answers stored from a contract violation", n)
	}
}

// TestTryLaterOffersTheStoredAnswer checks item 6: a tax-network "try later" is a temporary
// failure, the stored answer is given with a note, and without one the error says to try later,
// never that the input is invalid.
func TestTryLaterOffersTheStoredAnswer(t *testing.T) {
	r := newRig(t, gstapitest.Options{Seed: 1})
	ctx := context.Background()
	g := r.known(t)[0]
	good := r.svc.Verify(ctx, g, false)
	if !good.OK() {
		t.Fatal(good.Error)
	}
	r.sim.SetFaults(gstapitest.Faults{BusinessError: 10, BusinessCode: "RET12501", BusinessMessage: "System Failure"})
	a := r.svc.Verify(ctx, g, true)
	if !a.OK() || a.Source != FromCache || string(a.Data) != string(good.Data) || !strings.Contains(a.Note, "System Failure") || !strings.Contains(a.Note, "stored on") {
		t.Errorf("verify during try-later = %+v, want the stored answer with a note", a)
	}
	if !a.StandsIn {
		t.Error("a stored answer given for a fresh one asked is not marked as standing in (the command line said it was answered, exit 0)")
	}
	if got := r.sim.Count(verifyPath); got != 1+2 {
		t.Errorf("verify calls = %d, want 3 (the try-later retried once, MaxAttempts 2)", got)
	}
	b := r.svc.Verify(ctx, r.known(t)[1], true)
	if b.OK() || b.Error.Kind != apperr.Unavailable || !strings.Contains(b.Error.Message, "Try again in a few minutes") {
		t.Errorf("verify with nothing stored = %+v, want Unavailable, try again", b.Error)
	}
}

// TestBulkCountsEveryPaidAnswer checks that every lookup the service answered with HTTP 2xx is a
// paid call, whether the answer broke the contract or asked to try later, and that a run ended by
// such answers says what happened instead of "the service stopped answering".
func TestBulkCountsEveryPaidAnswer(t *testing.T) {
	const n = 10
	tests := []struct {
		name   string
		faults gstapitest.Faults
		stored bool // a stored answer exists for every GSTIN
		tries  int  // 2xx answers per lookup (MaxAttempts 2 retries a try-later once)
		// wantStop is in the reason of the GSTINs not looked up; "" means the run does not stop.
		wantStop string
	}{
		{"contract violations", gstapitest.Faults{EmptyData: 100}, false, 1, "broke its contract several times in a row"},
		{"not UTF-8", gstapitest.Faults{InvalidUTF8: 100}, false, 1, "broke its contract several times in a row"},
		{"try later", gstapitest.Faults{BusinessError: 100, BusinessCode: "TEC4001", BusinessMessage: "Technical Error"}, false, 2, "asked several times in a row to try later"},
		{"try later, stored answers stand in", gstapitest.Faults{BusinessError: 100, BusinessCode: "RET12501", BusinessMessage: "System Failure"}, true, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, gstapitest.Options{Seed: 3, Taxpayers: 40})
			ctx := context.Background()
			gstins := r.sim.KnownGSTINs()[:n]
			if tt.stored {
				for _, g := range gstins {
					if a := r.svc.Search(ctx, g, true, false); !a.OK() {
						t.Fatal(a.Error)
					}
				}
			}
			r.sim.ResetCounts()
			r.sim.SetFaults(tt.faults)
			items, sum := r.svc.Bulk(ctx, gstins, BulkOptions{Workers: 1, Fresh: true}, nil)
			simPaid := r.sim.Paid(searchPath)
			if sum.PaidCalls*tt.tries != simPaid || sum.PaidCalls == 0 {
				t.Errorf("summary's paid calls = %d, want the %d 2xx answers the simulator sent, %d a lookup", sum.PaidCalls, simPaid, tt.tries)
			}
			if tt.wantStop == "" {
				if sum.PaidCalls != n || sum.FromCache != n || sum.Failed != 0 {
					t.Errorf("summary = %+v, want %d paid lookups answered from the cache", sum, n)
				}
				return
			}
			if sum.Failed != n || sum.PaidCalls >= n {
				t.Errorf("summary = %+v, want every row failed and the run stopped early", sum)
			}
			last := items[n-1].Answer.Error
			if last == nil || !strings.Contains(last.Message, tt.wantStop) || strings.Contains(last.Message, "stopped answering") {
				t.Errorf("reason of the last row = %+v, want it to contain %q", last, tt.wantStop)
			}
		})
	}
}
