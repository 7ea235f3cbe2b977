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

// syntheticAll writes a GSTR-2B (v4.0 shape) of n documents spread over every section: b2b, b2ba,
// cdnr, cdnra, isd, isda, impg, impgsez, ecom, ecoma, itcrev's four, and docRejdata's b2b and
// cdnr; 200 documents a supplier.
func syntheticAll(n int) []byte {
	type sec struct{ part, name, list string }
	secs := []sec{{"docdata", "b2b", "inv"}, {"docdata", "b2ba", "inv"}, {"docdata", "cdnr", "nt"}, {"docdata", "cdnra", "nt"},
		{"docdata", "isd", "doclist"}, {"docdata", "isda", "doclist"}, {"docdata", "impg", ""}, {"docdata", "impgsez", "boe"},
		{"docdata", "ecom", "inv"}, {"docdata", "ecoma", "inv"}, {"itcrev", "b2b", "inv"}, {"itcrev", "b2ba", "inv"}, {"itcrev", "cdnr", "nt"},
		{"itcrev", "cdnra", "nt"}, {"docRejdata", "b2b", "inv"}, {"docRejdata", "cdnr", "nt"}}
	per := n / len(secs)
	doc := func(b *strings.Builder, s sec, i int) {
		switch s.name {
		case "b2b", "b2ba", "ecom", "ecoma":
			fmt.Fprintf(b, `{"inum":"%s/%d","typ":"R","dt":"%02d-10-2025","val":%d.18,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N"`, s.name, i, 1+i%28, 1000+i)
			if s.part != "itcrev" {
				fmt.Fprintf(b, `,"txval":%d,"igst":%d.18,"cgst":0,"sgst":0,"cess":0`, 1000+i, 180+i)
			}
			if strings.HasSuffix(s.name, "a") {
				fmt.Fprintf(b, `,"oinum":"O/%d","oidt":"01-09-2025"`, i)
			}
		case "cdnr", "cdnra":
			fmt.Fprintf(b, `{"ntnum":"N/%d","typ":"C","suptyp":"R","dt":"%02d-10-2025","val":%d,"pos":"27","rev":"N","itcavl":"Y","rsn":""`, i, 1+i%28, 118+i)
			if s.part != "itcrev" {
				fmt.Fprintf(b, `,"txval":%d,"igst":18,"cgst":0,"sgst":0,"cess":0`, 100+i)
			}
			if s.name == "cdnra" {
				fmt.Fprintf(b, `,"onttyp":"C","ontnum":"ON/%d","ontdt":"01-09-2025"`, i)
			}
		case "isd", "isda":
			fmt.Fprintf(b, `{"doctyp":"ISDI","docnum":"ISD/%d","docdt":"31-10-2025","igst":0,"cgst":%d,"sgst":%d,"cess":0,"itcelg":"Y"`, i, 50+i%7, 50+i%7)
			if s.name == "isda" {
				fmt.Fprintf(b, `,"odoctyp":"ISDI","odocnum":"OISD/%d","odocdt":"30-09-2025"`, i)
			}
		default:
			fmt.Fprintf(b, `{"refdt":"15-10-2025","recdt":"16-10-2025","portcode":"INNSA1","boenum":"%d","boedt":"15-10-2025","isamd":"N","txval":%d,"igst":%d.5,"cess":0`, 9000000+i, 10000+i, 1800+i)
		}
		b.WriteByte('}')
	}
	list := func(b *strings.Builder, s sec) {
		b.WriteString(`"` + s.name + `":[`)
		if s.list == "" {
			for i := 0; i < per; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				doc(b, s, i)
			}
			b.WriteByte(']')
			return
		}
		for sp := 0; sp*200 < per; sp++ {
			if sp > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `{"ctin":"29AABCT%04dL1ZT","trdnm":"SUPPLIER %d","supfildt":"11-11-2025","supprd":"102025","%s":[`, sp%10000, sp, s.list)
			for i := sp * 200; i < min(per, sp*200+200); i++ {
				if i > sp*200 {
					b.WriteByte(',')
				}
				doc(b, s, i)
			}
			b.WriteString(`]}`)
		}
		b.WriteByte(']')
	}
	var b strings.Builder
	b.Grow(n * 300)
	b.WriteString(`{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","itcsumm":{},"cpsumm":{},"docdata":{`)
	first := true
	for _, s := range secs {
		if s.part != "docdata" {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		list(&b, s)
	}
	b.WriteString(`,"itcrev":[{`)
	first = true
	for _, s := range secs {
		if s.part == "itcrev" {
			if !first {
				b.WriteByte(',')
			}
			first = false
			list(&b, s)
		}
	}
	b.WriteString(`}]},"docRejdata":{`)
	first = true
	for _, s := range secs {
		if s.part == "docRejdata" {
			if !first {
				b.WriteByte(',')
			}
			first = false
			list(&b, s)
		}
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

// BenchmarkSave100kAllSections is the ingest of a GSTR-2B of 100,000 documents spread over every
// section (itcrev and docRejdata included): read, checked and stored.
func BenchmarkSave100kAllSections(b *testing.B) {
	raw := syntheticAll(100000)
	db := openDB(b)
	ctx := context.Background()
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			// Each a new generation: the same one stored again is a copy, not a shrink, and is stored too.
			if _, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "27AAPFU0939F1ZV", Source: SourceAPI, Raw: raw,
				FetchedAt: time.Date(2025, 11, 20, 0, 0, i, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParse100kAllSections is the reading and checking alone of that return.
func BenchmarkParse100kAllSections(b *testing.B) {
	raw := syntheticAll(100000)
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			r, err := Parse(raw, FromService)
			if err != nil {
				b.Fatal(err)
			}
			if len(r.Notices) > 0 {
				b.Fatal(r.Notices)
			}
		}
	})
}
