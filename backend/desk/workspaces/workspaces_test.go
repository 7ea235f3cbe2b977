package workspaces

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/export"
)

func openService(t testing.TB) *Service {
	t.Helper()
	c, _ := coretest.Open(t, nil)
	return New(c)
}

func TestWriteExport(t *testing.T) {
	s := openService(t)
	tbl := export.Table{Columns: []export.Column{{Key: "a"}}, Rows: [][]any{{"x"}}}
	p1, err := s.core.WriteExport("suppliers/2025", "csv", tbl)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := s.core.WriteExport("suppliers/2025", "csv", tbl)
	if err != nil {
		t.Fatal(err)
	}
	if p1 == p2 {
		t.Errorf("two exports share a path %s", p1)
	}
	if filepath.Dir(p1) != filepath.Join(s.core.DB.Dir, "exports") || !strings.HasPrefix(filepath.Base(p1), "suppliers-2025-") || !strings.HasSuffix(p1, ".csv") {
		t.Errorf("path = %s", p1)
	}
	b, _ := os.ReadFile(p1)
	if !strings.Contains(string(b), "x") {
		t.Errorf("content = %q", b)
	}
	if _, err := s.core.WriteExport("x", "pdf", tbl); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestInfoAndWorkspaces(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Demo || info.Workspace.Name == "" || info.DataDir != s.core.DB.Dir {
		t.Errorf("info = %+v", info)
	}
	ws, err := s.Create(ctx, Spec{Name: "Acme", GSTIN: "27AAPFU0939F1ZV", Environment: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if s.core.Workspace().ID != ws.ID {
		t.Error("creating a workspace did not switch to it")
	}
	info, _ = s.Info(ctx)
	if info.Demo || info.BaseURL != "https://test-api.sandbox.co.in" {
		t.Errorf("test workspace info = %+v", info)
	}
	if _, err := s.SaveCredentials("demo", "k", "s"); err == nil {
		t.Error("demo credentials accepted")
	}
}

func TestDemoClientAnswersFromTheSimulator(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	cl, err := s.core.Client(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v, err := cl.Verify(ctx, "27AAPFU0939F1ZV")
	if err != nil {
		t.Fatal(err)
	}
	if v.GSTIN != "27AAPFU0939F1ZV" || v.LegalName == "" {
		t.Errorf("verify = %+v", v)
	}
	again, _ := s.core.Client(ctx)
	if again != cl {
		t.Error("the client was not reused")
	}
	if !s.Online(ctx) {
		t.Error("the demo service is not reachable")
	}
}

func TestClientNeedsCredentialsOutsideDemo(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	if _, err := s.Create(ctx, Spec{Name: "Real client", GSTIN: "29AAFCD5862R1ZR", Environment: "production"}); err != nil {
		t.Fatal(err)
	}
	_, err := s.core.Client(ctx)
	if err == nil || !strings.Contains(err.Error(), "No API key for the production environment") {
		t.Errorf("Client without a key = %v", err)
	}
}
