package recon

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// An invoice number's identity has one rule, NormaliseInvoiceNumber. This test lists every place
// in backend/ that normalises a number, so a second rule cannot come back unseen: a new caller is
// added here on purpose. The gstr2a copy (which drops every separator, so "1/234" and "12/34" are
// one number there) still has callers outside this package's owner; they are listed apart until
// they switch to recon.NormaliseInvoiceNumber and the copy is deleted.
func TestNormaliseInvoiceNumberCallers(t *testing.T) {
	want := []string{
		"recon/match.go: NormaliseInvoiceNumber(",
		"recon/match.go: NormaliseInvoiceNumber(",
		"recon/register.go: NormaliseInvoiceNumber(",
		"recon/sample.go: NormaliseInvoiceNumber(",
		"recon/sample.go: NormaliseInvoiceNumber(",
		"recon/sample.go: NormaliseInvoiceNumber(",
		"recon/sample.go: NormaliseInvoiceNumber(",
	}
	// to switch to recon.NormaliseInvoiceNumber (then the gstr2a copy goes)
	pending := []string{
		"desk/returns/ims.go: gstr2a.NormaliseInvoiceNumber(",
		"desk/returns/ims.go: gstr2a.NormaliseInvoiceNumber(",
		"gstr2a/store.go: NormaliseInvoiceNumber(",
		"gstr2a/types.go: func NormaliseInvoiceNumber(",
		"gstr2b/query.go: gstr2a.NormaliseInvoiceNumber(",
		"gstr2b/store.go: gstr2a.NormaliseInvoiceNumber(",
		"ims/ims.go: gstr2a.NormaliseInvoiceNumber(",
		"ims/store.go: gstr2a.NormaliseInvoiceNumber(",
		"ims/store.go: gstr2a.NormaliseInvoiceNumber(",
		"ims/store.go: gstr2a.NormaliseInvoiceNumber(",
		"itcrisk/itcrisk.go: gstr2a.NormaliseInvoiceNumber(",
	}
	call := regexp.MustCompile(`(func |[A-Za-z0-9_]+\.)?NormaliseInvoiceNumber\(`)
	var got []string
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			for _, m := range call.FindAllString(line, -1) {
				if m == "func NormaliseInvoiceNumber(" && rel == filepath.Join("recon", "normalise.go") {
					continue // the rule itself
				}
				got = append(got, filepath.ToSlash(rel)+": "+m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := append(slices.Clone(want), pending...)
	slices.Sort(all)
	slices.Sort(got)
	if !slices.Equal(got, all) {
		t.Errorf("callers of NormaliseInvoiceNumber changed; list them here on purpose.\n got %q\nwant %q", got, all)
	}
}
