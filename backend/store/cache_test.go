package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBigCacheIsGivenBack: a connection that took a big page cache (a bulk write, committed or
// rolled back, or a review query) goes back to the pool with SQLite's default cache. The pool
// has one connection here, so the next user gets that very connection.
func TestBigCacheIsGivenBack(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.DB.SetMaxOpenConns(1)
	cache := func() int64 {
		var n int64
		if err := db.DB.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	def := cache()
	if def != -2000 {
		t.Fatalf("default cache_size %d, want -2000 (SQLite's)", def)
	}
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"bulk write committed", func() error {
			return WithBulkTx(ctx, db.DB, func(tx *BulkTx) error {
				if err := tx.BigCache(); err != nil {
					return err
				}
				_, err := tx.Exec(`CREATE TABLE IF NOT EXISTS cache_probe(x)`)
				return err
			})
		}},
		{"bulk write rolled back", func() error {
			err := WithBulkTx(ctx, db.DB, func(tx *BulkTx) error {
				if err := tx.BigCache(); err != nil {
					return err
				}
				return errors.New("stop")
			})
			if err == nil || err.Error() != "stop" {
				t.Errorf("rolled back: %v, want the caller's error alone", err)
			}
			return nil
		}},
		{"review query", func() error {
			c, err := BigCacheConn(ctx, db.DB)
			if err != nil {
				return err
			}
			var n int64
			if err := c.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&n); err != nil || n != -131072 {
				t.Errorf("inside: cache_size %d, %v; want -131072", n, err)
			}
			return c.Close()
		}},
	} {
		if err := tc.run(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := cache(); got != def {
			t.Errorf("%s: the pooled connection kept cache_size %d, want %d", tc.name, got, def)
		}
	}
}

// TestCacheSizeOnlyThroughStore: no package sets a connection's page cache itself; a setting left
// on a pooled connection outlives the work that set it (BigCache, BigCacheConn give it back).
func TestCacheSizeOnlyThroughStore(t *testing.T) {
	root := filepath.Join("..")
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		if filepath.Dir(path) == "." || strings.HasPrefix(path, filepath.Join("..", "store")+string(filepath.Separator)) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(strings.ToLower(string(b)), "cache_size") {
			t.Errorf("%s sets a connection's cache_size: use store.BulkTx.BigCache or store.BigCacheConn", path)
		}
		return nil
	})
}
