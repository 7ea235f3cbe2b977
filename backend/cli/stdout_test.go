package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
)

// fullWriter is standard output on a full disk (or /dev/full): every write fails.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// stdoutWriters are commands that print their answer on standard output, one or more per
// registered command (TestEveryCommandIsAStdoutWriterCase keeps every command in).
var stdoutWriters = [][]string{
	{"version"},
	{"help"},
	{"workspace", "list"},
	{"data"},
	{"backup", "target", "list"},
	{"demo", "status"},
	{"gst", "verify", "27AAPFU0939F1ZV"},
	{"gst", "2b", "--offline", "--year", "2025", "--month", "10"},
	{"gst", "2a-b2b", "--offline", "--year", "2025", "--month", "5"},
	{"gst", "2a-diff", "--year", "2025", "--month", "5"},
	{"gst", "2b-diff", "--year", "2025", "--month", "10"},
	{"gst", "ims", "list", "--offline"},
	{"gst", "3b", "--year", "2025", "--month", "10"},
	{"itc-risk", "--fy", "FY 2025-26"},
	{"recon", "runs"},
	{"tds", "hra", "--fy", "FY 2026-27", "--rent", "30000", "--salary", "50000", "--hra", "40000", "--city", "Pune"},
}

// TestStdoutWriteErrorsFail: every command that prints, run with a standard output that cannot be
// written, exits non-zero and says so, never 0 as if its answer had been given.
func TestStdoutWriteErrorsFail(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	gstCLI(t, dir, "2b", "--year", "2025", "--month", "10")
	portal, _ := portal2B(t, files)
	gstCLI(t, dir, "import", portal)
	gstCLI(t, dir, "ims", "list")
	reg := filepath.Join(files, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"29AABCT1332L1ZT,Tata,T/1,02-10-2025,27,N,1180,1000,180,0,0,0\n"), 0o600)
	if code, _, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", reg); code != ExitOK {
		t.Fatalf("recon: %d %s", code, errs)
	}
	if code, _, errs := cliIn(t, dir, "backup", "target", "add", "--kind", "folder", "--path", filepath.Join(files, "nas")); code != ExitOK {
		t.Fatalf("backup target add: %d %s", code, errs)
	}
	run := func(stdout interface{ Write([]byte) (int, error) }, args []string) (int, string) {
		var errb bytes.Buffer
		env := Env{Stdin: strings.NewReader(""), Stdout: stdout, Stderr: &errb, Getenv: func(k string) string {
			switch k {
			case "GSTDESK_DATA_DIR":
				return dir
			case core.DemoDateVar:
				return coretest.DemoDate()
			}
			return ""
		}}
		return Main(context.Background(), env, args), errb.String()
	}
	for _, args := range stdoutWriters {
		var out bytes.Buffer
		if code, errs := run(&out, args); code != ExitOK || out.Len() == 0 {
			t.Errorf("%q with a good stdout: exit %d, %d bytes printed: %s", args, code, out.Len(), errs)
			continue
		}
		code, errs := run(fullWriter{}, args)
		if code == ExitOK || !strings.Contains(errs, "could not be written") {
			t.Errorf("%q with stdout on a full disk: exit %d, stderr %q; want non-zero, saying so", args, code, errs)
		}
	}
}

// TestEveryCommandIsAStdoutWriterCase: every registered command has a case in stdoutWriters, or a
// reason here.
func TestEveryCommandIsAStdoutWriterCase(t *testing.T) {
	exempt := map[string]string{"simulate": "serves until stopped; prints its address only"}
	listed := map[string]bool{}
	for _, a := range stdoutWriters {
		listed[a[0]] = true
	}
	for name := range commands {
		if !listed[name] && exempt[name] == "" {
			t.Errorf("command %s prints on standard output but has no case in stdoutWriters", name)
		}
	}
}
