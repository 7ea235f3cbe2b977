package main

import (
	"path/filepath"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Files binds what the window does with a finished export: save a copy where the person chooses
// (the system's Save dialog, opened in the exports folder), open it, or show its folder. Only
// files gstdesk wrote in the exports folder are accepted (core.ExportFile).
type Files struct{ *shell }

// SaveExportAs asks where to save a copy of an export and saves it there; "" when the person
// cancels the dialog.
func (b *Files) SaveExportAs(path string) (string, error) {
	p, err := b.d.Core.ExportFile(path)
	if err != nil {
		return "", err
	}
	to, err := runtime.SaveFileDialog(b.ctx, runtime.SaveDialogOptions{
		Title: "Save the export", DefaultDirectory: filepath.Dir(p), DefaultFilename: filepath.Base(p),
	})
	if err != nil || to == "" {
		return "", err
	}
	return b.d.Core.CopyExport(p, to)
}

// OpenExport opens an export in the program the system uses for its kind (Excel for .xlsx).
func (b *Files) OpenExport(path string) error {
	p, err := b.d.Core.ExportFile(path)
	if err != nil {
		return err
	}
	runtime.BrowserOpenURL(b.ctx, "file://"+filepath.ToSlash(p))
	return nil
}

// ShowExportFolder opens the folder that holds an export.
func (b *Files) ShowExportFolder(path string) error {
	p, err := b.d.Core.ExportFile(path)
	if err != nil {
		return err
	}
	runtime.BrowserOpenURL(b.ctx, "file://"+filepath.ToSlash(filepath.Dir(p)))
	return nil
}
