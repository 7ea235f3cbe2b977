package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
)

// newTestApp builds the real App over a temporary data folder and the demo simulator, as the
// window does at startup (without a window: events go nowhere).
func newTestApp(t *testing.T) *App {
	t.Helper()
	keyring.MockInit()
	ctx := context.Background()
	svc, err := desk.Start(ctx, desk.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	return &App{ctx: ctx, log: slog.New(slog.DiscardHandler), svc: svc}
}

func TestAppBoundMethods(t *testing.T) {
	a := newTestApp(t)
	info, err := a.Info()
	if err != nil || !info.Demo || !strings.HasPrefix(info.BaseURL, "http://127.0.0.1:") {
		t.Fatalf("Info = %+v, %v", info, err)
	}
	d, err := a.LookupGSTIN("27AAPFU0939F1ZV", false)
	if err != nil || d.LegalName == "" {
		t.Fatalf("LookupGSTIN = %+v, %v", d, err)
	}
	if _, err := a.LookupGSTIN("27AAPFU0939F1ZX", false); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("invalid GSTIN error = %v", err)
	}
	s, err := a.Settings()
	if err != nil {
		t.Fatal(err)
	}
	s.BaseURL = "http://example.in"
	if _, err := a.SaveSettings("Demo", "", s); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("plain-http base URL accepted: %v", err)
	}
	if err := a.RequestOTP("demo", ""); err != nil {
		t.Fatal(err)
	}
	if v, err := a.VerifyOTP("demo", "", "575757"); err != nil || !v.Active {
		t.Fatalf("VerifyOTP = %+v, %v", v, err)
	}
	id, err := a.StartPull(desk.PullRequest{Periods: []string{"2025-04"}})
	if err != nil || id == "" {
		t.Fatalf("StartPull = %q, %v", id, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, done, err := a.svc.Job(id)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the pull job did not finish")
		}
		time.Sleep(10 * time.Millisecond)
	}
	res, err := a.PullResults(id)
	if err != nil || len(res) != 1 || res[0].Error != nil {
		t.Fatalf("PullResults = %+v, %v", res, err)
	}
	dash, err := a.Dashboard()
	if err != nil || len(dash.Periods) != 1 || dash.Periods[0].Period != "2025-04" {
		t.Errorf("Dashboard periods = %+v, %v", dash.Periods, err)
	}
}

// TestFormatError checks what a rejected promise carries: {kind, message} as JSON text, with the
// detail of internal errors kept out.
func TestFormatError(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	tests := []struct {
		err      error
		wantKind string
		wantMsg  string
	}{
		{apperr.New(apperr.NotFound, "No records found for 27AAPFU0939F1ZV."), "not_found", "No records found for 27AAPFU0939F1ZV."},
		{errors.New("sql: database is locked at /secret/path"), "internal", "Something went wrong inside gstdesk. The details are in the log."},
	}
	for _, tt := range tests {
		out, ok := formatError(log, tt.err).(string)
		if !ok {
			t.Fatalf("formatError returned %T, want JSON text", out)
		}
		var got struct{ Kind, Message string }
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%q is not JSON", out)
		}
		if got.Kind != tt.wantKind || got.Message != tt.wantMsg {
			t.Errorf("formatError(%v) = %+v", tt.err, got)
		}
	}
}
