package gstr2a

import (
	"context"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// BenchmarkParse100k measures Parse of a 100,000-invoice answer.
func BenchmarkParse100k(b *testing.B) {
	raw := genListing(100_000, 1)
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Parse(raw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIngest100k measures Parse plus Save of a 100,000-invoice answer into a fresh database.
func BenchmarkIngest100k(b *testing.B) {
	raw := genListing(100_000, 1)
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	i := 0
	for b.Loop() {
		l, err := Parse(raw)
		if err != nil {
			b.Fatal(err)
		}
		i++
		if _, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "ws", GSTIN: "27AAPFU0939F1ZV", Period: "2024-01", FetchedAt: time.Unix(int64(i), 0), Listing: l}); err != nil {
			b.Fatal(err)
		}
	}
}
