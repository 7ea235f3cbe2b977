package store

import (
	"context"
	"errors"
	"gstdesk/backend/apperr"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func openTemp(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenAppliesMigrationsOnce(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	first, err := db.AppliedMigrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	migs, _ := loadMigrations()
	if len(first) != len(migs) {
		t.Fatalf("applied %v, want %d migrations", first, len(migs))
	}
	db.Close()
	db, err = Open(ctx, dir) // second open must not re-run anything
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	second, _ := db.AppliedMigrations(ctx)
	if len(second) != len(first) {
		t.Errorf("after reopen applied = %v, want %v", second, first)
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); err != nil {
		t.Errorf("database file missing: %v", err)
	}
}

func TestPragmas(t *testing.T) {
	db := openTemp(t)
	var mode string
	var fk, timeout int
	db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk)
	db.QueryRow(`PRAGMA busy_timeout`).Scan(&timeout)
	if mode != "wal" || fk != 1 || timeout != 5000 {
		t.Errorf("journal_mode=%s foreign_keys=%d busy_timeout=%d, want wal 1 5000", mode, fk, timeout)
	}
}

func TestDataDirOverride(t *testing.T) {
	t.Setenv("GSTDESK_DATA_DIR", "/tmp/somewhere")
	got, err := DataDir()
	if err != nil || got != "/tmp/somewhere" {
		t.Errorf("DataDir = %q, %v", got, err)
	}
	t.Setenv("GSTDESK_DATA_DIR", "")
	got, err = DataDir()
	if err != nil || filepath.Base(got) != "gstdesk" {
		t.Errorf("DataDir default = %q, %v", got, err)
	}
}

func TestWorkspacesOpenOnLastUsed(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	demo, err := db.CurrentWorkspace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if demo.Name != DemoWorkspaceName || demo.Environment != EnvDemo {
		t.Fatalf("first start workspace = %+v", demo)
	}
	time.Sleep(2 * time.Millisecond)
	acme, err := db.CreateWorkspace(ctx, Workspace{Name: " Acme Traders ", GSTIN: "27aapfu0939f1zv", Environment: EnvTest})
	if err != nil {
		t.Fatal(err)
	}
	if acme.Name != "Acme Traders" || acme.GSTIN != "27AAPFU0939F1ZV" {
		t.Errorf("created = %+v, want trimmed name and upper-case GSTIN", acme)
	}
	cur, _ := db.CurrentWorkspace(ctx)
	if cur.ID != acme.ID {
		t.Errorf("current = %s, want the newly created %s", cur.Name, acme.Name)
	}
	time.Sleep(2 * time.Millisecond)
	if _, err := db.UseWorkspace(ctx, demo.ID); err != nil {
		t.Fatal(err)
	}
	cur, _ = db.CurrentWorkspace(ctx)
	if cur.ID != demo.ID {
		t.Errorf("current = %s, want demo after switching", cur.Name)
	}
	all, _ := db.Workspaces(ctx)
	if len(all) != 2 {
		t.Errorf("workspaces = %d, want 2", len(all))
	}
}

func TestWorkspaceValidation(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	tests := []Workspace{
		{Name: "", Environment: EnvDemo},
		{Name: "x", Environment: "staging"},
	}
	for _, w := range tests {
		if _, err := db.CreateWorkspace(ctx, w); err == nil {
			t.Errorf("CreateWorkspace(%+v) succeeded, want an error", w)
		}
	}
	if _, err := db.UseWorkspace(ctx, "nope"); err == nil {
		t.Error("UseWorkspace(unknown) succeeded")
	}
}

func TestSettings(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	v, _ := db.Setting(ctx, "", "cache_days", "7")
	if v != "7" {
		t.Errorf("default = %q", v)
	}
	db.SetSetting(ctx, "", "cache_days", "3")
	db.SetSetting(ctx, "", "cache_days", "5")
	v, _ = db.Setting(ctx, "", "cache_days", "7")
	if v != "5" {
		t.Errorf("after update = %q, want 5", v)
	}
}

// TestFormatTimeSortsAsTime: text order of stored times is time order, whatever their fraction.
func TestFormatTimeSortsAsTime(t *testing.T) {
	base := time.Date(2026, 11, 22, 4, 25, 26, 0, time.UTC)
	times := []time.Time{base, base.Add(230 * time.Millisecond), base.Add(233 * time.Millisecond),
		base.Add(233*time.Millisecond + 1), base.Add(time.Second), base.In(time.FixedZone("IST", 19800)).Add(2 * time.Second)}
	for i := 1; i < len(times); i++ {
		a, b := FormatTime(times[i-1]), FormatTime(times[i])
		if !(a < b) {
			t.Errorf("%s should sort before %s", a, b)
		}
		back, err := time.Parse(time.RFC3339Nano, b)
		if err != nil || !back.Equal(times[i]) {
			t.Errorf("%s parses back as %v, %v; want %v", b, back, err, times[i])
		}
	}
}

// TestAttachedIsForgottenOnClose: what a domain attaches to an open database goes with it.
func TestAttachedIsForgottenOnClose(t *testing.T) {
	db, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	mk := func() *int { made++; v := made; return &v }
	a := Attached(db.DB, "k", mk)
	if b := Attached(db.DB, "k", mk); a != b || made != 1 {
		t.Fatalf("a second use made another value (%d made)", made)
	}
	key := db.DB
	db.Close()
	if _, ok := attached.Load(key); ok {
		t.Error("the attachments of a closed database are kept")
	}
}

// TestOpenSaysAFileThatIsNotADatabase: a file written over the database (a CSV, say) is named
// with what to do, never "something went wrong inside gstdesk".
func TestOpenSaysAFileThatIsNotADatabase(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gstdesk.db"), []byte("period,igst\n2025-10,1800.00\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), dir)
	if err == nil || apperr.KindOf(err) == apperr.Internal || !strings.Contains(apperr.Command.Public(err).Message, "is not a readable gstdesk database") {
		t.Fatalf("err = %v", err)
	}
}

// TestKept: a value is read once; past the weight the least recently used goes, never the one
// just read; a failed read keeps nothing.
func TestKept(t *testing.T) {
	k := NewKept[string](10)
	reads := 0
	read := func(v string, w int) func() (string, int, error) {
		return func() (string, int, error) { reads++; return v, w, nil }
	}
	k.Get("a", read("A", 4))
	k.Get("b", read("B", 4))
	if v, _ := k.Get("a", read("x", 4)); v != "A" || reads != 2 {
		t.Fatalf("a read again: %q, %d reads", v, reads)
	}
	k.Get("c", read("C", 4)) // 12 > 10: b, the least recently used, goes
	if v, _ := k.Get("b", read("B2", 4)); v != "B2" {
		t.Errorf("b kept past the weight: %q", v)
	}
	if v, _ := k.Get("big", read("BIG", 50)); v != "BIG" {
		t.Errorf("a value heavier than the whole is still returned: %q", v)
	}
	if _, err := k.Get("bad", func() (string, int, error) { return "", 0, errors.New("no") }); err == nil {
		t.Error("a failed read answered")
	}
	if v, _ := k.Get("bad", read("ok", 1)); v != "ok" {
		t.Errorf("a failed read was kept: %q", v)
	}
}
