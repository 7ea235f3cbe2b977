package infile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

// endless is a reader that never ends, as /dev/zero or a pipe fed forever.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

func TestReadAllCountsBytes(t *testing.T) {
	for _, size := range []int64{-1, 0, 10} { // what a pipe, /dev/zero and a lying size report
		_, err := ReadAll(endless{}, "in", size, 1000, "split it")
		if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "larger than") || !strings.Contains(err.Error(), "split it") {
			t.Errorf("size %d: %v", size, err)
		}
	}
	for _, n := range []int{0, 1, 999, 1000} {
		got, err := ReadAll(bytes.NewReader(bytes.Repeat([]byte("x"), n)), "in", -1, 1000, "")
		if err != nil || len(got) != n {
			t.Errorf("%d bytes: %d, %v", n, len(got), err)
		}
	}
	if _, err := ReadAll(bytes.NewReader(make([]byte, 1001)), "in", 1001, 1000, ""); err == nil {
		t.Error("1001 bytes taken under a limit of 1000")
	}
	r := Limit(endless{}, "in", 100, "")
	if _, err := io.ReadAll(r); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("Limit: %v", err)
	}
}

func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := Read(dir, 10, ""); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder: %v", err)
	}
	if _, err := Read(filepath.Join(dir, "none.csv"), 10, ""); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing: %v", err)
	}
	big := filepath.Join(dir, "big.csv")
	os.WriteFile(big, make([]byte, 11), 0o600)
	if _, err := Read(big, 10, ""); err == nil || !errors.Is(err, err) || !strings.Contains(err.Error(), "larger than 10 bytes") {
		t.Errorf("big: %v", err)
	}
	ok := filepath.Join(dir, "ok.csv")
	os.WriteFile(ok, []byte("a,b\n"), 0o600)
	if b, err := Read(ok, 10, ""); err != nil || string(b) != "a,b\n" {
		t.Errorf("ok: %q %v", b, err)
	}
}
