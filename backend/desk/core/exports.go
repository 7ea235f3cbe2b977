package core

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// ExportsDir is the folder of the data folder that exports and templates are written to.
const ExportsDir = "exports"

// ExportChooser asks the person where to save an export (the window's Save dialog), offering the
// exports folder and the name gstdesk would give the file; "" means they cancelled.
type ExportChooser func(dir, name string) (string, error)

// SetExportChooser makes every single-file export ask where to save it first (the window installs
// its Save dialog); nil writes them to the exports folder without asking (the command line, tests).
func (s *Core) SetExportChooser(choose ExportChooser) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chooser = choose
}

// WriteExportFile writes an export, named after what is exported and the time, with the format's
// extension, and returns its path (the UI shows it and offers to open it or its folder). With an
// ExportChooser set, it first asks where to save it, offering the exports folder and that name: ""
// and no error when the person cancels, and nothing is written; the file chosen is written whole
// or not at all, replacing one already there only when complete. Without one it is a new file in
// the data folder's exports/ (WriteExportFileInFolder).
func (s *Core) WriteExportFile(base string, f export.Format, write func(io.Writer) error) (string, error) {
	s.mu.Lock()
	choose := s.chooser
	s.mu.Unlock()
	if choose == nil {
		return s.WriteExportFileInFolder(base, f, write)
	}
	dir, err := s.exportsDir()
	if err != nil {
		return "", err
	}
	to, err := choose(dir, exportName(base, s.Now(), f, 1))
	if err != nil {
		// No dialog on this system: the export goes to the exports folder, whose path the window shows.
		s.Log.Warn("save dialog", "err", err.Error())
		return s.WriteExportFileInFolder(base, f, write)
	}
	if to == "" {
		return "", nil
	}
	return s.writeChosen(to, f, write)
}

// WriteExportFileInFolder writes a new file in the data folder's exports/ directory and returns its
// path, never asking where (exports of many files at once, and every export without an
// ExportChooser). The bytes go to a temporary file first and take the name only when complete
// (export.AtomicFile), so a failed or interrupted export leaves no file that looks finished; a name
// already taken gets -2, -3... and is never overwritten.
func (s *Core) WriteExportFileInFolder(base string, f export.Format, write func(io.Writer) error) (string, error) {
	dir, err := s.exportsDir()
	if err != nil {
		return "", err
	}
	stamp := s.Now()
	path := filepath.Join(dir, exportName(base, stamp, f, 1))
	file, err := export.CreateAtomic(path, 0o600)
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create the export file")
	}
	defer file.Abort()
	if err := write(file); err != nil {
		return "", writeError(err, path)
	}
	err = file.CommitNew()
	for i := 2; errors.Is(err, fs.ErrExist) && i < 100; i++ {
		file.Retarget(filepath.Join(dir, exportName(base, stamp, f, i)))
		err = file.CommitNew()
	}
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not write %s", filepath.Base(file.Path()))
	}
	return file.Path(), nil
}

// writeChosen writes an export to the path the person chose (the format's extension added when the
// name has none), replacing a file there only once the new one is complete, and remembers it as an
// export the window may open or show.
func (s *Core) writeChosen(to string, f export.Format, write func(io.Writer) error) (string, error) {
	to = filepath.Clean(to)
	if filepath.Ext(to) == "" {
		to += "." + string(f)
	}
	file, err := export.CreateAtomic(to, 0o600)
	if err != nil {
		return "", apperr.Wrap(apperr.Invalid, err, "Could not save %s there. Choose another folder.", filepath.Base(to))
	}
	defer file.Abort()
	if err := write(file); err != nil {
		return "", writeError(err, to)
	}
	if err := file.Commit(); err != nil {
		return "", apperr.Wrap(apperr.Invalid, err, "Could not save %s there. Choose another folder.", filepath.Base(to))
	}
	if real, err := filepath.EvalSymlinks(to); err == nil {
		s.mu.Lock()
		if s.chosen == nil {
			s.chosen = map[string]bool{}
		}
		s.chosen[real] = true
		s.mu.Unlock()
	}
	return to, nil
}

// exportsDir is the data folder's exports/ directory, created when missing.
func (s *Core) exportsDir() (string, error) {
	dir := filepath.Join(s.DB.Dir, ExportsDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create the exports folder")
	}
	return dir, nil
}

// exportName is the file name of an export: what is exported (made safe for a file name), the
// time, and for the n-th export of the same second (n > 1) its number.
func exportName(base string, at time.Time, f export.Format, n int) string {
	clean := cleanExportName(base)
	stamp := at.Format("20060102-150405")
	if n > 1 {
		return fmt.Sprintf("%s-%s-%d.%s", clean, stamp, n, f)
	}
	return fmt.Sprintf("%s-%s.%s", clean, stamp, f)
}

// writeError is what a failed write of an export reports: a typed error or a cancellation as it
// is, anything else as an internal error naming the file.
func writeError(err error, path string) error {
	var typed *apperr.Error
	if errors.As(err, &typed) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return apperr.Wrap(apperr.Internal, err, "could not write %s", filepath.Base(path))
}

// WriteExport writes a table to a new file in the exports folder and returns its path.
func (s *Core) WriteExport(base, format string, t export.Table) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	return s.WriteExportFile(base, f, func(w io.Writer) error { return export.Write(w, f, t) })
}

// ExportFile checks that path is a file gstdesk wrote, in the exports folder or where the person
// chose to save it in this session, and returns it cleaned: the window opens or shows only those,
// never a path it is handed from elsewhere.
func (s *Core) ExportFile(path string) (string, error) {
	p, err := filepath.EvalSymlinks(filepath.Clean(path))
	if err != nil {
		return "", apperr.New(apperr.NotFound, "%s is no longer there: export again.", filepath.Base(path))
	}
	s.mu.Lock()
	chosen := s.chosen[p]
	s.mu.Unlock()
	if chosen {
		return p, nil
	}
	dir, err := filepath.EvalSymlinks(filepath.Join(s.DB.Dir, ExportsDir))
	if err != nil {
		return "", apperr.New(apperr.NotFound, "There are no exports yet.")
	}
	if rel, err := filepath.Rel(dir, p); err != nil || rel == "." || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return "", apperr.New(apperr.Invalid, "%s is not one of gstdesk's exports.", filepath.Base(path))
	}
	return p, nil
}

// NewExportFolder makes a new folder in the exports folder for a set of files (a year's forms),
// named after what is exported and the time (-2, -3... when taken), and returns its path.
func (s *Core) NewExportFolder(base string) (string, error) {
	dir := filepath.Join(s.DB.Dir, ExportsDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create the exports folder")
	}
	name := filepath.Join(dir, cleanExportName(base)+"-"+s.Now().Format("20060102-150405"))
	err := os.Mkdir(name, 0o700)
	for i := 2; errors.Is(err, fs.ErrExist) && i < 100; i++ {
		err = os.Mkdir(fmt.Sprintf("%s-%d", name, i), 0o700)
		if err == nil {
			name = fmt.Sprintf("%s-%d", name, i)
		}
	}
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create a folder in the exports folder")
	}
	return name, nil
}

// cleanExportName makes what is exported a file name: no path separators or control characters.
func cleanExportName(base string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '-'
		}
		return r
	}, base)
}
