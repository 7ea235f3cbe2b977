package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// wallClockAllowed are the only places under backend/ that may read the wall clock (time.Now),
// each with its reason. Everything else that writes takes the moment from its caller: the desk
// services pass the core's clock (core.Core.Now), so a test or a demo with a clock of its own sees
// its time in every stamp.
var wallClockAllowed = map[string]string{
	"backend/desk/core/":       "the core's clock itself (its default) and the pace of job progress events",
	"backend/desk/demo.go":     "how long loading the demo took (a duration in the log, never stored)",
	"backend/backup/":          "the replication engine: leases, retention and S3 request signatures run on the wall clock other desks share",
	"backend/simulator/":       "stands in for the GST portal, whose clock is not the desk's (its default when given none)",
	"backend/gstapi/":          "the remote client's default clock for token expiry and rate limits",
	"backend/lookup/lookup.go": "the timing of a remote call (a duration in the audit, never a stamp)",
	"backend/benchcpu/":        "measures elapsed time for benchmarks",
	"backend/cli/output.go":    "the crash log written when the command line fails inside",
	"backend/store/store.go":   "the store's own bookkeeping: when a migration was applied, a workspace made or last opened",
}

// TestWritesDoNotReadTheWallClock: domain packages and services do not call time.Now (nor hand
// it on as a clock) outside the short list above.
func TestWritesDoNotReadTheWallClock(t *testing.T) {
	used := map[string]bool{}
	err := filepath.WalkDir("backend", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		path = filepath.ToSlash(path)
		allowed := ""
		for p := range wallClockAllowed {
			if path == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(path, p)) {
				allowed = p
			}
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		timeName := ""
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "time" {
				timeName = "time"
				if im.Name != nil {
					timeName = im.Name.Name
				}
			}
		}
		if timeName == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Now" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == timeName {
				if allowed != "" {
					used[allowed] = true
				} else {
					t.Errorf("%s: time.Now: take the moment from the caller (the desk passes its core's clock), or add the file to wallClockAllowed with a reason", fset.Position(sel.Pos()))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range wallClockAllowed {
		if !used[p] {
			t.Errorf("%s no longer reads the wall clock: take it off wallClockAllowed", p)
		}
	}
}
