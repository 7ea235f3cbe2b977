package export

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestGuard(t *testing.T) {
	data := t.TempDir()
	other := t.TempDir()
	db := filepath.Join(data, "gstdesk.db")
	in := filepath.Join(other, "pay.csv")
	for _, p := range []string{db, in} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(other, "link.csv")
	os.Symlink(db, link)
	dirLink := filepath.Join(other, "d")
	os.Symlink(data, dirLink)
	hard := filepath.Join(other, "hard.csv")
	os.Link(in, hard)
	g := &Guard{Dirs: []string{data}, Reads: []string{in}}
	for _, c := range []struct {
		path    string
		refused bool
	}{
		{db, true},
		{filepath.Join(data, "new.csv"), true},
		{filepath.Join(data, "sub", "new.csv"), true},
		{link, true},
		{filepath.Join(dirLink, "gstdesk.db"), true},
		{filepath.Join(dirLink, "x", "y.csv"), true},
		{filepath.Join(other, "..", filepath.Base(other), "pay.csv"), true},
		{in, true},
		{hard, true},
		{filepath.Join(other, "out.csv"), false},
		{data + "-other/out.csv", false},
	} {
		err := g.Check(c.path)
		if (err != nil) != c.refused || (err != nil && !errors.Is(err, ErrProtected)) {
			t.Errorf("Check(%s) = %v, refused want %v", c.path, err, c.refused)
		}
	}
	if err := g.CheckFolder(dirLink); err == nil {
		t.Error("a folder linked into the data folder is accepted")
	}
	if err := g.CheckFolder(other); err != nil {
		t.Errorf("a folder outside: %v", err)
	}
	var none *Guard
	if none.Check(db) != nil || none.CheckFolder(data) != nil {
		t.Error("the nil guard refuses")
	}
	// A Folder with a guard writes nothing it refuses.
	f, err := OpenFolder(dirLink, false, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.Guard = g
	if _, err := f.Write("a.csv", func(w io.Writer) error { _, err := w.Write([]byte("y")); return err }); err == nil {
		t.Error("Folder wrote into the data folder")
	}
	if _, err := os.Stat(filepath.Join(data, "a.csv")); err == nil {
		t.Error("a.csv is in the data folder")
	}
}
