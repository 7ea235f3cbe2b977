package overview_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2a/gstr2atest"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// twoBMonth is a GSTR-2B answer of period p (YYYY-MM) with n b2b documents over n/200 suppliers.
func twoBMonth(gstin, p string, n int) []byte {
	var doc strings.Builder
	rtn := p[5:] + p[:4]
	fmt.Fprintf(&doc, `{"chksum":"x","data":{"gstin":"%s","rtnprd":"%s","version":"1.0","gendt":"14-%s","docdata":{"b2b":[`, gstin, rtn, p[5:]+"-"+p[:4])
	var itc int64
	for sup := 0; sup < n/200; sup++ {
		if sup > 0 {
			doc.WriteByte(',')
		}
		fmt.Fprintf(&doc, `{"ctin":"%s","trdnm":"SUPPLIER %d","supfildt":"11-%s","supprd":"%s","inv":[`, gstr2atest.GSTIN(sup), sup, p[5:]+"-"+p[:4], rtn)
		for i := 0; i < 200; i++ {
			if i > 0 {
				doc.WriteByte(',')
			}
			itc += int64(180 + i)
			fmt.Fprintf(&doc, `{"inum":"B/%s/%d/%06d","typ":"R","dt":"%02d-%s","val":%d,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
				rtn, sup, i, 1+i%28, p[5:]+"-"+p[:4], 1180+2*i, 1000+i, 180+i)
		}
		doc.WriteString(`]}`)
	}
	fmt.Fprintf(&doc, `]},"itcsumm":{"itcavl":{"nonrevsup":{"igst":%d,"cgst":0,"sgst":0,"cess":0}}}}}`, itc)
	return []byte(doc.String())
}

// imsList is IMS's b2b list of the first n documents of twoBMonth(p) (200 a supplier), pending
// but for the document at flip (accepted).
func imsList(b *testing.B, p string, n, flip int) []ims.Record {
	rtn := p[5:] + p[:4]
	var recs []string
	for i := 0; i < n; i++ {
		sup, j := i/200, i%200
		a := "P"
		if i == flip%n {
			a = "A"
		}
		recs = append(recs, fmt.Sprintf(`{"action":"%s","camt":0,"cess":0,"hash":"h%d","iamt":%d,"idt":"%02d-%s","inum":"B/%s/%d/%06d","inv_typ":"R","ispendactblocked":"N","pos":"29","rtnprd":"%s","samt":0,"srcfilstatus":"Filed","srcform":"R1","stin":"%s","txval":%d,"val":%d}`,
			a, i, 180+j, 1+j%28, p[5:]+"-"+p[:4], rtn, sup, j, rtn, gstr2atest.GSTIN(sup), 1000+j, 1180+2*j))
	}
	out, err := ims.Parse("b2b", []byte(`{"b2b":[`+strings.Join(recs, ",")+`]}`))
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkDashboard1M reads the dashboard of a workspace holding 1,000,000 documents (set
// GSTDESK_BENCH_DOCS for another size): twelve months of GSTR-2A (60 %, with non-filers and a
// cancelled supplier) and eight months of GSTR-2B (40 %, up to the month before this one).
// "glance" is Overview.Dashboard (the window's first call); "week-read" is ThisWeek with the
// database's file touched before each read (the week read again: the month's Table 4 worksheet,
// IMS, the ITC calendars of two years; the first read after the database is opened reads every
// pull); "week-after-claim" is ThisWeek after a claim decision (every worksheet built again);
// "week-kept" is ThisWeek with nothing changed.
func BenchmarkDashboard1M(b *testing.B) {
	total := 1_000_000
	if v, err := strconv.Atoi(os.Getenv("GSTDESK_BENCH_DOCS")); err == nil && v > 0 {
		total = v
	}
	// GSTDESK_BENCH_DIR keeps the workspace in a folder: a folder holding one already is used as
	// it is (the setup is most of the run's time); the claims moved by week-after-claim stay.
	dir, reuse := os.Getenv("GSTDESK_BENCH_DIR"), false
	if dir == "" {
		dir = b.TempDir()
	} else if _, err := os.Stat(filepath.Join(dir, store.FileName)); err == nil {
		reuse = true
	}
	if os.Getenv("GSTDESK_BENCH_COLD") != "" { // the week never read from the database (profiling the build)
		overview.SetKeepWeek(false)
		defer overview.SetKeepWeek(true)
	}
	c, _ := coretest.OpenAt(b, dir, nil, nil)
	dk := desk.New(c)
	ctx := context.Background()
	ws := c.Workspace()
	today, _ := period.ParseMonth(itcrisk.Today(c.Now())[:7])
	month := func(n int) string {
		return time.Date(today.Year, today.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	}
	n2A, n2B := total*6/10/12, total*4/10/8
	start := time.Now()
	for i := -12; i < 0 && !reuse; i++ {
		if _, err := gstr2a.Ingest(ctx, c.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: month(i),
			FetchedAt: time.Now(), Raw: gstr2atest.Listing(n2A, uint64(20+i))}, nil); err != nil {
			b.Fatal(err)
		}
	}
	for i := -8; i < 0 && !reuse; i++ {
		if _, err := gstr2b.Save(ctx, c.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
			Raw: twoBMonth(ws.GSTIN, month(i), n2B), FetchedAt: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("%d GSTR-2A and %d GSTR-2B documents stored in %v", 12*n2A, 8*n2B, time.Since(start).Round(time.Millisecond))
	// reopen closes the database and opens it again: the app started again.
	reopen := func() {
		c.Close()
		c, _ = coretest.OpenAt(b, dir, nil, nil)
		dk = desk.New(c)
	}
	// weekAfter runs setup before each read of the week, untimed, and reports the reads' CPU and
	// wall time alone.
	weekAfter := func(b *testing.B, setup func(i int)) {
		var cpu, wall time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			setup(i)
			b.StartTimer()
			c0, w0 := benchcpu.Used(), time.Now()
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
			cpu, wall = cpu+benchcpu.Used()-c0, wall+time.Since(w0)
		}
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64(wall.Milliseconds())/float64(b.N), "wall-ms/op")
	}
	b.ResetTimer()
	b.Run("glance", func(b *testing.B) {
		benchcpu.Report(b, func() {
			for i := 0; i < b.N; i++ {
				if _, err := dk.Overview.Dashboard(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	// The first read since the database was opened reads every pull: timed on its own.
	first, firstCPU, firstWall := true, time.Duration(0), time.Duration(0)
	b.Run("week-read", func(b *testing.B) {
		benchcpu.Report(b, func() {
			for i := 0; i < b.N; i++ {
				t := time.Now().Add(time.Duration(i+1) * time.Second)
				if err := os.Chtimes(c.DB.Path, t, t); err != nil {
					b.Fatal(err)
				}
				cpu, wall := benchcpu.Used(), time.Now()
				if _, err := dk.Overview.ThisWeek(ctx); err != nil {
					b.Fatal(err)
				}
				if first {
					first, firstCPU, firstWall = false, benchcpu.Used()-cpu, time.Since(wall)
				}
			}
		})
		b.ReportMetric(float64(firstCPU.Milliseconds()), "first-cpu-ms")
		b.ReportMetric(float64(firstWall.Milliseconds()), "first-wall-ms")
	})
	// A write the week reads: a document of last month's 2B moved between hold and claim before
	// each read (every month's worksheet is built again; the 2A and 2B pulls and the calendars
	// are kept).
	b.Run("week-after-claim", func(b *testing.B) {
		weekAfter(b, func(i int) {
			// Held, or claimed when it is held already (a workspace kept by GSTDESK_BENCH_DIR
			// keeps the decisions of the runs before).
			for _, state := range []string{"hold", "claim"} {
				res, err := dk.Recon.SetClaim(ctx, reconcile.ClaimRequest{Supplier: gstr2atest.GSTIN(0),
					Number: fmt.Sprintf("B/%s/%d/%06d", month(-1)[5:]+month(-1)[:4], 0, i%200), State: state, Period: month(-1)})
				if err != nil {
					b.Fatal(err)
				}
				if res.Changed > 0 {
					break
				}
			}
		})
	})
	// An IMS action: IMS's b2b list of last month's first 2,000 documents listed again with one
	// document's action changed before each read (only the week's read timed).
	b.Run("week-after-ims", func(b *testing.B) {
		weekAfter(b, func(i int) {
			if _, err := ims.Replace(ctx, c.DB.DB, ws.ID, "b2b", imsList(b, month(-1), 2000, i), time.Now()); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("week-kept", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The first read after the database is opened again (the app started again, nothing written
	// since the week was last read): only the reopened desk's first ThisWeek is timed.
	b.Run("week-read, first after reopen", func(b *testing.B) {
		weekAfter(b, func(i int) {
			reopen()
		})
	})
	// The first change after the app starts again: the desk reopened, the week given from the
	// database, its parts built in the background (waited for: the next read waits on them), then
	// an IMS action; only the week's read after the action is timed.
	b.Run("week-after-ims, first change after reopen", func(b *testing.B) {
		weekAfter(b, func(i int) {
			reopen()
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
			time.Sleep(3 * time.Second) // the background build starts 2 s after; this read waits for it
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
			if _, err := ims.Replace(ctx, c.DB.DB, ws.ID, "b2b", imsList(b, month(-1), 2000, 1000+i), time.Now()); err != nil {
				b.Fatal(err)
			}
		})
	})
}
