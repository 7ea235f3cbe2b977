package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/returns"
)

// newTestApp builds the real App over a temporary data folder and the demo simulator, as the
// window does at startup (without a window: events go nowhere).
func newTestApp(t *testing.T) *App {
	return newTestAppAt(t, t.TempDir())
}

// newTestAppAt is newTestApp over the data folder dir.
func newTestAppAt(t *testing.T, dir string) *App {
	t.Helper()
	keyring.MockInit()
	ctx := context.Background()
	a := NewApp(slog.New(slog.DiscardHandler))
	d, err := desk.Start(ctx, desk.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	a.shell.ctx, a.shell.d = ctx, d
	return a
}

func TestAppBoundMethods(t *testing.T) {
	a := newTestApp(t)
	info, err := a.Workspaces.Info()
	if err != nil || !info.Demo || !strings.HasPrefix(info.BaseURL, "http://127.0.0.1:") {
		t.Fatalf("Info = %+v, %v", info, err)
	}
	d, err := a.Lookups.LookupGSTIN("27AAPFU0939F1ZV", false)
	if err != nil || d.LegalName == "" {
		t.Fatalf("LookupGSTIN = %+v, %v", d, err)
	}
	if _, err := a.Lookups.LookupGSTIN("27AAPFU0939F1ZX", false); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("invalid GSTIN error = %v", err)
	}
	s, err := a.Workspaces.Settings()
	if err != nil {
		t.Fatal(err)
	}
	s.BaseURL = "http://example.in"
	if _, err := a.Workspaces.SaveSettings("Demo", "", s); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("plain-http base URL accepted: %v", err)
	}
	if err := a.Returns.RequestOTP("demo", ""); err != nil {
		t.Fatal(err)
	}
	if v, err := a.Returns.VerifyOTP("demo", "", "575757"); err != nil || !v.Active {
		t.Fatalf("VerifyOTP = %+v, %v", v, err)
	}
	id, err := a.Returns.StartPull(returns.PullRequest{Periods: []string{"2025-04"}})
	if err != nil || id == "" {
		t.Fatalf("StartPull = %q, %v", id, err)
	}
	if _, err := a.shell.d.Core.WaitJob(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	res, err := a.Returns.PullResults(id)
	if err != nil || len(res) != 1 || res[0].Error != nil {
		t.Fatalf("PullResults = %+v, %v", res, err)
	}
	dash, err := a.Overview.Dashboard()
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

// TestChooseFileKinds: every kind a screen imports has its Open dialog (title and the files it
// lists); a kind gstdesk does not import is refused before any dialog opens.
func TestChooseFileKinds(t *testing.T) {
	for _, kind := range []string{"payroll", "register", "portal", "gstins"} {
		if title, display, pattern, ok := openKind(kind); !ok || title == "" || display == "" || pattern == "" {
			t.Errorf("%s: no Open dialog", kind)
		}
	}
	if _, err := (&Files{&shell{}}).ChooseFile("pdf"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("kind pdf: %v, want refused", err)
	}
}
