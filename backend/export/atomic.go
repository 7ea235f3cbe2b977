package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// AtomicFile is a file being written in place of another: its bytes go to a temporary file in the
// destination's folder, and Commit syncs it to the disk and renames it over the destination. Until
// Commit the destination is untouched, so after an error, Ctrl-C or kill -9 it is either absent or
// the previous complete file, never a truncated one that looks finished. Every file gstdesk writes
// (--out, exports from the window, templates, kept registers) is written through one.
type AtomicFile struct {
	f    *os.File
	path string
	perm fs.FileMode
	done bool
	// direct is set for a destination that is not a regular file (a pipe, /dev/stdout): there is
	// nothing to replace, so the bytes go straight to it.
	direct bool
}

// tempPrefix starts the name of every temporary file, so one a killed process left behind is
// recognisable (".gstdesk-tmp-report.csv-123456").
const tempPrefix = ".gstdesk-tmp-"

// CreateAtomic starts writing path. A new file gets perm; a file that exists keeps its own mode.
// The folder must exist: it is not created, so a mistyped --out folder is an error.
func CreateAtomic(path string, perm fs.FileMode) (*AtomicFile, error) {
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a folder, not a file", path)
		}
		if !st.Mode().IsRegular() {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return nil, err
			}
			return &AtomicFile{f: f, path: path, direct: true}, nil
		}
		perm = st.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, tempPrefix+base+"-*")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("the folder %s does not exist", dir)
		}
		return nil, err
	}
	return &AtomicFile{f: f, path: path, perm: perm}, nil
}

// Write writes to the temporary file.
func (a *AtomicFile) Write(p []byte) (int, error) { return a.f.Write(p) }

// Path is the destination.
func (a *AtomicFile) Path() string { return a.path }

// Commit makes the written bytes the destination: sync, set the mode, close, rename, and sync the
// folder so the rename itself survives a power cut.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("export: file already committed or abandoned")
	}
	a.done = true
	if a.direct {
		return a.f.Close()
	}
	tmp := a.f.Name()
	err := a.f.Sync()
	if err == nil && runtime.GOOS != "windows" {
		err = a.f.Chmod(a.perm)
	}
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, a.path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(a.path))
	return nil
}

// CommitNew is Commit for a destination that must not exist yet (a new export's name): it never
// replaces a file, and reports fs.ErrExist when path is taken, leaving the written bytes for
// another try with Retarget. It links the temporary file to path, which fails rather than
// replaces; where links are not supported it renames after checking path is free.
func (a *AtomicFile) CommitNew() error {
	if a.done {
		return errors.New("export: file already committed or abandoned")
	}
	if a.direct {
		return fs.ErrExist
	}
	if err := a.f.Sync(); err != nil {
		return err
	}
	if runtime.GOOS != "windows" {
		if err := a.f.Chmod(a.perm); err != nil {
			return err
		}
	}
	tmp := a.f.Name()
	err := os.Link(tmp, a.path)
	switch {
	case err == nil:
		a.done = true
		a.f.Close()
		os.Remove(tmp)
	case errors.Is(err, fs.ErrExist):
		return fs.ErrExist
	default:
		if _, serr := os.Lstat(a.path); serr == nil {
			return fs.ErrExist
		}
		a.done = true
		a.f.Close()
		if err := os.Rename(tmp, a.path); err != nil {
			os.Remove(tmp)
			return err
		}
	}
	syncDir(filepath.Dir(a.path))
	return nil
}

// Retarget changes the destination to another path in the same folder (after CommitNew found the
// first taken).
func (a *AtomicFile) Retarget(path string) error {
	if filepath.Dir(path) != filepath.Dir(a.path) {
		return fmt.Errorf("export: %s is not in the folder of %s", path, a.path)
	}
	a.path = path
	return nil
}

// Abort drops the temporary file and leaves the destination as it was. It does nothing after
// Commit, so `defer f.Abort()` is always right.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	if !a.direct {
		os.Remove(a.f.Name())
	}
}

// WriteFileAtomic writes path through write in one AtomicFile: the destination changes only when
// write and every step after it succeed.
func WriteFileAtomic(path string, perm fs.FileMode, write func(io.Writer) error) error {
	a, err := CreateAtomic(path, perm)
	if err != nil {
		return err
	}
	defer a.Abort()
	if err := write(a); err != nil {
		return err
	}
	return a.Commit()
}

// CheckDestination says whether a file can be written at path, before any work is done: its folder
// exists and is a folder, and path is not itself a folder. Commands check --out with it when they
// parse their flags.
func CheckDestination(path string) error {
	if strings.TrimSpace(path) == "" {
		return errors.New("no file name given")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder: give a file name in it", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("the folder %s does not exist", dir)
		}
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	return nil
}

// syncDir flushes a folder's entries (the rename) to the disk; Windows has no such call, and a
// failure is not worth failing a write that has already happened.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
