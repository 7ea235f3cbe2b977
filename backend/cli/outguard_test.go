package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outWriter is one command that writes a file the person names with --out. Every such command is
// in outWriters (TestEveryOutWriterIsInTheTable reads the sources to keep it so).
type outWriter struct {
	src  string // the source file that defines the command's --out
	args func(in string) []string
	// reads says args name the input file in (so --out in must be refused too).
	reads bool
	// folder says --out is a folder of several files.
	folder bool
}

var outWriters = []outWriter{
	{src: "gst.go", args: func(string) []string {
		return []string{"gst", "2b", "--offline", "--year", "2025", "--month", "9", "--format", "csv"}
	}},
	{src: "gst.go", reads: true, args: func(in string) []string { return []string{"gst", "import", in, "--format", "csv"} }},
	{src: "gst.go", reads: true, args: func(in string) []string {
		return []string{"gst", "scorecard", "--fy", "FY 2025-26", "--purchases", in, "--format", "csv"}
	}},
	{src: "gst.go", reads: true, args: func(in string) []string {
		return []string{"gst", "ims", "apply", "--year", "2025", "--month", "9", "--purchases", in, "--format", "csv"}
	}},
	{src: "gst.go", args: func(string) []string {
		return []string{"gst", "3b", "--year", "2025", "--month", "9", "--format", "xlsx"}
	}},
	{src: "gst.go", args: func(string) []string { return []string{"gst", "9", "--fy", "FY 2025-26", "--format", "xlsx"} }},
	{src: "gst.go", folder: true, args: func(string) []string { return []string{"gst", "chaser", "--fy", "FY 2025-26"} }},
	{src: "itcrisk.go", reads: true, args: func(in string) []string {
		return []string{"itc-risk", "--fy", "FY 2025-26", "--purchases", in, "--format", "csv"}
	}},
	{src: "recon.go", reads: true, args: func(in string) []string {
		return []string{"recon", "--purchases", in, "--year", "2025", "--month", "9", "--format", "csv"}
	}},
	{src: "reconruns.go", args: func(string) []string { return []string{"recon", "show", "1", "--format", "csv"} }},
	{src: "tds.go", reads: true, args: func(in string) []string {
		return []string{"tds", "calc", "--fy", "2025-26", "--in", in, "--format", "csv"}
	}},
	{src: "tds.go", args: func(string) []string { return []string{"tds", "template"} }},
	{src: "tdsyear.go", reads: true, args: func(in string) []string {
		return []string{"tds", "month", "--fy", "2025-26", "--month", "4", "--in=" + in, "--format", "csv"}
	}},
	{src: "tdsyear.go", args: func(string) []string { return []string{"tds", "annexure", "--fy", "2025-26", "--format", "xlsx"} }},
	{src: "tdsyear.go", folder: true, args: func(string) []string { return []string{"tds", "forms", "--fy", "2025-26"} }},
	{src: "tdsyear.go", args: func(string) []string { return []string{"tds", "month-template"} }},
}

// TestOutNeverReplacesTheDataOrAnInput: no --out, of any writer, written as the path itself, through a
// symbolic link, or as a folder, reaches the database, another file of the data folder, or the file
// the same command reads; each is refused with exit 2 before anything is written, saying why.
func TestOutNeverReplacesTheDataOrAnInput(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := cliIn(t, dir, "workspace", "list"); code != ExitOK {
		t.Fatalf("workspace list: exit %d %s", code, errs)
	}
	db := filepath.Join(dir, "gstdesk.db")
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	link := filepath.Join(elsewhere, "report.csv")
	if err := os.Symlink(db, link); err != nil {
		t.Fatal(err)
	}
	dirLink := filepath.Join(elsewhere, "into-data")
	if err := os.Symlink(dir, dirLink); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(elsewhere, "input.csv")
	input := []byte("gstin,number\n27AAPFU0939F1ZV,1\n")
	for _, w := range outWriters {
		var outs []string
		if w.folder {
			outs = []string{dir, dirLink, filepath.Join(dirLink, "sub")}
			os.MkdirAll(filepath.Join(dir, "sub"), 0o700)
		} else {
			outs = []string{db, link, filepath.Join(dir, "new.csv"), filepath.Join(dirLink, "gstdesk.db")}
		}
		if w.reads {
			outs = append(outs, in, "./"+filepath.Base(in))
		}
		for _, out := range outs {
			if err := os.WriteFile(in, input, 0o600); err != nil {
				t.Fatal(err)
			}
			args := append(w.args(in), "--out", out)
			wd, _ := os.Getwd()
			os.Chdir(elsewhere)
			code, _, errs := cliIn(t, dir, args...)
			os.Chdir(wd)
			if code != ExitUsage || !strings.Contains(errs, "refusing --out") || !strings.Contains(errs, "Nothing was written") {
				t.Errorf("%q: exit %d, stderr %q; want 2 and a refusal", args, code, errs)
			}
			if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
				t.Fatalf("%q changed the database", args)
			}
			if got, _ := os.ReadFile(in); !bytes.Equal(got, input) {
				t.Errorf("%q changed its input file", args)
			}
			if _, err := os.Stat(filepath.Join(dir, "new.csv")); err == nil {
				t.Errorf("%q wrote into the data folder", args)
			}
		}
	}
}

// TestEveryOutWriterIsInTheTable: each source file that defines an --out flag has as many writers
// in outWriters as it defines such flags (gst.go's one flag serves every gst subcommand).
func TestEveryOutWriterIsInTheTable(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	def := regexp.MustCompile(`(String|StringVar)\([^,]*"out"|String\("out"`)
	listed := map[string]int{}
	for _, w := range outWriters {
		listed[w.src]++
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(def.FindAll(b, -1)); n > listed[f] {
			t.Errorf("%s defines %d --out flag(s) but outWriters has %d writer(s) of it: add the new writer to the table", f, n, listed[f])
		}
	}
}
