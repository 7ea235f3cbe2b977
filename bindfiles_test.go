package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestBindingFilesNamedAfterTheirStruct: each bound struct has one file, bind_<struct lowercased>.go,
// which declares it and holds all its methods (and their unexported helpers) and nothing else's, so a bound method is found by
// the struct the frontend calls it on.
func TestBindingFilesNamedAfterTheirStruct(t *testing.T) {
	files, _ := filepath.Glob("bind_*.go")
	if len(files) == 0 {
		t.Fatal("no bind_*.go files")
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		want := strings.TrimSuffix(strings.TrimPrefix(file, "bind_"), ".go")
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		structs := 0
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						structs++
						if strings.ToLower(ts.Name.Name) != want {
							t.Errorf("%s declares %s: it belongs in bind_%s.go", file, ts.Name.Name, strings.ToLower(ts.Name.Name))
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					if d.Name.IsExported() {
						t.Errorf("%s: %s is not a method of the file's struct", file, d.Name.Name)
					}
					continue // a helper of the file's methods
				}
				typ := d.Recv.List[0].Type
				if st, ok := typ.(*ast.StarExpr); ok {
					typ = st.X
				}
				if id, ok := typ.(*ast.Ident); !ok || strings.ToLower(id.Name) != want {
					t.Errorf("%s: %s is a method of another struct: move it to that struct's bind_ file", file, d.Name.Name)
				}
			}
		}
		if structs != 1 {
			t.Errorf("%s declares %d types: one bound struct per file", file, structs)
		}
	}
}
