package core

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// ExportFile creates the file an export is written to: in the data folder's exports/ directory,
// named after what is exported and the time, with the format's extension. The UI shows the path
// it returns and offers to open the folder.
func (s *Core) ExportFile(base string, f export.Format) (*os.File, string, error) {
	dir := filepath.Join(s.DB.Dir, "exports")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, "", apperr.Wrap(apperr.Internal, err, "could not create the exports folder")
	}
	clean := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '-'
		}
		return r
	}, base)
	name := fmt.Sprintf("%s-%s.%s", clean, s.Now().Format("20060102-150405"), f)
	path := filepath.Join(dir, name)
	file, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	for i := 2; err != nil && os.IsExist(err) && i < 100; i++ {
		path = filepath.Join(dir, fmt.Sprintf("%s-%s-%d.%s", clean, s.Now().Format("20060102-150405"), i, f))
		file, err = os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	}
	if err != nil {
		return nil, "", apperr.Wrap(apperr.Internal, err, "could not create the export file")
	}
	return file, path, nil
}

// WriteExport writes a table to a new file in the exports folder and returns its path.
func (s *Core) WriteExport(base, format string, t export.Table) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	file, path, err := s.ExportFile(base, f)
	if err != nil {
		return "", err
	}
	if err := export.Write(file, f, t); err != nil {
		file.Close()
		os.Remove(path)
		return "", apperr.Wrap(apperr.Internal, err, "could not write the export")
	}
	if err := file.Close(); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not write the export")
	}
	return path, nil
}
