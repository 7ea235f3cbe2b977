package export

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFolderNamesAreUnique(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old.pdf"), []byte("before"), 0o600)
	f, err := OpenFolder(dir, false, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	w := func(s string) func(io.Writer) error {
		return func(out io.Writer) error { _, err := io.WriteString(out, s); return err }
	}
	// Names that one file system takes for one (case aside) are written apart, never over each other.
	for i, name := range []string{"A_1.pdf", "a_1.pdf", "A_1.pdf", "old.pdf"} {
		if _, err := f.Write(name, w(strings.Repeat("x", i+1))); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 5 || len(f.Written) != 4 { // old.pdf and the four written
		t.Errorf("%d files in the folder, %d written, want 4: %v", len(entries), len(f.Written), f.Written)
	}
	if len(f.Renamed) != 3 { // a_1 -> a_1-2, A_1 -> A_1-3, old -> old-2 (not replaced)
		t.Errorf("renamed %v", f.Renamed)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "old.pdf")); string(b) != "before" {
		t.Error("a file already there was replaced without Replace")
	}
	f2, _ := OpenFolder(dir, false, 0o600)
	f2.Replace = true
	if _, err := f2.Write("old.pdf", w("new")); err != nil || len(f2.Replaced) != 1 {
		t.Errorf("replace: %v %v", err, f2.Replaced)
	}
	if _, err := OpenFolder(filepath.Join(dir, "none"), false, 0o600); err == nil {
		t.Error("a folder that does not exist was taken")
	}
}

func TestCheckFileName(t *testing.T) {
	for _, bad := range []string{"", strings.Repeat("a", 300) + ".pdf", "a/b.pdf", "a:b.pdf", "CON.pdf", "nul", "x.", "x ", "a\x01b"} {
		if CheckFileName(bad) == nil {
			t.Errorf("%q taken", bad)
		}
	}
	for _, good := range []string{"Form16-PartB-A_1-2025-26.pdf", "27AAPFU0939F1ZV.xlsx", "console.pdf"} {
		if err := CheckFileName(good); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
}
