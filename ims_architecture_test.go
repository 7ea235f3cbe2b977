package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIMSHasOnePackageAndOneService: every IMS rule is package ims's and one service owns IMS.
// Only package ims holds SQL on the IMS tables (package store keeps the schema and counts rows);
// only the returns service calls the remote service's IMS operations and reads or writes the kept
// IMS lists and log through package ims; the three-way run reaches them through the returns
// service (Returns.IMSStored, Returns.IMSApplyListed). An IMS document is known by ims.IDOf.
func TestIMSHasOnePackageAndOneService(t *testing.T) {
	tables := []string{"ims_documents", "ims_actions", "ims_list_notices"}
	// The remote service's IMS operations (gstapi.Client); IMSCount by its three arguments (the
	// returns service's own IMSCount takes one).
	calls := map[string]int{"IMSInvoices": -1, "SaveIMS": -1, "IMSRequestStatus": -1, "IMSCount": 3}
	// Package ims's functions on the kept lists and the log.
	kept := map[string]bool{"Stored": true, "Replace": true, "FindStored": true, "SetKeptAction": true, "SetKeptChange": true, "LogSent": true,
		"LogResult": true, "LogReference": true, "Log": true, "Notices": true, "ListedAt": true, "StoredDigest": true}
	// Every other area reads the kept lists through the returns service (Returns.IMSStored,
	// Returns.IMSKept): no file of theirs calls these.
	readsKept := map[string]bool{}
	var files []string
	for _, root := range []string{".", "backend"} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if root == "." && p != "." {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				files = append(files, filepath.ToSlash(p))
			}
			return nil
		})
	}
	if len(files) < 50 {
		t.Fatalf("only %d Go files found", len(files))
	}
	returnsCalls := 0
	for _, file := range files {
		inIMS := strings.HasPrefix(file, "backend/ims/")
		owner := strings.HasPrefix(file, "backend/desk/returns/")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !inIMS && !strings.HasPrefix(file, "backend/store/") {
			for _, tb := range tables {
				if strings.Contains(string(b), tb) {
					t.Errorf("%s names the IMS table %s: IMS's tables are package ims's (ask the returns service)", file, tb)
				}
			}
		}
		if strings.HasPrefix(file, "backend/gstapi/") || inIMS {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		// An IMS document is known by ims.IDOf alone: the IMS apply and the three-way run build no
		// key of their own from the number rule.
		if file == "backend/desk/returns/ims.go" || strings.HasPrefix(file, "backend/desk/reconcile/threeway") {
			for _, im := range f.Imports {
				if im.Path.Value == `"gstdesk/backend/docid"` {
					t.Errorf("%s imports docid: an IMS document's identity is ims.IDOf", file)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if args, ok := calls[sel.Sel.Name]; ok && (args < 0 || len(call.Args) == args) {
				if owner {
					returnsCalls++
				} else {
					t.Errorf("%s calls the IMS operation %s: only the returns service calls IMS", file, sel.Sel.Name)
				}
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "ims" && kept[sel.Sel.Name] && !owner && !readsKept[file] {
				t.Errorf("%s calls ims.%s: the kept IMS lists and log are the returns service's (Returns.IMSStored ...)", file, sel.Sel.Name)
			}
			return true
		})
	}
	if returnsCalls < 4 {
		t.Errorf("the returns service makes %d IMS calls; want list, count, save and status: update the test", returnsCalls)
	}
}
