package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Guard is what a file written for a person (a command's --out, a folder of forms) must never be:
// a file inside one of Dirs (the data folder: the database, its journal, the log, the kept
// registers), or one of the files the same command reads (Reads: its input payroll, purchase
// register, portal file). Both are compared after following symbolic links, and a file the output
// would replace is compared with each input as the same file on disk (a hard link too), so neither
// a link nor another spelling of a path gets past it. The zero Guard refuses nothing.
type Guard struct {
	Dirs  []string
	Reads []string
}

// ErrProtected is wrapped by every refusal of Check.
var ErrProtected = errors.New("a file gstdesk must not replace")

// Check says why path must not be written, or nil. what names the destination in the message
// ("--out FILE"); the message says what to do instead.
func (g *Guard) Check(path string) error {
	if g == nil || strings.TrimSpace(path) == "" {
		return nil
	}
	real := resolve(path)
	for _, d := range g.Dirs {
		if strings.TrimSpace(d) == "" {
			continue
		}
		rd := resolve(d)
		if within(real, rd) {
			shown := ""
			if real != path {
				shown = fmt.Sprintf(" (it leads to %s)", real)
			}
			return fmt.Errorf("%w: %s%s is inside gstdesk's data folder %s, where the database and its files are kept; writing there would replace them. Give a file outside that folder", ErrProtected, path, shown, rd)
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil // nothing there yet: it cannot be an input
	}
	for _, r := range g.Reads {
		if strings.TrimSpace(r) == "" {
			continue
		}
		rs, err := os.Stat(r)
		if err != nil || !rs.Mode().IsRegular() {
			continue
		}
		if os.SameFile(st, rs) || resolve(r) == real {
			return fmt.Errorf("%w: %s is the file %s this command reads; writing there would replace it with the output. Give another file name", ErrProtected, path, r)
		}
	}
	return nil
}

// CheckFolder says why files must not be written into dir (a folder of several files), or nil: dir
// is, or is inside, one of Dirs.
func (g *Guard) CheckFolder(dir string) error {
	if g == nil {
		return nil
	}
	real := resolve(dir)
	for _, d := range g.Dirs {
		if strings.TrimSpace(d) == "" {
			continue
		}
		rd := resolve(d)
		if within(real, rd) {
			return fmt.Errorf("%w: the folder %s is inside gstdesk's data folder %s, where the database and its files are kept. Give a folder outside it", ErrProtected, dir, rd)
		}
	}
	return nil
}

// resolve is path made absolute with every symbolic link followed, as far as it exists: a file not
// there yet is its folder resolved plus its name.
func resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	// Resolve the longest part that exists, keep the rest as written.
	dir, rest := abs, ""
	for i := 0; i < 64; i++ {
		parent, base := filepath.Split(filepath.Clean(dir))
		if parent == "" || base == "" {
			break
		}
		if rest == "" {
			rest = base
		} else {
			rest = filepath.Join(base, rest)
		}
		dir = filepath.Clean(parent)
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
	}
	return abs
}

// within reports whether path is dir or inside it (both resolved).
func within(path, dir string) bool {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		path, dir = strings.ToLower(path), strings.ToLower(dir) // their file systems ignore case
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}
