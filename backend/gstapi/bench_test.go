package gstapi

import (
	"context"
	"net/http"
	"testing"
	"time"

	"gstdesk/backend/gstapi/gstapitest"
)

// bench2A returns a client signed in to a simulator whose September 2025 has n invoices.
func bench2A(b *testing.B, n int) (*Client, string) {
	b.Helper()
	now := func() time.Time { return time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC) }
	s, ts := gstapitest.NewServer(b, gstapitest.Options{Seed: 1, InvoicesPerMonth: n, EmptyPeriods: []string{}, Now: now})
	c, err := NewClient(Config{BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey, HTTPClient: ts.Client(), RatePerMinute: -1, Now: now,
		Tokens: NewAuthenticator(ts.Client(), ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if err := c.RequestOTP(ctx, "bench", s.DemoTaxpayer()); err != nil {
		b.Fatal(err)
	}
	sess, err := c.VerifyOTP(ctx, "bench", s.DemoTaxpayer(), gstapitest.DefaultOTP)
	if err != nil {
		b.Fatal(err)
	}
	return c, sess.Token
}

// BenchmarkGSTR2A100k pulls a 100k-invoice period through HTTP and the envelope decoding (the
// simulator serves its cached listing, so this is transfer + client decoding).
func BenchmarkGSTR2A100k(b *testing.B) {
	c, tok := bench2A(b, 100_000)
	ctx := context.Background()
	first, err := c.GSTR2AB2B(ctx, tok, GSTR2ARequest{Year: 2025, Month: 9})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(first.Raw)))
	b.ReportAllocs()
	for b.Loop() {
		r, err := c.GSTR2AB2B(ctx, tok, GSTR2ARequest{Year: 2025, Month: 9})
		if err != nil || r.Empty || len(r.Raw) != len(first.Raw) {
			b.Fatalf("%v %v", err, r.Empty)
		}
	}
}

// BenchmarkDecode2A100k measures only the client's decoding of a 100k-invoice answer body:
// envelope, status_cd and the raw passthrough of data.data.
func BenchmarkDecode2A100k(b *testing.B) {
	c, tok := bench2A(b, 100_000)
	cl := call{op: "the GSTR-2A download", method: http.MethodGet, path: "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", bearer: tok}
	_, _, body, err := c.attempt(context.Background(), cl, tok)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		resp, err := c.decode(cl, 200, body)
		if err != nil {
			b.Fatal(err)
		}
		raw, _, err := resp.payload(cl)
		if err != nil || len(raw) == 0 {
			b.Fatal(err)
		}
	}
}
