package backup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/backup"
	"gstdesk/backend/desk/core/coretest"
)

// TestTargetSwappedIntoTheDataFolderIsRefusedAtEveryUse: a folder target added at a good place,
// whose link is then swapped to lead into the live data folder, is refused by every use of it
// (the table: a new use of a target joins it), and nothing is written inside the data folder.
func TestTargetSwappedIntoTheDataFolderIsRefusedAtEveryUse(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	s := New(c)
	outside := t.TempDir()
	link := filepath.Join(t.TempDir(), "nas")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTarget(ctx, TargetSpec{Target: backup.Target{Name: "nas", Kind: backup.KindFolder, Path: link}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Sync(ctx); err != nil {
		t.Fatalf("sync to the good place: %v", err)
	}
	inside := filepath.Join(c.DB.Dir, "inside")
	if err := os.Mkdir(inside, 0o700); err != nil {
		t.Fatal(err)
	}
	os.Remove(link)
	if err := os.Symlink(inside, link); err != nil {
		t.Fatal(err)
	}
	refused := func(err error) bool { return err != nil && strings.Contains(err.Error(), "the data folder") }
	uses := []struct {
		name string
		use  func() error
	}{
		{"sync", func() error { _, err := s.Sync(ctx); return err }},
		{"verify", func() error { _, err := s.Verify(ctx, "nas"); return err }},
		{"points", func() error { _, err := s.Points(ctx, "nas"); return err }},
		{"restore", func() error {
			_, err := s.Restore(ctx, "nas", filepath.Join(t.TempDir(), "r"), time.Time{})
			return err
		}},
		{"sizes", func() error { _, err := s.Sizes(ctx); return err }},
		{"check", func() error { return s.CheckTargets(ctx) }},
		{"status", func() error {
			st, err := s.Status(ctx)
			if err != nil {
				return err
			}
			if st.Targets[0].State != backup.StateFailing {
				return nil
			}
			return &statusError{st.Targets[0].Error}
		}},
	}
	for _, u := range uses {
		if err := u.use(); !refused(err) {
			t.Errorf("%s through a link swapped into the data folder: %v, want a refusal naming the data folder", u.name, err)
		}
	}
	if entries, _ := os.ReadDir(inside); len(entries) != 0 {
		t.Errorf("the replica was written inside the data folder: %v", entries)
	}
}

type statusError struct{ msg string }

func (e *statusError) Error() string { return e.msg }
