package main

import (
	"os"
	"path/filepath"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Files binds what the window does with exports: each one asks where to save it first (the system's
// Save dialog, opening in the exports folder with the name gstdesk gives it), and a finished one
// can be opened or its folder shown. Only files gstdesk wrote are accepted (core.ExportFile).
type Files struct{ *shell }

// SaveDialogEnv set to "exports" writes every export to the exports folder without asking: the
// end-to-end tests drive the window in a browser, where no system dialog can be answered.
const SaveDialogEnv = "GSTDESK_SAVE_DIALOG"

// askWhereToSave makes every export of the window open the system's Save dialog first (unless
// SaveDialogEnv says otherwise).
func (b *Files) askWhereToSave() {
	if os.Getenv(SaveDialogEnv) == "exports" {
		return
	}
	b.d.Core.SetExportChooser(func(dir, name string) (string, error) {
		return runtime.SaveFileDialog(b.ctx, runtime.SaveDialogOptions{
			Title: "Save the export", DefaultDirectory: dir, DefaultFilename: name, CanCreateDirectories: true,
		})
	})
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
