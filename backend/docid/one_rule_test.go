package docid

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An invoice number's identity has one rule, Number. No package of backend/ defines another
// normaliser of document numbers (the gstr2a copy, which dropped every separator, made "1/234"
// and "12/34" one number for the IMS apply while the matcher kept them apart); recon's
// NormaliseInvoiceNumber is this rule under its old name.
func TestOneNumberRule(t *testing.T) {
	def := regexp.MustCompile(`^func (\([^)]*\) )?[A-Za-z]*(Normali[sz]e|Norm)[A-Za-z]*(Number|Num|Inum|Invoice)[A-Za-z]*\(`)
	allowed := map[string]bool{filepath.Join("recon", "normalise.go"): true}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if strings.HasPrefix(rel, "docid"+string(filepath.Separator)) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if def.MatchString(line) && !allowed[rel] {
				t.Errorf("%s:%d defines a number normaliser of its own: %s (use docid.Number)", filepath.ToSlash(rel), i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Two numbers that differ by a separator between digits are two documents everywhere.
func TestSeparatorsBetweenDigits(t *testing.T) {
	for _, p := range [][2]string{{"1/234", "12/34"}, {"1/234", "1234"}, {"INV-1/2", "INV-12"}} {
		if Number(p[0]) == Number(p[1]) {
			t.Errorf("%q and %q are one number", p[0], p[1])
		}
	}
	for _, p := range [][2]string{{"inv-42", "INV42"}, {"1 234", "1-234"}, {"INV/2024-25/0042", "inv-42/24-25"}, {"0042", "42"}} {
		if Number(p[0]) != Number(p[1]) {
			t.Errorf("%q and %q are two numbers: %q %q", p[0], p[1], Number(p[0]), Number(p[1]))
		}
	}
}
