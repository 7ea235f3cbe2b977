package gstr2b

import (
	"context"
	"fmt"
	"gstdesk/backend/benchcpu"
	"strings"
	"testing"
	"time"
)

// synthetic writes a post-October-2024 GSTR-2B of n invoices over n/200 suppliers.
func synthetic(n int) []byte {
	var b strings.Builder
	b.Grow(n * 260)
	b.WriteString(`{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","itcsumm":{},"cpsumm":{},"docdata":{"b2b":[`)
	sups := max(1, n/200)
	for s := 0; s < sups; s++ {
		if s > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"ctin":"29AABCT%04dL1ZT","trdnm":"SUPPLIER %d","supfildt":"11-11-2025","supprd":"102025","inv":[`, s%10000, s)
		for i := 0; i < 200 && s*200+i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"inum":"INV/%d/%06d","typ":"R","dt":"%02d-10-2025","val":%d.18,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d.18,"cgst":0,"sgst":0,"cess":0}`,
				s, i, 1+i%28, 1000+i, 1000+i, 180+i)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}}}`)
	return []byte(b.String())
}

// BenchmarkSave100k is the ingest of a GSTR-2B of 100,000 documents: read, checked and stored.
func BenchmarkSave100k(b *testing.B) {
	raw := synthetic(100000)
	db := openDB(b)
	ctx := context.Background()
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			if _, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "27AAPFU0939F1ZV", Source: SourceAPI, Raw: raw,
				FetchedAt: time.Date(2025, 11, 20, 0, 0, i, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParse100k is the reading and checking alone of a GSTR-2B of 100,000 documents.
func BenchmarkParse100k(b *testing.B) {
	raw := synthetic(100000)
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			if _, err := Parse(raw, FromService); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDocumentsPage is one page of 200 documents of a 100,000-document snapshot, filtered
// by section, in a workspace holding ten such snapshots (a million documents).
func BenchmarkDocumentsPage(b *testing.B) {
	raw := synthetic(100000)
	db := openDB(b)
	ctx := context.Background()
	var snap Snapshot
	for i := 0; i < 10; i++ {
		var err error
		if snap, err = Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "27AAPFU0939F1ZV", Source: SourceAPI, Raw: raw,
			FetchedAt: time.Date(2025, 11, 20, 0, 0, i, 0, time.UTC)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			if _, err := Documents(ctx, db.DB, snap, DocQuery{Section: "b2b", Offset: 50000, Limit: 200}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
