package gstr2a

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"gstdesk/backend/gstr2a/gstr2atest"
	"gstdesk/backend/store"
)

// genWhole builds a whole GSTR-2A of about n documents spread evenly over every section (B2B,
// amendments and notes with 1-2 items, ISD documents, bills of entry, TDS/TCS entries), 50
// documents per supplier, deterministic.
func genWhole(n int) []byte {
	per := n / len(Sections)
	var b bytes.Buffer
	b.Grow(n * 330)
	b.WriteString(`{"gstin":"27AAPFU0939F1ZV","fp":"052025"`)
	item := func(k int) string {
		s := fmt.Sprintf(`{"num":1,"itm_det":{"rt":18,"txval":%d.%02d,"iamt":%d.%02d,"csamt":0}}`, 1000+k%9000, k%100, 180+k%1620, k%100)
		if k%2 == 0 {
			s += fmt.Sprintf(`,{"num":2,"itm_det":{"rt":5,"txval":%d,"camt":%d.5,"samt":%d.5}}`, 200+k%500, 5+k%12, 5+k%12)
		}
		return s
	}
	for _, sec := range Sections {
		fmt.Fprintf(&b, `,"%s":[`, sec)
		for i := 0; i < per; i++ {
			k := i + 7*len(sec)
			if flatSection(sec) {
				if i > 0 {
					b.WriteByte(',')
				}
				switch sec {
				case "impg", "impgsez":
					fmt.Fprintf(&b, `{"refdt":"28-05-2025","portcd":"INNSA%d","benum":%d,"bedt":"%02d-05-2025","txval":%d.%02d,"iamt":%d.%02d,"csamt":0,"amd":"N"`,
						k%9, 2000000+k, 1+k%28, 10000+k%90000, k%100, 1800+k%16200, k%100)
					if sec == "impgsez" {
						fmt.Fprintf(&b, `,"sgstin":"%s","tdname":"SEZ unit %d"`, gstr2atest.GSTIN(k%300), k%300)
					}
					b.WriteByte('}')
				default:
					fmt.Fprintf(&b, `{"ctin":"%s","chksum":"c%d","month":"May-25","amt_ded":%d,"iamt":0,"camt":%d,"samt":%d}`,
						gstr2atest.GSTIN(k%300), k, 10000+k, 100+k%100, 100+k%100)
				}
				continue
			}
			if i%50 == 0 {
				if i > 0 {
					b.WriteString(`]},`)
				}
				fmt.Fprintf(&b, `{"ctin":"%s","cfs":"Y","cfs3b":"Y","fldtr1":"11-Jun-25","flprdr1":"May-25","dtcancel":"","%s":[`,
					gstr2atest.GSTIN(i/50), map[string]string{"cdn": "nt", "cdna": "nt", "isd": "doclist", "isda": "doclist"}[sec]+map[bool]string{true: "inv", false: ""}[sec == "b2b" || sec == "b2ba" || sec == "ecom" || sec == "ecoma"])
			} else {
				b.WriteByte(',')
			}
			switch sec {
			case "cdn", "cdna":
				fmt.Fprintf(&b, `{"chksum":"n%d","ntty":"%s","nt_num":"CN-%d","nt_dt":"%02d-05-2025","p_gst":"N","inum":"INV-%d","idt":"01-04-2025","val":%d,"pos":"27","rchrg":"N","inv_typ":"R"`,
					k, map[bool]string{true: "C", false: "D"}[k%3 != 0], k, 1+k%28, k, 1200+k%9000)
				if sec == "cdna" {
					fmt.Fprintf(&b, `,"ont_num":"CN-%d-O","ont_dt":"01-04-2025"`, k)
				}
				fmt.Fprintf(&b, `,"itms":[%s]}`, item(k))
			case "isd", "isda":
				fmt.Fprintf(&b, `{"chksum":"i%d","isd_docty":"%s","docnum":"ISD-%d","docdt":"%02d-05-2025","itc_elg":"Y","iamt":%d,"camt":%d,"samt":%d,"cess":0`,
					k, map[bool]string{true: "ISD", false: "ISDCN"}[k%5 != 0], k, 1+k%28, 100+k%900, 50+k%90, 50+k%90)
				if sec == "isda" {
					fmt.Fprintf(&b, `,"odocnum":"ISD-%d-O","odocdt":"01-04-2025"`, k)
				}
				b.WriteByte('}')
			default:
				fmt.Fprintf(&b, `{"chksum":"v%d","inum":"%s-%d","idt":"%02d-05-2025","val":%d.%02d,"pos":"27","rchrg":"N","inv_typ":"R"`,
					k, sec, k, 1+k%28, 1200+k%9000, k%100)
				if sec == "b2ba" || sec == "ecoma" {
					fmt.Fprintf(&b, `,"oinum":"%s-%d-O","oidt":"01-04-2025"`, sec, k)
				}
				fmt.Fprintf(&b, `,"itms":[%s]}`, item(k))
			}
		}
		if !flatSection(sec) && per > 0 {
			b.WriteString(`]}`)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes()
}

func TestGenWhole(t *testing.T) {
	r, err := ParseReturn(genWhole(1200))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.B2B.InvoiceCount() + len(r.Documents); got != 1200 {
		t.Errorf("%d documents, want 1200", got)
	}
	if len(r.Notices) != 2 { // the tds and tcs notes
		t.Errorf("notices: %q", r.Notices)
	}
}

// BenchmarkIngestWhole100k measures Ingest of a whole GSTR-2A of 100,000 documents spread
// over every section (about 8,300 each), into a database that already holds earlier pulls.
func BenchmarkIngestWhole100k(b *testing.B) {
	raw := genWhole(100_000)
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	b.SetBytes(int64(len(raw)))
	i := 0
	loop(b, func() {
		i++
		snap, err := Ingest(ctx, db.DB, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2025-05",
			FetchedAt: time.Unix(int64(i), 0), Whole: raw}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if snap.Invoices+snap.Documents < 99_990 {
			b.Fatalf("%d invoices and %d documents", snap.Invoices, snap.Documents)
		}
	})
}

// BenchmarkParseReturn100k measures ParseReturn of the same return (reading only).
func BenchmarkParseReturn100k(b *testing.B) {
	raw := genWhole(100_000)
	b.SetBytes(int64(len(raw)))
	loop(b, func() {
		if _, err := ParseReturn(raw); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkDocumentPage measures pages of the document table over the same return (about
// 92,000 documents besides B2B): a count and sums of the filtered documents and a page of 50.
func BenchmarkDocumentPage(b *testing.B) {
	raw := genWhole(100_000)
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := Ingest(ctx, db.DB, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2025-05",
		FetchedAt: time.Unix(1, 0), Whole: raw}, nil); err != nil {
		b.Fatal(err)
	}
	sc := Scope{WorkspaceID: "ws", Periods: []string{"2025-05"}}
	for _, tc := range []struct {
		name string
		q    DocumentQuery
	}{
		{"unfiltered", DocumentQuery{Limit: 50, Offset: 40_000}},
		{"credit-notes-by-tax", DocumentQuery{Filter: DocumentFilter{Kind: KindCreditNote}, Sort: DocSortTax, Desc: true, Limit: 50}},
		{"section", DocumentQuery{Filter: DocumentFilter{Section: "impg"}, Limit: 50}},
		{"number", DocumentQuery{Filter: DocumentFilter{Number: "CN-77"}, Limit: 50}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			loop(b, func() {
				if _, err := Documents(ctx, db.DB, sc, tc.q); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
