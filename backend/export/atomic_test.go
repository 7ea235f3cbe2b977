package export

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// leftovers lists the files of dir other than the ones named.
func leftovers(t *testing.T, dir string, keep ...string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		found := false
		for _, k := range keep {
			found = found || e.Name() == k
		}
		if !found {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestWriteFileAtomic: a failed write leaves the previous complete file (or none) and no temporary
// file; a successful one replaces it whole and keeps the mode it had.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.csv")
	boom := errors.New("interrupted")

	// Nothing there: a failure leaves nothing.
	err := WriteFileAtomic(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half a rep")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the write's error", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after a failed first write the file exists (%v)", err)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind %q", l)
	}

	if err := WriteFileAtomic(path, 0o644, writeString("complete,1\n")); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		os.Chmod(path, 0o640)
	}
	// A failure halfway through leaves the previous complete file.
	err = WriteFileAtomic(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "trunc")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "complete,1\n" {
		t.Errorf("after a failed write the file holds %q, want the previous one", b)
	}
	if err := WriteFileAtomic(path, 0o644, writeString("second,2\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "second,2\n" {
		t.Errorf("file holds %q", b)
	}
	if runtime.GOOS != "windows" {
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
			t.Errorf("mode %04o, want the file's own 0640 kept", st.Mode().Perm())
		}
	}
	if l := leftovers(t, dir, "report.csv"); len(l) != 0 {
		t.Errorf("left behind %q", l)
	}
}

// TestAtomicFileNotVisibleUntilCommit: while being written (a process killed now) the destination
// is the previous file, and the bytes so far are only in a temporary file of the same folder.
func TestAtomicFileNotVisibleUntilCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.xlsx")
	a, err := CreateAtomic(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("partial"))
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("destination visible before Commit (%v)", err)
	}
	l := leftovers(t, dir)
	if len(l) != 1 || !strings.HasPrefix(l[0], tempPrefix) {
		t.Errorf("folder holds %q, want one temporary file", l)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	a.Abort() // after Commit: nothing
	if b, _ := os.ReadFile(path); string(b) != "partial" {
		t.Errorf("committed %q", b)
	}
}

// TestCommitNewNeverReplaces: an export's name taken since is reported, and another name is used.
func TestCommitNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.csv")
	os.WriteFile(path, []byte("someone else's"), 0o600)
	a, err := CreateAtomic(path, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Abort()
	a.Write([]byte("mine"))
	if err := a.CommitNew(); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("CommitNew over a file: %v, want ErrExist", err)
	}
	if err := a.Retarget(filepath.Join(dir, "e-2.csv")); err != nil {
		t.Fatal(err)
	}
	if err := a.CommitNew(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "someone else's" {
		t.Errorf("the taken file became %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "e-2.csv")); string(b) != "mine" {
		t.Errorf("e-2.csv = %q", b)
	}
	if l := leftovers(t, dir, "e.csv", "e-2.csv"); len(l) != 0 {
		t.Errorf("left behind %q", l)
	}
}

func TestCheckDestination(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, nil, 0o600)
	tests := []struct {
		path string
		ok   bool
		want string
	}{
		{filepath.Join(dir, "new.csv"), true, ""},
		{file, true, ""},
		{filepath.Join(dir, "missing", "x.csv"), false, "does not exist"},
		{dir, false, "is a folder"},
		{filepath.Join(file, "x.csv"), false, "not a folder"},
	}
	for _, tt := range tests {
		err := CheckDestination(tt.path)
		if (err == nil) != tt.ok || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("CheckDestination(%s) = %v, want ok=%v %q", tt.path, err, tt.ok, tt.want)
		}
	}
	if _, err := CreateAtomic(filepath.Join(dir, "missing", "x.csv"), 0o644); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("CreateAtomic in a missing folder: %v", err)
	}
}

// TestWriteFileAtomicToDevice: a destination that is not a regular file (--out /dev/stdout, a
// pipe) is written directly and never replaced by a file.
func TestWriteFileAtomicToDevice(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no /dev/null on Windows")
	}
	if err := WriteFileAtomic(os.DevNull, 0o644, writeString("x")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode().IsRegular() {
		t.Errorf("%s became a regular file (%v)", os.DevNull, err)
	}
}
