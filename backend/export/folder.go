package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// MaxNameBytes is the longest file name a Folder writes: Windows, macOS and Linux all take 255,
// and a name must leave room for the "-2" a collision adds and the temporary file's suffix.
const MaxNameBytes = 200

// CheckFileName says what is wrong with name as a file name on any of the systems gstdesk runs
// on, or nil: too long, empty, a separator or a character Windows refuses, a name Windows
// reserves (CON, NUL, COM1 ...), or ending in a dot or a space.
func CheckFileName(name string) error {
	switch {
	case name == "" || name == "." || name == "..":
		return errors.New("the file name is empty")
	case len(name) > MaxNameBytes:
		return fmt.Errorf("the file name is %d bytes long, more than %d: %.40s...", len(name), MaxNameBytes, name)
	case !utf8.ValidString(name):
		return fmt.Errorf("the file name %q is not text", name)
	case strings.ContainsAny(name, `/\:*?"<>|`) || strings.ContainsFunc(name, func(r rune) bool { return r < 32 }):
		return fmt.Errorf("the file name %q holds a character file systems refuse", name)
	case strings.HasSuffix(name, ".") || strings.HasSuffix(name, " "):
		return fmt.Errorf("the file name %q ends in a dot or a space", name)
	}
	stem := strings.ToUpper(strings.TrimSpace(strings.SplitN(name, ".", 2)[0]))
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		return fmt.Errorf("the file name %q is one Windows reserves", name)
	}
	return nil
}

// Folder writes several files into one folder, the one road for every writer of many files (the
// year-end forms, the chaser pack): each file whole or not at all (AtomicFile); names of this
// write that the file systems would take for one (compared as Windows and macOS compare them,
// case aside) made unique with "-2", "-3" ...; a file already in the folder from before replaced
// only when Replace is set, and then listed in Replaced, else left alone and the new one written
// beside it. Every name changed is listed in Renamed, one entry per file (two files asked as
// "A_1.pdf" are two entries). What it wrote is in Written, in order.
type Folder struct {
	Dir     string
	Replace bool
	// Written are the paths written; Replaced those that replaced a file already there; Renamed
	// says, for each name taken, the name written instead ("A_1.pdf" -> "A_1-2.pdf").
	Written  []string
	Replaced []string
	Renamed  []Rename
	// Guard, when set, is checked for every file before it is written (see Guard).
	Guard *Guard
	perm  fs.FileMode
	used  map[string]bool
}

// OpenFolder prepares writing into dir, which must exist (a mistyped folder is an error, not a
// new folder), or is made when create is set.
func OpenFolder(dir string, create bool, perm fs.FileMode) (*Folder, error) {
	if create {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("cannot make the folder %s: %w", dir, err)
		}
	}
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("the folder %s does not exist: create it first", dir)
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fmt.Errorf("%s is a file, not a folder", dir)
	}
	return &Folder{Dir: dir, perm: perm, used: map[string]bool{}}, nil
}

// Rename is a file written under another name than the one asked for, because that one was taken.
type Rename struct {
	Asked   string // the name asked for
	Written string // the name written
}

// Write writes name (base and extension) with write, making the name unique within this write.
func (f *Folder) Write(name string, write func(io.Writer) error) (string, error) {
	if err := CheckFileName(name); err != nil {
		return "", err
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	final := name
	for i := 2; ; i++ {
		key := strings.ToLower(final)
		_, statErr := os.Lstat(filepath.Join(f.Dir, final))
		existed := statErr == nil
		if !f.used[key] && (!existed || f.Replace) {
			f.used[key] = true
			if existed {
				f.Replaced = append(f.Replaced, filepath.Join(f.Dir, final))
			}
			break
		}
		final = fmt.Sprintf("%s-%d%s", stem, i, ext)
	}
	p := filepath.Join(f.Dir, final)
	if err := f.Guard.Check(p); err != nil {
		return "", err
	}
	if err := WriteFileAtomic(p, f.perm, write); err != nil {
		return "", err
	}
	if final != name {
		f.Renamed = append(f.Renamed, Rename{Asked: name, Written: final})
	}
	f.Written = append(f.Written, p)
	return p, nil
}
