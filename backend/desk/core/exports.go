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

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// ExportsDir is the folder of the data folder that exports and templates are written to.
const ExportsDir = "exports"

// WriteExportFile writes a new file in the data folder's exports/ directory, named after what is
// exported and the time, with the format's extension, and returns its path (the UI shows it and
// offers to open the folder). The bytes go to a temporary file first and take the name only when
// complete (export.AtomicFile), so a failed or interrupted export leaves no file that looks
// finished; a name already taken gets -2, -3... and is never overwritten.
func (s *Core) WriteExportFile(base string, f export.Format, write func(io.Writer) error) (string, error) {
	dir := filepath.Join(s.DB.Dir, ExportsDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create the exports folder")
	}
	clean := cleanExportName(base)
	stamp := s.Now().Format("20060102-150405")
	path := filepath.Join(dir, fmt.Sprintf("%s-%s.%s", clean, stamp, f))
	file, err := export.CreateAtomic(path, 0o600)
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not create the export file")
	}
	defer file.Abort()
	if err := write(file); err != nil {
		var typed *apperr.Error
		if errors.As(err, &typed) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		return "", apperr.Wrap(apperr.Internal, err, "could not write %s", filepath.Base(path))
	}
	err = file.CommitNew()
	for i := 2; errors.Is(err, fs.ErrExist) && i < 100; i++ {
		file.Retarget(filepath.Join(dir, fmt.Sprintf("%s-%s-%d.%s", clean, stamp, i, f)))
		err = file.CommitNew()
	}
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not write %s", filepath.Base(file.Path()))
	}
	return file.Path(), nil
}

// WriteExport writes a table to a new file in the exports folder and returns its path.
func (s *Core) WriteExport(base, format string, t export.Table) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	return s.WriteExportFile(base, f, func(w io.Writer) error { return export.Write(w, f, t) })
}

// ExportFile checks that path is a file gstdesk wrote in the exports folder and returns it cleaned:
// the window opens, shows or copies only those, never a path it is handed from elsewhere.
func (s *Core) ExportFile(path string) (string, error) {
	dir, err := filepath.EvalSymlinks(filepath.Join(s.DB.Dir, ExportsDir))
	if err != nil {
		return "", apperr.New(apperr.NotFound, "There are no exports yet.")
	}
	p, err := filepath.EvalSymlinks(filepath.Clean(path))
	if err != nil {
		return "", apperr.New(apperr.NotFound, "%s is no longer there: export again.", filepath.Base(path))
	}
	if rel, err := filepath.Rel(dir, p); err != nil || rel == "." || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return "", apperr.New(apperr.Invalid, "%s is not one of gstdesk's exports.", filepath.Base(path))
	}
	return p, nil
}

// CopyExport copies an export (ExportFile) to to, a place the person chose, written whole or not at
// all (export.WriteFileAtomic); it returns where the copy is.
func (s *Core) CopyExport(path, to string) (string, error) {
	from, err := s.ExportFile(path)
	if err != nil {
		return "", err
	}
	src, err := os.Open(from)
	if err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not read %s", filepath.Base(from))
	}
	defer src.Close()
	if err := export.WriteFileAtomic(to, 0o644, func(w io.Writer) error { _, err := io.Copy(w, src); return err }); err != nil {
		return "", apperr.Wrap(apperr.Invalid, err, "Could not save %s there. Choose another folder.", filepath.Base(to))
	}
	return to, nil
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
