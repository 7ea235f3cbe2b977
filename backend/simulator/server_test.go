package simulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gstdesk/backend/gstin"
)

var fixedNow = time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)

// caller talks to a simulator over HTTP the way the client does.
type caller struct {
	t     testing.TB
	url   string
	token string
}

// startServer starts the simulator on an httptest server closed at the end of the test.
func startServer(t testing.TB, opts Options) (*Server, *httptest.Server) {
	s := New(opts)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}

func newCaller(t testing.TB, opts Options) (*Server, *caller) {
	t.Helper()
	if opts.Now == nil {
		opts.Now = func() time.Time { return fixedNow }
	}
	s, ts := startServer(t, opts)
	c := &caller{t: t, url: ts.URL}
	status, body := c.do("POST", "/authenticate", "", map[string]string{"x-api-key": DefaultAPIKey, "x-api-secret": DefaultAPISecret})
	if status != 200 {
		t.Fatalf("authenticate: %d %s", status, body)
	}
	var env struct {
		Data struct {
			AccessToken string `json:"access_token"`
		} `json:"data"`
	}
	json.Unmarshal(body, &env)
	c.token = env.Data.AccessToken
	return s, c
}

func (c *caller) do(method, path, body string, headers map[string]string) (int, []byte) {
	c.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, c.url+path, rd)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// api calls an operation with the API key and token (or tok when given).
func (c *caller) api(method, path, body, tok string) (int, []byte) {
	c.t.Helper()
	if tok == "" {
		tok = c.token
	}
	h := map[string]string{"x-api-key": DefaultAPIKey, "authorization": tok, "x-api-version": "1.0.0"}
	if body != "" {
		h["content-type"] = "application/json"
	}
	return c.do(method, path, body, h)
}

func (c *caller) session(s *Server) string {
	c.t.Helper()
	body := fmt.Sprintf(`{"username":"demo","gstin":%q}`, s.DemoTaxpayer())
	if st, b := c.api("POST", "/gst/compliance/tax-payer/otp", body, ""); st != 200 || !bytes.Contains(b, []byte(`"status_cd":"1"`)) {
		c.t.Fatalf("otp: %d %s", st, b)
	}
	_, b := c.api("POST", "/gst/compliance/tax-payer/otp/verify?otp="+DefaultOTP, body, "")
	var env struct {
		Data struct {
			AccessToken string `json:"access_token"`
		} `json:"data"`
	}
	json.Unmarshal(b, &env)
	if env.Data.AccessToken == "" {
		c.t.Fatalf("verify otp: %s", b)
	}
	return env.Data.AccessToken
}

// shape describes a JSON value by its keys and kinds, recursively; arrays by their first element.
func shape(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = shape(e)
		}
		return out
	case []any:
		if len(x) == 0 {
			return "array"
		}
		return []any{shape(x[0])}
	case float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "bool"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

func decode(t testing.TB, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not JSON: %v: %.200s", err, b)
	}
	return m
}

func example(t testing.TB, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "spec", "examples", name))
	if err != nil {
		b, err = os.ReadFile(filepath.Join("/work/shared/spec/examples", name))
	}
	if err != nil {
		t.Fatalf("example %s: %v", name, err)
	}
	return decode(t, b)
}

// envelopeShape is the shape with the top-level meta values dropped, so examples and answers compare.
func sameShape(t *testing.T, name string, got, want any) {
	t.Helper()
	if g, w := shape(got), shape(want); !reflect.DeepEqual(g, w) {
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		t.Errorf("%s: shape\n got %s\nwant %s", name, gb, wb)
	}
}

func dataData(m map[string]any) any { return m["data"].(map[string]any)["data"] }

func TestAnswersMatchExamples(t *testing.T) {
	s, c := newCaller(t, Options{PageSize: 500})
	// Whole answers whose registry entry is the example's own: same shape, same data.
	exact := []struct {
		example, path, body string
	}{
		{"verify-active.json", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV"}`},
		{"verify-cancelled.json", "/gst/compliance/public/gstin/verify", `{"gstin":"33EIUPS5109E1ZZ"}`},
		{"search-isd-additional-place.json", "/gst/compliance/public/gstin/search", `{"gstin":"27AACCA8432H2ZP"}`},
		{"search-nonresident.json", "/gst/compliance/public/gstin/search", `{"gstin":"9917SGP29002OSR"}`},
		{"search-no-records.json", "/gst/compliance/public/gstin/search", `{"gstin":"` + gstin.Make("29", "ZZZPZ9999Z", '1') + `"}`},
	}
	for _, tt := range exact {
		st, b := c.api("POST", tt.path, tt.body, "")
		got, want := decode(t, b), example(t, tt.example)
		if st != 200 {
			t.Errorf("%s: status %d", tt.example, st)
		}
		sameShape(t, tt.example, got, want)
		if !reflect.DeepEqual(got["data"], want["data"]) {
			t.Errorf("%s: data\n got %v\nwant %v", tt.example, got["data"], want["data"])
		}
	}
	// Answers of the same shape.
	var regular string
	for _, tp := range s.Taxpayers() {
		if tp.Type == "Regular" && tp.Status == "Active" && len(tp.Additional) == 0 && !tp.NonResident {
			regular = tp.GSTIN
			break
		}
	}
	_, b := c.api("POST", "/gst/compliance/public/gstin/search", `{"gstin":"`+regular+`"}`, "")
	sameShape(t, "search-active.json", decode(t, b), example(t, "search-active.json"))

	_, b = c.api("POST", "/gst/compliance/public/gstrs/preference?financial_year=FY%202025-26", `{"gstin":"27AAPFU0939F1ZV"}`, "")
	sameShape(t, "preference.json", decode(t, b), example(t, "preference.json"))

	st, b := c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"27AAPFU0939F1Z"}`, "")
	got, want := decode(t, b), example(t, "error-invalid-gstin.json")
	sameShape(t, "error-invalid-gstin.json", got, want)
	if st != 422 || got["message"] != want["message"] || got["code"] != want["code"] {
		t.Errorf("invalid gstin: %d %v", st, got)
	}

	st, b = c.do("POST", "/authenticate", "", map[string]string{"x-api-key": DefaultAPIKey, "x-api-secret": DefaultAPISecret})
	sameShape(t, "authenticate.json", decode(t, b), example(t, "authenticate.json"))

	body := fmt.Sprintf(`{"username":"demo","gstin":%q}`, s.DemoTaxpayer())
	c.api("POST", "/gst/compliance/tax-payer/otp", body, "")
	_, b = c.api("POST", "/gst/compliance/tax-payer/otp/verify?otp="+DefaultOTP, body, "")
	sameShape(t, "taxpayer-otp-verify.json", decode(t, b), example(t, "taxpayer-otp-verify.json"))

	// The changed list: a day with records in Gujarat, as in the example.
	found := false
	for d := 1; d <= 28 && !found; d++ {
		day := time.Date(2025, 10, d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
		_, b = c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"`+day+`","state_code":"24"}`, "")
		if m := decode(t, b); m["data"].(map[string]any)["status_cd"] == "1" {
			found = true
			sameShape(t, "changed-list.json", m, example(t, "changed-list.json"))
		}
	}
	if !found {
		t.Error("no day in October 2025 with changes in state 24")
	}
}

func TestGSTR2AMatchesExampleShape(t *testing.T) {
	s, c := newCaller(t, Options{Seed: 3, InvoicesPerMonth: 3000, EmptyPeriods: []string{}})
	tok := c.session(s)
	want := example(t, "gstr2a-b2ba-shape.json")
	wsup := dataData(want).(map[string]any)["b2ba"].([]any)[0].(map[string]any)
	winv := wsup["inv"].([]any)[0].(map[string]any)
	for _, k := range []string{"aspd", "atyp", "oidt", "oinum"} { // amendment-only keys
		delete(winv, k)
	}
	optionalInv := map[string]bool{"irn": true, "irngendate": true, "srctyp": true, "diff_percent": true}
	st, b := c.api("GET", "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", "", tok)
	if st != 200 {
		t.Fatalf("2A: %d %.300s", st, b)
	}
	got := decode(t, b)
	if got["data"].(map[string]any)["status_cd"] != "1" || got["code"] != 200.0 || got["transaction_id"] == "" {
		t.Fatalf("envelope %v", got["code"])
	}
	sups := dataData(got).(map[string]any)["b2b"].([]any)
	seen := map[string]int{}
	hex64 := regexp.MustCompile(`^[0-9a-f]{64}$`)
	for _, sv := range sups {
		sup := sv.(map[string]any)
		for k := range wsup {
			if _, ok := sup[k]; !ok {
				t.Fatalf("supplier lacks %q", k)
			}
		}
		if _, ok := sup["dtcancel"]; ok {
			seen["dtcancel"]++
		}
		ctin := sup["ctin"].(string)
		if _, err := gstin.Parse(ctin); err != nil {
			t.Errorf("ctin %s: %v", ctin, err)
		}
		for _, iv := range sup["inv"].([]any) {
			inv := iv.(map[string]any)
			for k := range inv {
				if _, ok := winv[k]; !ok && !optionalInv[k] {
					t.Errorf("invoice has unexpected key %q", k)
				}
				if optionalInv[k] {
					seen[k]++
				}
			}
			for k := range winv {
				if _, ok := inv[k]; !ok {
					t.Errorf("invoice lacks %q", k)
				}
			}
			seen["inv_typ="+inv["inv_typ"].(string)]++
			if !hex64.MatchString(inv["chksum"].(string)) {
				t.Errorf("chksum %v", inv["chksum"])
			}
			if d, err := time.Parse("02-01-2006", inv["idt"].(string)); err != nil || d.Month() != 9 || d.Year() != 2025 {
				t.Errorf("idt %v outside the period", inv["idt"])
			}
			_, hasIRN := inv["irn"]
			if _, ok := inv["irngendate"]; ok != hasIRN {
				t.Error("irn and irngendate must come together")
			}
			intra := inv["pos"] == ctin[:2] && !strings.HasPrefix(inv["inv_typ"].(string), "SEZ")
			sum := 0.0
			for _, itv := range inv["itms"].([]any) {
				it := itv.(map[string]any)
				sameShape(t, "item keys", map[string]any{"num": it["num"]}, map[string]any{"num": 1.0})
				det := it["itm_det"].(map[string]any)
				_, hasC := det["camt"]
				_, hasS := det["samt"]
				_, hasI := det["iamt"]
				if intra != (hasC && hasS && !hasI) || !intra != (hasI && !hasC && !hasS) {
					t.Errorf("pos %v supplier %s: item %v", inv["pos"], ctin[:2], det)
				}
				for _, k := range []string{"txval", "camt", "samt", "iamt", "csamt"} {
					if v, ok := det[k].(float64); ok {
						sum += v
					}
				}
			}
			if v := inv["val"].(float64); v < sum-0.05 || v > sum+0.05 {
				t.Errorf("val %v, items add up to %v", v, sum)
			}
		}
	}
	for _, k := range []string{"irn", "srctyp", "diff_percent", "inv_typ=R", "inv_typ=DE"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 3000 invoices (seen %v)", k, seen)
		}
	}
}

func TestGSTR2AFiltersEmptyAndAmend(t *testing.T) {
	s, c := newCaller(t, Options{Seed: 5, InvoicesPerMonth: 200, EmptyPeriods: []string{"072025"}})
	tok := c.session(s)
	path := "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/"
	_, base := c.api("GET", path+"09", "", tok)
	_, again := c.api("GET", path+"09", "", tok)
	if !bytes.Equal(dataPart(t, base), dataPart(t, again)) {
		t.Error("two pulls of the same period differ without an amendment")
	}
	if rev := s.Amend(2025, 9); rev != 1 || s.Revision(2025, 9) != 1 {
		t.Errorf("revision %d", rev)
	}
	_, amended := c.api("GET", path+"09", "", tok)
	if bytes.Equal(dataPart(t, base), dataPart(t, amended)) {
		t.Error("amended period is unchanged")
	}
	diff := invoiceDiff(t, base, amended)
	if diff < 2 || diff > 8 {
		t.Errorf("amendment changed %d invoices, want a few", diff)
	}
	for _, tt := range []struct{ path, code string }{
		{path + "07", "RET13509"}, // listed as empty
		{path + "12", "RET13509"}, // after Now
		{"/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2016/09", "RET13509"},
		{path + "09?counterparty_gstin=" + gstin.Make("29", "ZZZPZ9999Z", '1'), "RET13509"},
	} {
		st, b := c.api("GET", tt.path, "", tok)
		m := decode(t, b)
		d := m["data"].(map[string]any)
		if st != 200 || d["status_cd"] != "0" || d["error"].(map[string]any)["error_cd"] != tt.code || d["error"].(map[string]any)["message"] != "No data found" {
			t.Errorf("%s: %d %s", tt.path, st, b)
		}
	}
	st, b := c.api("GET", path+"09", "", c.token) // the API token is no taxpayer session
	if st != 200 || !bytes.Contains(b, []byte(`"AUTH4033"`)) {
		t.Errorf("API token on 2A: %d %s", st, b)
	}
}

func dataPart(t *testing.T, b []byte) []byte {
	t.Helper()
	m := decode(t, b)
	out, _ := json.Marshal(m["data"])
	return out
}

// invoiceDiff counts invoices added, removed or changed between two listings.
func invoiceDiff(t *testing.T, a, b []byte) int {
	index := func(body []byte) map[string]string {
		out := map[string]string{}
		for _, sv := range dataData(decode(t, body)).(map[string]any)["b2b"].([]any) {
			sup := sv.(map[string]any)
			for _, iv := range sup["inv"].([]any) {
				inv := iv.(map[string]any)
				out[sup["ctin"].(string)+"/"+inv["inum"].(string)] = inv["chksum"].(string)
			}
		}
		return out
	}
	x, y := index(a), index(b)
	n := 0
	for k, v := range x {
		if w, ok := y[k]; !ok || w != v {
			n++
		}
	}
	for k := range y {
		if _, ok := x[k]; !ok {
			n++
		}
	}
	return n
}

func TestServiceErrors(t *testing.T) {
	_, c := newCaller(t, Options{})
	key := map[string]string{"x-api-key": DefaultAPIKey}
	tests := []struct {
		name       string
		status     int
		body       []byte
		wantStatus int
		wantMsg    string
	}{}
	add := func(name string, wantStatus int, wantMsg string, st int, b []byte) {
		tests = append(tests, struct {
			name       string
			status     int
			body       []byte
			wantStatus int
			wantMsg    string
		}{name, st, b, wantStatus, wantMsg})
	}
	st, b := c.do("POST", "/authenticate", "", map[string]string{"x-api-key": DefaultAPIKey, "x-api-secret": "wrong"})
	add("bad secret", 401, "Unauthorized", st, b)
	st, b = c.do("POST", "/authenticate", "", map[string]string{"x-api-key": "key_test_other", "x-api-secret": DefaultAPISecret})
	add("bad key at sign-in", 401, "Unauthorized", st, b)
	st, b = c.do("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV"}`, map[string]string{"authorization": c.token})
	add("missing key", 403, "Missing API key", st, b)
	st, b = c.do("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV"}`, key)
	add("missing token", 403, "Missing access token", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV"}`, "forged.token.x")
	add("forged token", 403, "Invalid access token", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV","extra":1}`, "")
	add("extra property", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":`, "")
	add("malformed body", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":27}`, "")
	add("wrong type", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"2025-10-01","state_code":"27"}`, "")
	add("bad date", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"01-10-2025","state_code":"27","page":0}`, "")
	add("page 0", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/unregistered-applicants/validation", `{"enrolment_number":"X"}`, "")
	add("neither mobile nor email", 400, "Invalid request body", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstin/search", `{"gstin":"27AAPFU0939F1Z"}`, "")
	add("bad gstin", 422, "Invalid GSTIN pattern", st, b)
	st, b = c.api("POST", "/gst/compliance/public/gstrs/preference?financial_year=FY%202022-2", `{"gstin":"27AAPFU0939F1ZV"}`, "")
	add("bad financial year", 422, "Invalid financial year: FY 2022-2", st, b)
	st, b = c.api("POST", "/tds/calculator/salary/sync?financial_year=2025-26", `{"sheets":[]}`, "")
	add("tds financial year", 422, "Invalid financial year: 2025-26", st, b)
	st, b = c.api("POST", "/tds/calculator/salary/sync?financial_year=FY%202025-26", `{"sheets":[]}`, "")
	add("tds without engine", 503, "Service Unavailable", st, b)
	st, b = c.api("POST", "/gst/compliance/public/nothing", `{}`, "")
	add("unknown path", 404, "Not Found", st, b)
	st, b = c.api("GET", "/gst/compliance/public/gstin/search", "", "")
	add("wrong method", 405, "Method Not Allowed", st, b)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := decode(t, tt.body)
			if tt.status != tt.wantStatus || m["message"] != tt.wantMsg || m["code"] != float64(tt.wantStatus) {
				t.Errorf("got %d %s, want %d %q", tt.status, tt.body, tt.wantStatus, tt.wantMsg)
			}
			if id, _ := m["transaction_id"].(string); len(id) != 36 {
				t.Errorf("transaction_id %q", id)
			}
			if _, ok := m["timestamp"].(float64); !ok {
				t.Error("no numeric timestamp")
			}
		})
	}
}

func TestTokensExpire(t *testing.T) {
	now := fixedNow
	s, c := newCaller(t, Options{Now: func() time.Time { return now }})
	tok := c.session(s)
	now = now.Add(6*time.Hour + time.Second)
	if _, b := c.api("GET", "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", "", tok); !bytes.Contains(b, []byte("AUTH4033")) {
		t.Errorf("expired session: %s", b)
	}
	now = now.Add(18 * time.Hour)
	st, b := c.api("POST", "/gst/compliance/public/gstin/verify", `{"gstin":"24ABKCS2033B1ZV"}`, "")
	if st != 403 || !bytes.Contains(b, []byte("Access token expired")) {
		t.Errorf("expired token: %d %s", st, b)
	}
}

func TestRegistry(t *testing.T) {
	s := New(Options{Seed: 11, Taxpayers: 120})
	list := s.Taxpayers()
	if len(list) != 120 || len(s.KnownGSTINs()) != 120 || s.KnownGSTINs()[0] != s.DemoTaxpayer() {
		t.Fatalf("%d taxpayers", len(list))
	}
	statuses := map[string]int{}
	for _, tp := range list {
		g, err := gstin.Parse(tp.GSTIN)
		if err != nil {
			t.Errorf("%s: %v", tp.GSTIN, err)
		}
		if tp.LegalName == "" || tp.StateCode != g.StateCode || tp.RegDate.IsZero() {
			t.Errorf("incomplete %+v", tp)
		}
		if (tp.Status == "Cancelled") != !tp.CancelDate.IsZero() {
			t.Errorf("%s: status %s, cancel date %v", tp.GSTIN, tp.Status, tp.CancelDate)
		}
		if got, ok := s.Taxpayer(strings.ToLower(tp.GSTIN)); !ok || got.GSTIN != tp.GSTIN {
			t.Errorf("Taxpayer(%s) not found", tp.GSTIN)
		}
		statuses[tp.Status]++
	}
	if statuses["Cancelled"] < 3 || statuses["Suspended"] == 0 || statuses["Active"] < 80 {
		t.Errorf("statuses %v", statuses)
	}
	if len(s.Suppliers(s.DemoTaxpayer())) < 50 {
		t.Errorf("%d suppliers", len(s.Suppliers(s.DemoTaxpayer())))
	}
	for _, a := range s.Applicants() {
		if len(a.EnrolmentNumber) != 15 || a.Mobile == "" || a.Email == "" {
			t.Errorf("applicant %+v", a)
		}
	}
	// The same seed gives the same data, another seed other data.
	same := New(Options{Seed: 11, Taxpayers: 120})
	other := New(Options{Seed: 12, Taxpayers: 120})
	if !reflect.DeepEqual(same.KnownGSTINs(), s.KnownGSTINs()) || reflect.DeepEqual(other.KnownGSTINs(), s.KnownGSTINs()) {
		t.Error("registry is not determined by the seed")
	}
	p1, _ := s.GSTR2APayload(s.DemoTaxpayer(), 2025, 6, "", time.Time{})
	p2, _ := same.GSTR2APayload(s.DemoTaxpayer(), 2025, 6, "", time.Time{})
	if !bytes.Equal(p1, p2) {
		t.Error("GSTR-2A is not determined by the seed")
	}
}

func TestChangedListHashesKnownGSTINs(t *testing.T) {
	s, c := newCaller(t, Options{Seed: 2, Taxpayers: 200, PageSize: 1000})
	known := map[string]string{}
	for _, g := range s.KnownGSTINs() {
		known[gstin.MD5(g)] = g
	}
	hits := 0
	for d := 1; d <= 30; d++ {
		day := time.Date(2025, 9, d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
		for _, st := range []string{"27", "29", "33"} {
			_, b := c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"`+day+`","state_code":"`+st+`"}`, "")
			m := decode(t, b)
			if m["data"].(map[string]any)["status_cd"] != "1" {
				continue
			}
			for _, grp := range dataData(m).(map[string]any)["gstLst"].([]any) {
				for _, dv := range grp.(map[string]any)["gstdtls"].([]any) {
					h := dv.(map[string]any)["gstin"].(string)
					if !regexp.MustCompile(`^[a-f0-9]{32}$`).MatchString(h) {
						t.Fatalf("hash %q", h)
					}
					if known[h] != "" {
						hits++
					}
				}
			}
		}
	}
	if hits == 0 {
		t.Error("no known GSTIN ever shows up in the changed list")
	}
}

func TestPaging(t *testing.T) {
	_, c := newCaller(t, Options{PageSize: 7})
	for d := 1; d <= 28; d++ {
		day := time.Date(2025, 10, d, 0, 0, 0, 0, time.UTC).Format("02-01-2006")
		_, b := c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"`+day+`","state_code":"29","page":1}`, "")
		m := decode(t, b)
		if m["data"].(map[string]any)["status_cd"] != "1" {
			continue
		}
		p := dataData(m).(map[string]any)
		total, pages := int(p["totalCount"].(float64)), int(p["tpgcnt"].(float64))
		if pages != (total+6)/7 || pages < 2 || p["ismpg"] != "Y" {
			continue
		}
		_, b = c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"`+day+`","state_code":"29","page":`+strconv.Itoa(pages)+`}`, "")
		last := dataData(decode(t, b)).(map[string]any)
		if int(last["cnt"].(float64)) != total-(pages-1)*7 || int(last["cpgnum"].(float64)) != pages {
			t.Errorf("last page %v", last)
		}
		_, b = c.api("POST", "/gst/compliance/public/gstin/changed-list", `{"date":"`+day+`","state_code":"29","page":`+strconv.Itoa(pages+1)+`}`, "")
		if !bytes.Contains(b, []byte("FO8000")) {
			t.Errorf("page past the end: %s", b)
		}
		return
	}
	t.Error("no day with several pages")
}

func TestFaultKnobs(t *testing.T) {
	s, c := newCaller(t, Options{})
	verify := func() (int, []byte, http.Header) {
		req, _ := http.NewRequest("POST", c.url+"/gst/compliance/public/gstin/verify", strings.NewReader(`{"gstin":"24ABKCS2033B1ZV"}`))
		req.Header.Set("x-api-key", DefaultAPIKey)
		req.Header.Set("authorization", c.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, nil
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			return -1, b, resp.Header
		}
		return resp.StatusCode, b, resp.Header
	}
	s.SetFaults(Faults{RateLimit: 1, RateReset: 30 * time.Second})
	st, _, h := verify()
	if st != 429 || h.Get("X-RateLimit-Reset") != strconv.FormatInt(fixedNow.Add(30*time.Second).Unix(), 10) || h.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("429: %d %v", st, h)
	}
	if st, _, _ := verify(); st != 200 {
		t.Errorf("after the 429: %d", st)
	}
	s.SetFaults(Faults{ServerErrors: 1, ServerStatus: 504})
	if st, _, _ := verify(); st != 504 {
		t.Errorf("5xx fault gave %d", st)
	}
	s.SetFaults(Faults{Truncate: 1})
	if st, _, _ := verify(); st != -1 {
		t.Errorf("truncated answer read without error (%d)", st)
	}
	s.SetFaults(Faults{Malformed: 1})
	if st, b, _ := verify(); st != 200 || json.Valid(b) {
		t.Errorf("malformed: %d valid=%v", st, json.Valid(b))
	}
	s.SetFaults(Faults{BusinessError: 1, BusinessCode: "TEC4001", BusinessMessage: "OTP server down"})
	if _, b, _ := verify(); !bytes.Contains(b, []byte(`"status_cd":"0"`)) || !bytes.Contains(b, []byte("TEC4001")) {
		t.Errorf("forced status_cd 0: %s", b)
	}
	s.SetFaults(Faults{Hang: 1})
	done := make(chan int)
	go func() {
		cl := &http.Client{Timeout: 50 * time.Millisecond}
		req, _ := http.NewRequest("POST", c.url+"/gst/compliance/public/gstin/verify", strings.NewReader(`{"gstin":"24ABKCS2033B1ZV"}`))
		_, err := cl.Do(req)
		if err == nil {
			done <- 1
			return
		}
		done <- 0
	}()
	if <-done != 0 {
		t.Error("hung request answered")
	}
	if f := s.Faults(); f.Hang != 0 || f.RateLimit != 0 {
		t.Errorf("counters did not count down: %+v", f)
	}
	s.SetFaults(Faults{})
	if st, _, _ := verify(); st != 200 {
		t.Errorf("after faults: %d", st)
	}
	counts := s.Counts()
	if counts["/gst/compliance/public/gstin/verify"] != 8 || counts["/authenticate"] != 1 {
		t.Errorf("counts %v", counts)
	}
	if got := s.Paid("/gst/compliance/public/gstin/verify"); got != 5 { // 200s: first ok, truncated, malformed, business error, last
		t.Errorf("paid = %d, want 5", got)
	}
	keys := sortedKeys(counts)
	if !sort.StringsAreSorted(keys) || len(s.Requests()) != 9 {
		t.Errorf("recorded %d requests", len(s.Requests()))
	}
}

func TestTDSHook(t *testing.T) {
	var gotFY string
	_, c := newCaller(t, Options{TDS: func(fy string, wb json.RawMessage) (json.RawMessage, error) {
		gotFY = fy
		if !bytes.Contains(wb, []byte("salary_details_list")) {
			return nil, fmt.Errorf("Invalid workbook: no salary_details_list sheet")
		}
		return json.RawMessage(`{"name":"tds_on_salary","@entity":"workbook","sheets":[]}`), nil
	}})
	st, b := c.api("POST", "/tds/calculator/salary/sync?financial_year=FY%202025-26", `{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[]}]}`, "")
	m := decode(t, b)
	if st != 200 || gotFY != "FY 2025-26" || m["data"].(map[string]any)["name"] != "tds_on_salary" {
		t.Errorf("%d %s", st, b)
	}
	st, b = c.api("POST", "/tds/calculator/salary/sync?financial_year=FY%202025-26", `{"name":"x","sheets":[]}`, "")
	if st != 422 || !bytes.Contains(b, []byte("no salary_details_list")) {
		t.Errorf("engine error: %d %s", st, b)
	}
}

func TestApplicantOperations(t *testing.T) {
	s, c := newCaller(t, Options{})
	a := s.Applicants()[0]
	_, b := c.api("POST", "/gst/compliance/public/unregistered-applicants", `{"enrolment_number":"`+a.EnrolmentNumber+`"}`, "")
	d := dataData(decode(t, b)).(map[string]any)
	if d["name"] != a.Name || d["pan"] != a.PAN || d["authstatus"] != "A" {
		t.Errorf("applicant %v", d)
	}
	addr := d["addtls"].(map[string]any)
	for _, k := range []string{"bnm", "st", "loc", "pncd", "stcd", "dst", "cnty", "city"} {
		if s, _ := addr[k].(string); s == "" {
			t.Errorf("address lacks %s", k)
		}
	}
	_, b = c.api("POST", "/gst/compliance/public/unregistered-applicants/validation", `{"enrolment_number":"`+a.EnrolmentNumber+`","mobile":"`+a.Mobile+`","email":"x@y.in"}`, "")
	d = dataData(decode(t, b)).(map[string]any)
	if d["Enrolment Number"] != a.EnrolmentNumber || d["Mobile Number"] != "matched" || d["Email Address"] != "unmatched" {
		t.Errorf("validation %v", d)
	}
}

func BenchmarkGSTR2APayload100k(b *testing.B) {
	s := New(Options{Seed: 1, InvoicesPerMonth: 100_000, EmptyPeriods: []string{}, Now: func() time.Time { return fixedNow }})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Amend(2025, 9) // defeat the cache: generate afresh each time
		p, empty := s.GSTR2APayload(s.DemoTaxpayer(), 2025, 9, "", time.Time{})
		if empty {
			b.Fatal("empty")
		}
		b.SetBytes(int64(len(p)))
	}
}

// TestHostileFaultKnobs checks the faults of issue 13: a success without its payload, an empty
// GSTR-2A listing, text that is not UTF-8 and a redirect; each counts down and the service is
// well-behaved again after.
func TestHostileFaultKnobs(t *testing.T) {
	s, c := newCaller(t, Options{})
	const verifyPath = "/gst/compliance/public/gstin/verify"
	verify := func() (int, []byte) { return c.api("POST", verifyPath, `{"gstin":"24ABKCS2033B1ZV"}`, "") }

	s.SetFaults(Faults{EmptyData: 1})
	if st, b := verify(); st != 200 || !bytes.Contains(b, []byte(`"data":{"data":{},"status_cd":"1"}`)) {
		t.Errorf("empty data: %d %s", st, b)
	}
	if _, b := verify(); !bytes.Contains(b, []byte(`"legalName"`)) {
		t.Errorf("after empty data: %s", b)
	}

	s.SetFaults(Faults{InvalidUTF8: 1})
	st, b := verify()
	if st != 200 || utf8.Valid(b) || !bytes.Contains(b, []byte(`"data":{"data":{"bussNature":"`+"\xff\xfe")) {
		t.Errorf("invalid UTF-8: %d %q", st, b)
	}

	tok := c.session(s)
	path := "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09"
	s.SetFaults(Faults{EmptyB2B: 1})
	if _, b := c.api("GET", path, "", tok); !bytes.Contains(b, []byte(`"data":{"data":{"b2b":[]},"status_cd":"1"}`)) {
		t.Errorf("empty b2b: %s", b)
	}
	if _, b := c.api("GET", path, "", tok); !bytes.Contains(b, []byte(`"inum"`)) {
		t.Errorf("after empty b2b: %.200s", b)
	}

	s.SetFaults(Faults{Redirect: 1, RedirectTo: "http://elsewhere.example:8080/"})
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest("POST", c.url+verifyPath+"?x=1", strings.NewReader(`{"gstin":"24ABKCS2033B1ZV"}`))
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 307 || resp.Header.Get("Location") != "http://elsewhere.example:8080"+verifyPath+"?x=1" {
		t.Errorf("redirect: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if f := s.Faults(); f.EmptyData != 0 || f.EmptyB2B != 0 || f.InvalidUTF8 != 0 || f.Redirect != 0 {
		t.Errorf("counters did not count down: %+v", f)
	}
	if st, b := verify(); st != 200 || !utf8.Valid(b) {
		t.Errorf("after the faults: %d", st)
	}
}
