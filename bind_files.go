package main

import (
	"gstdesk/backend/apperr"
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

// ChooseFile asks which file to import with the system's Open dialog and returns its path, "" when
// the person cancels. kind says what the screen imports, for the dialog's title and the kinds of
// file it lists: "payroll", "register" (a purchase register), "portal" (a GSTR-2A or GSTR-2B JSON
// file from the GST portal) or "gstins" (a list of GSTINs). The window never reads the file: it
// hands the path to the area's *Path method, which reads it from disk (backend/infile).
func (b *Files) ChooseFile(kind string) (string, error) {
	title, display, pattern, ok := openKind(kind)
	if !ok {
		return "", apperr.New(apperr.Invalid, "gstdesk does not import files of the kind %q.", kind)
	}
	if devOpenDialog != nil {
		if path, answered := devOpenDialog(); answered {
			return path, nil
		}
	}
	return runtime.OpenFileDialog(b.ctx, runtime.OpenDialogOptions{
		Title: title, Filters: []runtime.FileFilter{{DisplayName: display, Pattern: pattern}, {DisplayName: "All files", Pattern: "*"}},
	})
}

// openKind is the Open dialog of a kind of import: its title and the files it lists.
func openKind(kind string) (title, display, pattern string, ok bool) {
	switch kind {
	case "payroll":
		return "Choose the payroll file", "Payroll (CSV, Excel, JSON)", "*.csv;*.txt;*.xlsx;*.json;*.ndjson;*.jsonl", true
	case "register":
		return "Choose the purchase register", "Purchase register (CSV, Excel)", "*.csv;*.xlsx;*.xls", true
	case "portal":
		return "Choose the GSTR-2A or GSTR-2B file from the GST portal", "GST portal file (JSON)", "*.json", true
	case "gstins":
		return "Choose the list of GSTINs", "GSTIN list (CSV, Excel)", "*.csv;*.txt;*.xlsx", true
	}
	return "", "", "", false
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
