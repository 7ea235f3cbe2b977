package gstapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstin"
)

// simClient returns a client of a fresh simulator (demo credentials, no rate limit, instant retries).
func simClient(t *testing.T, opts gstapitest.Options) (*Client, *gstapitest.Server) {
	t.Helper()
	if opts.Now == nil {
		opts.Now = func() time.Time { return time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC) }
	}
	s, ts := gstapitest.NewServer(t, opts)
	auth := NewAuthenticator(ts.Client(), ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret)
	c, err := NewClient(Config{BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
		Tokens: auth, Now: opts.Now,
		HTTPClient: ts.Client(), RatePerMinute: -1,
		Sleep:   func(ctx context.Context, d time.Duration) error { return ctx.Err() },
		Backoff: func(int) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	return c, s
}

// checkSent checks the last request of an operation: method, path, query, headers and JSON body.
func checkSent(t *testing.T, s *gstapitest.Server, method, path, rawQuery, body string, wantCache bool) {
	t.Helper()
	r := s.LastRequest()
	if r.Method != method || r.Path != path {
		t.Errorf("sent %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if got := r.Query.Encode(); rawQuery != "" && got != rawQuery {
		t.Errorf("query = %q, want %q", got, rawQuery)
	}
	if r.Header.Get("x-api-key") != gstapitest.DefaultAPIKey || r.Header.Get("x-api-version") != "1.0.0" {
		t.Errorf("headers %v lack x-api-key or x-api-version", Redact(r.Header))
	}
	auth := r.Header.Get("authorization")
	if auth == "" || strings.HasPrefix(strings.ToLower(auth), "bearer") || strings.Count(auth, ".") != 2 {
		t.Errorf("authorization %q is not a raw JWT", auth)
	}
	if got := r.Header.Get("x-accept-cache") == "true"; got != wantCache {
		t.Errorf("x-accept-cache sent = %v, want %v", got, wantCache)
	}
	if body == "" {
		if len(r.Body) != 0 || r.Header.Get("content-type") != "" {
			t.Errorf("body %q / content-type %q, want none", r.Body, r.Header.Get("content-type"))
		}
		return
	}
	if r.Header.Get("content-type") != "application/json" {
		t.Errorf("content-type = %q", r.Header.Get("content-type"))
	}
	var got, want any
	if err := json.Unmarshal(r.Body, &got); err != nil {
		t.Fatalf("body %q: %v", r.Body, err)
	}
	json.Unmarshal([]byte(body), &want)
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Errorf("body = %s, want %s", gb, wb)
	}
}

func checkMeta(t *testing.T, m Meta) {
	t.Helper()
	if len(m.TransactionID) != 36 || m.Timestamp != time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC).UnixMilli() || len(m.Raw) == 0 || !json.Valid(m.Raw) {
		t.Errorf("meta = %+v (raw %d bytes)", m, len(m.Raw))
	}
}

func TestChangedList(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{PageSize: 10})
	ctx := context.Background()
	// Find a date with more than one page.
	var first *ChangedList
	var date string
	for d := 1; d <= 28 && first == nil; d++ {
		date = time.Date(2025, 10, d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
		l, err := c.ChangedList(ctx, ChangedListRequest{Date: date, StateCode: "27"}, AcceptCache(true))
		if apperr.KindOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if l.TotalPages > 1 {
			first = l
		}
	}
	if first == nil {
		t.Fatal("no date with several pages")
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/public/gstin/changed-list", "", `{"date":"`+date+`","state_code":"27","page":1}`, true)
	checkMeta(t, first.Meta)
	seen := 0
	for p := 1; p <= first.TotalPages; p++ {
		l, err := c.ChangedList(ctx, ChangedListRequest{Date: date, StateCode: "27", Page: p})
		if err != nil {
			t.Fatal(err)
		}
		if l.Page != p || len(l.States) != 1 || l.States[0].StateCode != "27" || l.Count != len(l.States[0].Changes) {
			t.Fatalf("page %d: %+v", p, l)
		}
		if (l.MorePages == "Y") != (first.TotalPages > 1) {
			t.Errorf("ismpg = %q with %d pages", l.MorePages, first.TotalPages)
		}
		for _, ch := range l.States[0].Changes {
			if len(ch.GSTINMD5) != 32 || ch.Date != date || !strings.Contains("GCUIE", ch.Type) {
				t.Errorf("change %+v", ch)
			}
			seen++
		}
	}
	if seen != first.TotalCount {
		t.Errorf("saw %d changes over the pages, totalCount %d", seen, first.TotalCount)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/public/gstin/changed-list", "", `{"date":"`+date+`","state_code":"27","page":`+itoa(first.TotalPages)+`}`, false)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestPreference(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	for _, fy := range []string{"FY 2025-26", "2025-26", "FY2025-26", "fy 2025-2026"} {
		p, err := c.Preference(context.Background(), " 27aapfu0939f1zv", fy)
		if err != nil {
			t.Fatal(err)
		}
		checkSent(t, s, http.MethodPost, "/gst/compliance/public/gstrs/preference", "financial_year=FY+2025-26", `{"gstin":"27AAPFU0939F1ZV"}`, false)
		if !strings.Contains(s.LastRequest().Header.Get("x-api-key"), "key_test") {
			t.Error("no key")
		}
		if len(p.Response) != 4 || p.Response[0].Quarter != "Q1" || p.Response[3].Quarter != "Q4" || p.Response[0].Preference == "" {
			t.Errorf("preference = %+v", p.Response)
		}
		checkMeta(t, p.Meta)
	}
}

func TestPreferenceQueryEncoding(t *testing.T) {
	// The financial year must go as FY%202025-26 (a space, not +).
	var rawQuery string
	srv := newRawServer(t, func(w http.ResponseWriter, r *http.Request) {
		rawQuery = r.URL.RawQuery
		w.Write([]byte(`{"code":200,"data":{"data":{"response":[]},"status_cd":"1"},"timestamp":1,"transaction_id":"t"}`))
	})
	c, _ := newTestClient(t, srv, nil)
	if _, err := c.Preference(context.Background(), "27AAPFU0939F1ZV", "2025-26"); err != nil {
		t.Fatal(err)
	}
	if rawQuery != "financial_year=FY%202025-26" {
		t.Errorf("raw query = %q", rawQuery)
	}
}

func TestVerify(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	tests := []struct {
		gstin      string
		wantName   string
		wantStatus string
		wantState  string
	}{
		{"24ABKCS2033B1ZV", "SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED", "Active", "Gujarat"},
		{"33EIUPS5109E1ZZ", "SRINIVASAN", "Cancelled on application of Taxpayer", "Tamil Nadu"},
		{"9917SGP29002OSR", "LINKEDIN SINGAPORE PTE. LTD.", "Active", "Centre Jurisdiction"},
	}
	for _, tt := range tests {
		v, err := c.Verify(context.Background(), tt.gstin, AcceptCache(true))
		if err != nil {
			t.Fatal(err)
		}
		checkSent(t, s, http.MethodPost, "/gst/compliance/public/gstin/verify", "", `{"gstin":"`+tt.gstin+`"}`, true)
		if v.LegalName != tt.wantName || v.Status != tt.wantStatus || v.StateName != tt.wantState || v.GSTIN != tt.gstin || !v.ValidGSTIN {
			t.Errorf("Verify(%s) = %+v", tt.gstin, v)
		}
		checkMeta(t, v.Meta)
	}
}

func TestSearch(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	r, err := c.Search(ctx, "27AACCA8432H2ZP")
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/public/gstin/search", "", `{"gstin":"27AACCA8432H2ZP"}`, false)
	checkMeta(t, r.Meta)
	if r.TradeName != "DMART" || r.TaxpayerType != "Input Service Distributor (ISD)" || r.PrincipalPlace == nil ||
		r.PrincipalPlace.Address.Pincode != "400076" || r.PrincipalPlace.Address.State != "Maharashtra" || len(r.AdditionalPlaces) != 1 ||
		r.EInvoiceStatus != "Yes" || r.RegistrationDate != "01/07/2017" || len(r.NatureOfBusiness) != 1 {
		t.Errorf("ISD search = %+v", r)
	}
	nr, err := c.Search(ctx, "9917SGP29002OSR")
	if err != nil {
		t.Fatal(err)
	}
	if nr.PrincipalPlace != nil || nr.AdditionalPlaces != nil || nr.NatureOfBusiness != nil || nr.SupplyType != "OIDAR" || nr.LegalName != "LINKEDIN SINGAPORE PTE. LTD." {
		t.Errorf("non-resident search = %+v", nr)
	}
	cx, err := c.Search(ctx, "33EIUPS5109E1ZZ")
	if err != nil {
		t.Fatal(err)
	}
	if cx.Status != "Cancelled" || cx.CancellationDate != "31/03/2024" {
		t.Errorf("cancelled search = %+v", cx)
	}
	// The raw payload decodes to the same result.
	again, err := DecodeSearch(cx.Raw)
	if err != nil || again.CancellationDate != cx.CancellationDate || again.LegalName != cx.LegalName {
		t.Errorf("DecodeSearch = %+v, %v", again, err)
	}
	unknown := gstin.Make("29", "ZZZPZ9999Z", '1')
	_, err = c.Search(ctx, unknown)
	var be *BusinessError
	if apperr.KindOf(err) != apperr.NotFound || !errors.As(err, &be) || be.Code != "FO8000" || be.Message != "No records found" {
		t.Errorf("unknown GSTIN: err = %v", err)
	}
}

func TestDecodeSearchLenient(t *testing.T) {
	r, err := DecodeSearch(json.RawMessage(`{"gstin":"X","lgnm":42,"nba":"not a list","sts":"Active","extra":{"a":1}}`))
	if err != nil || r.GSTIN != "X" || r.Status != "Active" {
		t.Errorf("DecodeSearch = %+v, %v", r, err)
	}
	if _, err := DecodeSearch(json.RawMessage(`{"gstin":`)); apperr.KindOf(err) != apperr.Unavailable {
		t.Errorf("broken payload: err = %v", err)
	}
}

func TestApplicants(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	a := s.Applicants()[0]
	got, err := c.UnregisteredApplicant(ctx, strings.ToLower(a.EnrolmentNumber))
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/public/unregistered-applicants", "", `{"enrolment_number":"`+a.EnrolmentNumber+`"}`, false)
	checkMeta(t, got.Meta)
	if got.Name != a.Name || got.PAN != a.PAN || got.AuthStatus != a.Status || len(got.Address.Pincode) != 6 || got.Address.Country != "IND" {
		t.Errorf("applicant = %+v, want %+v", got, a)
	}
	tests := []struct {
		in         ApplicantContact
		body       string
		wantMobile string
		wantEmail  string
	}{
		{ApplicantContact{EnrolmentNumber: a.EnrolmentNumber, Mobile: a.Mobile}, `{"enrolment_number":"` + a.EnrolmentNumber + `","mobile":"` + a.Mobile + `"}`, "matched", ""},
		{ApplicantContact{EnrolmentNumber: a.EnrolmentNumber, Email: "someone@else.in"}, `{"enrolment_number":"` + a.EnrolmentNumber + `","email":"someone@else.in"}`, "", "unmatched"},
		{ApplicantContact{EnrolmentNumber: a.EnrolmentNumber, Mobile: "9000000000", Email: a.Email}, `{"enrolment_number":"` + a.EnrolmentNumber + `","mobile":"9000000000","email":"` + a.Email + `"}`, "unmatched", "matched"},
	}
	for _, tt := range tests {
		v, err := c.ValidateApplicant(ctx, tt.in)
		if err != nil {
			t.Fatal(err)
		}
		checkSent(t, s, http.MethodPost, "/gst/compliance/public/unregistered-applicants/validation", "", tt.body, false)
		if v.EnrolmentNumber != a.EnrolmentNumber || v.Mobile != tt.wantMobile || v.Email != tt.wantEmail {
			t.Errorf("ValidateApplicant(%+v) = %+v", tt.in, v)
		}
	}
	if _, err := c.UnregisteredApplicant(ctx, "072099UAE999999"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown applicant: %v", err)
	}
}

// TestMobileAsPeopleTypeIt: spaces, dashes, +91 and a trunk 0 are what people type, not errors.
func TestMobileAsPeopleTypeIt(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"9876543210", "9876543210", ""},
		{"98765 43210", "9876543210", ""},
		{" +91 98765-43210 ", "9876543210", ""},
		{"919876543210", "9876543210", ""},
		{"098765 43210", "9876543210", ""},
		{"(98765) 43210", "9876543210", ""},
		{"98765x", "", "digits only"},
		{"+44 20 7946 0958 12", "", "digits only"},
		{"98765432101234", "", "has 14 digits"},
	} {
		got, err := checkMobile(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("checkMobile(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestClientSideValidationMakesNoRequest(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	wb := json.RawMessage(`{"name":"tds_on_salary","@entity":"workbook","sheets":[]}`)
	tests := []struct {
		name    string
		call    func() error
		wantMsg string
	}{
		{"gstin check char", func() error { _, err := c.Verify(ctx, "27AAPFU0939F1ZX"); return err }, "Invalid GSTIN pattern: check character should be V, not X"},
		{"gstin state", func() error { _, err := c.Search(ctx, "41AAPFU0939F1ZV"); return err }, "Invalid GSTIN pattern: state code 41 does not exist"},
		{"gstin length", func() error { _, err := c.Preference(ctx, "27AAPFU0939F1Z", "FY 2025-26"); return err }, "length is 14"},
		{"fy not consecutive", func() error { _, err := c.Preference(ctx, "27AAPFU0939F1ZV", "FY 2025-27"); return err }, "Invalid financial year"},
		{"fy garbage", func() error { _, err := c.SalaryTDS(ctx, "FY 2022-2", wb); return err }, "Invalid financial year"},
		{"date format", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "2025-10-01", StateCode: "27"})
			return err
		}, "DD-MM-YYYY"},
		{"date impossible", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "31-02-2025", StateCode: "27"})
			return err
		}, "not a date"},
		{"state code letters", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "01-10-2025", StateCode: "MH"})
			return err
		}, "two digits"},
		{"state code unknown", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "01-10-2025", StateCode: "41"})
			return err
		}, "41 does not exist"},
		{"page", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "01-10-2025", StateCode: "27", Page: -1})
			return err
		}, "Pages start at 1"},
		{"enrolment empty", func() error { _, err := c.UnregisteredApplicant(ctx, " "); return err }, "enrolment number is empty"},
		{"enrolment long", func() error { _, err := c.UnregisteredApplicant(ctx, "1234567890123456"); return err }, "at most 15"},
		{"no contact", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: "AB12"})
			return err
		}, "mobile number or an e-mail"},
		{"mobile long", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: "AB12", Mobile: "98765432101234"})
			return err
		}, "a mobile number has 10"},
		{"mobile letters", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: "AB12", Mobile: "98765x"})
			return err
		}, "digits only"},
		{"email", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: "AB12", Email: "not-an-email"})
			return err
		}, "Invalid e-mail"},
		{"email long", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: "AB12", Email: strings.Repeat("a", 250) + "@x.in"})
			return err
		}, "at most 254"},
		{"2a month", func() error {
			_, err := c.GSTR2AB2B(ctx, "tok", GSTR2ARequest{Year: 2025, Month: 13})
			return err
		}, "Invalid return period"},
		{"2a from", func() error {
			_, err := c.GSTR2AB2B(ctx, "tok", GSTR2ARequest{Year: 2025, Month: 1, From: "2025-01-28"})
			return err
		}, "DD/MM/YYYY"},
		{"2a counterparty", func() error {
			_, err := c.GSTR2AB2B(ctx, "tok", GSTR2ARequest{Year: 2025, Month: 1, CounterpartyGSTIN: "27AAPFU0939F1ZX"})
			return err
		}, "Invalid GSTIN pattern"},
		{"otp", func() error { _, err := c.VerifyOTP(ctx, "user", "27AAPFU0939F1ZV", "12345"); return err }, "6 digits"},
		{"workbook", func() error { _, err := c.SalaryTDS(ctx, "FY 2025-26", json.RawMessage(`[1]`)); return err }, "not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Kind != apperr.Invalid || ae.Status != 422 || !strings.Contains(ae.Message, tt.wantMsg) {
				t.Errorf("err = %v, want Invalid 422 containing %q", err, tt.wantMsg)
			}
			if n := len(s.Counts()); n != 0 {
				t.Errorf("made requests: %v", s.Counts())
			}
		})
	}
}

func TestNormalizeFinancialYear(t *testing.T) {
	tests := []struct{ in, want string }{
		{"FY 2025-26", "FY 2025-26"}, {"2025-26", "FY 2025-26"}, {"FY2025-26", "FY 2025-26"}, {" fy 2024-2025 ", "FY 2024-25"},
		{"FY 2099-00", "FY 2099-00"}, {"FY 2025-27", ""}, {"FY 2022-2", ""}, {"2016-17", ""}, {"", ""}, {"FY 25-26", ""},
	}
	for _, tt := range tests {
		got, err := NormalizeFinancialYear(tt.in)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("NormalizeFinancialYear(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// openSession signs in the demo taxpayer with the simulator's OTP.
func openSession(t *testing.T, c *Client, s *gstapitest.Server) *TaxpayerSession {
	t.Helper()
	ctx := context.Background()
	if err := c.RequestOTP(ctx, "demo.user", s.DemoTaxpayer()); err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/tax-payer/otp", "", `{"username":"demo.user","gstin":"`+s.DemoTaxpayer()+`"}`, false)
	ts, err := c.VerifyOTP(ctx, "demo.user", s.DemoTaxpayer(), gstapitest.DefaultOTP)
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/tax-payer/otp/verify", "otp=575757", `{"username":"demo.user","gstin":"`+s.DemoTaxpayer()+`"}`, false)
	return ts
}

func TestTaxpayerSession(t *testing.T) {
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	ts := openSession(t, c, s)
	if ts.Username != "demo.user" || ts.GSTIN != s.DemoTaxpayer() || ts.Token == "" ||
		!ts.SessionExpiry.Equal(now.Add(6*time.Hour)) || !ts.TokenExpiry.Equal(now.Add(6*time.Hour)) || !ts.Active(now) || ts.Active(now.Add(7*time.Hour)) {
		t.Errorf("session = %+v", ts)
	}
	// The taxpayer token is not the API token.
	if s.LastRequest().Header.Get("authorization") == ts.Token {
		t.Error("verify used the taxpayer token")
	}
	r, err := c.RefreshSession(ctx, ts.Token)
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/gst/compliance/tax-payer/session/refresh", "", "", false)
	if s.LastRequest().Header.Get("authorization") != ts.Token || r.Token == ts.Token || r.Token == "" {
		t.Errorf("refresh sent %q, got %q", s.LastRequest().Header.Get("authorization"), r.Token)
	}
	// The old token is gone: AUTH4033.
	_, err = c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9})
	var be *BusinessError
	if apperr.KindOf(err) != apperr.Unauthorised || !errors.As(err, &be) || be.Code != "AUTH4033" || !strings.Contains(apperr.Window.Public(err).Message, "Sign in again with an OTP") {
		t.Errorf("old token: err = %v", err)
	}
	if err := c.Logout(ctx, r.Token); err != nil {
		t.Fatal(err)
	}
	if s.LastRequest().Path != "/gst/compliance/tax-payer/logout" || s.LastRequest().Header.Get("authorization") != r.Token {
		t.Errorf("logout sent %+v", s.LastRequest())
	}
	if _, err := c.RefreshSession(ctx, r.Token); apperr.KindOf(err) != apperr.Unauthorised {
		t.Errorf("refresh after logout: %v", err)
	}
	// Wrong OTP.
	if err := c.RequestOTP(ctx, "demo.user", s.DemoTaxpayer()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.VerifyOTP(ctx, "demo.user", s.DemoTaxpayer(), "111111"); apperr.KindOf(err) != apperr.Unauthorised {
		t.Errorf("wrong OTP: %v", err)
	}
}

func TestGSTR2A(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{Seed: 7, InvoicesPerMonth: 80, EmptyPeriods: []string{"082025"}})
	ctx := context.Background()
	ts := openSession(t, c, s)
	got, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9})
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodGet, "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", "", "", false)
	if s.LastRequest().Header.Get("authorization") != ts.Token {
		t.Error("2A did not send the taxpayer token")
	}
	checkMeta(t, got.Meta)
	var b2b struct {
		B2B []struct {
			Ctin string            `json:"ctin"`
			Inv  []json.RawMessage `json:"inv"`
		} `json:"b2b"`
	}
	if err := json.Unmarshal(got.Raw, &b2b); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, sup := range b2b.B2B {
		total += len(sup.Inv)
	}
	if got.Empty || len(b2b.B2B) == 0 || total < 60 || total > 100 || got.Year != 2025 || got.Month != 9 {
		t.Errorf("2A: empty %v, %d suppliers, %d invoices", got.Empty, len(b2b.B2B), total)
	}
	// Filters are sent under their names and honoured.
	one := b2b.B2B[0].Ctin
	f, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9, CounterpartyGSTIN: strings.ToLower(one), From: "15/09/2025"})
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodGet, "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", "counterparty_gstin="+one+"&from=15%2F09%2F2025", "", false)
	if !f.Empty {
		var fb struct {
			B2B []struct {
				Ctin string `json:"ctin"`
				Inv  []struct {
					Idt string `json:"idt"`
				} `json:"inv"`
			} `json:"b2b"`
		}
		json.Unmarshal(f.Raw, &fb)
		for _, sup := range fb.B2B {
			if sup.Ctin != one {
				t.Errorf("filtered listing has supplier %s", sup.Ctin)
			}
			for _, in := range sup.Inv {
				if d, _ := time.Parse("02-01-2006", in.Idt); d.Day() < 15 {
					t.Errorf("invoice of %s before the from date", in.Idt)
				}
			}
		}
	}
	// An empty period is a result, not an error.
	e, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 8})
	if err != nil || !e.Empty || e.Raw != nil || e.NoData == nil || e.NoData.Code != "RET13509" || e.TransactionID == "" {
		t.Errorf("empty period: %+v, %v", e, err)
	}
	// After an amendment the same period differs.
	s.Amend(2025, 9)
	again, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9})
	if err != nil {
		t.Fatal(err)
	}
	if string(again.Raw) == string(got.Raw) {
		t.Error("amended period answered the same listing")
	}
	if !c.hasNoTokenRenewalFor(t, s) {
		t.Error("a taxpayer call renewed the API token")
	}
}

// hasNoTokenRenewalFor reports that the API token was fetched once for the whole test.
func (c *Client) hasNoTokenRenewalFor(t *testing.T, s *gstapitest.Server) bool {
	t.Logf("counts %v", s.Counts())
	return s.Count("/authenticate") == 1
}

func TestSalaryTDS(t *testing.T) {
	wb := json.RawMessage(`{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[["pan_status","PANISVALID"]]}]}`)
	var gotFY string
	c, s := simClient(t, gstapitest.Options{TDS: func(fy string, in json.RawMessage) (json.RawMessage, error) {
		gotFY = fy
		return json.RawMessage(`{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_new_regime_list","@entity":"list","items":[["tds_on_salary",0]]}]}`), nil
	}})
	r, err := c.SalaryTDS(context.Background(), "2025-26", wb)
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, http.MethodPost, "/tds/calculator/salary/sync", "financial_year=FY+2025-26", string(wb), false)
	checkMeta(t, r.Meta)
	if gotFY != "FY 2025-26" || !strings.Contains(string(r.Workbook), "salary_details_new_regime_list") || string(r.Raw) != string(r.Workbook) {
		t.Errorf("fy %q, workbook %s", gotFY, r.Workbook)
	}
	c2, _ := simClient(t, gstapitest.Options{})
	if _, err := c2.SalaryTDS(context.Background(), "FY 2025-26", wb); apperr.KindOf(err) != apperr.Unavailable {
		t.Errorf("no engine: %v", err)
	}
}

func TestTokenRenewedAfterExpiry(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	if _, err := c.Verify(ctx, "24ABKCS2033B1ZV"); err != nil {
		t.Fatal(err)
	}
	s.ExpireTokens()
	if _, err := c.Verify(ctx, "24ABKCS2033B1ZV"); err != nil {
		t.Fatal(err)
	}
	if got := s.Count("/authenticate"); got != 2 {
		t.Errorf("sign-ins = %d, want 2", got)
	}
	if got := s.Paid("/gst/compliance/public/gstin/verify"); got != 2 {
		t.Errorf("paid verify calls = %d, want 2", got)
	}
}

func TestFaultsThroughClient(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	tests := []struct {
		name      string
		faults    gstapitest.Faults
		wantErr   apperr.Kind
		wantCalls int
	}{
		{"two 429 then ok", gstapitest.Faults{RateLimit: 2}, "", 3},
		{"two 503 then ok", gstapitest.Faults{ServerErrors: 2}, "", 3},
		{"truncated then ok", gstapitest.Faults{Truncate: 1}, "", 2},
		{"malformed", gstapitest.Faults{Malformed: 1}, apperr.Unavailable, 1},
		{"one try later then ok", gstapitest.Faults{BusinessError: 1, BusinessCode: "TEC4001", BusinessMessage: "Technical Error"}, "", 2},
		{"always try later", gstapitest.Faults{BusinessError: 10, BusinessCode: "RET12501", BusinessMessage: "System Failure"}, apperr.Unavailable, 4},
		{"forced status_cd 0 not temporary", gstapitest.Faults{BusinessError: 1, BusinessCode: "RET11405", BusinessMessage: "Invalid API Request Parameters"}, apperr.Invalid, 1},
		{"always 500", gstapitest.Faults{ServerErrors: 10, ServerStatus: 500}, apperr.Unavailable, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.ResetCounts()
			s.SetFaults(tt.faults)
			_, err := c.Verify(ctx, "24ABKCS2033B1ZV")
			if apperr.KindOf(err) != tt.wantErr && !(err == nil && tt.wantErr == "") {
				t.Errorf("err = %v, want kind %q", err, tt.wantErr)
			}
			if got := s.Count("/gst/compliance/public/gstin/verify"); got != tt.wantCalls {
				t.Errorf("calls = %d, want %d", got, tt.wantCalls)
			}
			s.SetFaults(gstapitest.Faults{})
		})
	}
}

func TestSessionStores(t *testing.T) {
	sess := &TaxpayerSession{Token: "tp-token", SessionExpiry: time.Date(2025, 11, 20, 16, 0, 0, 0, time.UTC),
		TokenExpiry: time.Date(2025, 11, 20, 16, 0, 0, 0, time.UTC), Username: "demo.user", GSTIN: "27AAPFU0939F1ZV"}
	key := SessionKey("ws-1", "27aapfu0939f1zv")
	keyring.MockInit()
	dir := t.TempDir()
	stores := map[string]SessionStore{"keyring": KeyringStore{}, "file": FileStore{Dir: filepath.Join(dir, "sessions")}}
	for name, st := range stores {
		t.Run(name, func(t *testing.T) {
			if _, err := st.Load(key); !errors.Is(err, ErrNoSession) {
				t.Errorf("Load of nothing: %v", err)
			}
			if err := st.Save(key, sess); err != nil {
				t.Fatal(err)
			}
			got, err := st.Load(key)
			if err != nil || got.Token != sess.Token || !got.SessionExpiry.Equal(sess.SessionExpiry) || got.GSTIN != sess.GSTIN || got.Username != sess.Username {
				t.Errorf("Load = %+v, %v", got, err)
			}
			if err := st.Delete(key); err != nil {
				t.Fatal(err)
			}
			if err := st.Delete(key); err != nil {
				t.Errorf("second Delete: %v", err)
			}
			if _, err := st.Load(key); !errors.Is(err, ErrNoSession) {
				t.Errorf("Load after Delete: %v", err)
			}
		})
	}
	fs := FileStore{Dir: filepath.Join(dir, "perm")}
	if err := fs.Save(key, sess); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(fs.path(key))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("session file mode = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if v, _ := keyring.Get(KeyringService, key); v != "" {
		t.Error("deleted keychain entry still there")
	}
	if st, warn := OpenSessionStore(dir); warn != "" {
		t.Errorf("with a working keychain: %T, warning %q", st, warn)
	} else if _, ok := st.(KeyringStore); !ok {
		t.Errorf("with a working keychain got %T", st)
	}
	keyring.MockInitWithError(errors.New("no secret service"))
	st, warn := OpenSessionStore(dir)
	if _, ok := st.(FileStore); !ok || !strings.Contains(warn, "keychain is not available") || strings.Contains(warn, "exec:") || strings.Contains(warn, "dbus") {
		t.Errorf("without a keychain: %T, %q", st, warn)
	}
	keyring.MockInit()
}
