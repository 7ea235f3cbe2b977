package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGSTR2AIsNotAToolbox: the returns and the reconciliation do not borrow GSTR-2A's machinery.
// The fast ingest transaction and the compressed answer are package store's, periods package
// period's, dates package civil's, the GSTIN shape package gstin's, the invoice-number rule
// package docid's. Only GSTR-2B's comparison of two snapshots uses GSTR-2A's keyed diff.
func TestGSTR2AIsNotAToolbox(t *testing.T) {
	allowed := map[string]bool{"backend/gstr2b/diff.go": true}
	for _, dir := range []string{"backend/gstr2b", "backend/ims", "backend/recon", "backend/itcrisk", "backend/gstr3b", "backend/tds", "backend/tdsyear", "backend/payroll"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			t.Fatalf("%s has no Go files: update the list", dir)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") || allowed[filepath.ToSlash(file)] {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range f.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); p == "gstdesk/backend/gstr2a" {
					t.Errorf("%s imports gstr2a: take the shared piece from store, period, civil, gstin or docid", file)
				}
			}
		}
	}
}
