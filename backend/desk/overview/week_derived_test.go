package overview_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

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
	"gstdesk/backend/period/periodtest"
)

// reopenWorkspace is a generated workspace (a year and two months of 2A with non-filers and a
// cancelled supplier, three months of 2B, IMS listing last month's first documents as pending)
// with the writes the week is read after: each kind of change, and nothing.
type reopenWorkspace struct {
	t      *testing.T
	dir    string
	dk     *desk.Desk
	writes []struct {
		name string
		do   func()
	}
}

func newReopenWorkspace(t *testing.T, seed uint64) *reopenWorkspace {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 36))
	w := &reopenWorkspace{t: t, dir: t.TempDir()}
	c, _ := coretest.OpenAt(t, w.dir, nil, nil)
	w.dk = desk.New(c)
	ws := c.Workspace()
	today, _ := period.ParseMonth(itcrisk.Today(c.Now())[:7])
	month := func(n int) string {
		return time.Date(today.Year, today.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	}
	pull2A := func(p string) {
		if _, err := gstr2a.Ingest(ctx, c.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: p,
			FetchedAt: time.Now(), Raw: gstr2atest.Listing(250+rng.IntN(500), rng.Uint64())}, nil); err != nil {
			t.Fatal(err)
		}
	}
	pull2B := func(p string, n int) {
		if _, err := gstr2b.Save(ctx, c.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
			Raw: twoBMonth(ws.GSTIN, p, n), FetchedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	last := month(-1)
	rtn := last[5:] + last[:4]
	// IMS's b2b list: the first n documents of supplier 0 in last month's 2B, with their actions.
	listIMS := func(actions ...string) {
		var recs []string
		for i, a := range actions {
			tax := 180 + i
			recs = append(recs, fmt.Sprintf(`{"action":"%s","camt":0,"cess":0,"hash":"h%d","iamt":%d,"idt":"%02d-%s","inum":"B/%s/0/%06d","inv_typ":"R","ispendactblocked":"N","pos":"29","rtnprd":"%s","samt":0,"srcfilstatus":"Filed","srcform":"R1","stin":"%s","txval":%d,"val":%d}`,
				a, i, tax, 1+i%28, last[5:]+"-"+last[:4], rtn, i, rtn, gstr2atest.GSTIN(0), 1000+i, 1180+2*i))
		}
		recs2, err := ims.Parse("b2b", []byte(`{"b2b":[`+strings.Join(recs, ",")+`]}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ims.Replace(ctx, c.DB.DB, ws.ID, "b2b", recs2, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for i := -14; i < 0; i++ {
		pull2A(month(i))
	}
	for i := -4; i < 0; i++ {
		pull2B(month(i), 200*(1+rng.IntN(3)))
	}
	listIMS("P", "P", "N", "N", "P")
	add := func(name string, do func()) {
		w.writes = append(w.writes, struct {
			name string
			do   func()
		}{name, do})
	}
	add("nothing written", func() {})
	add("a new 2B", func() { pull2B(last, 800) }) // last month's again, with more documents
	add("a 2A pulled again", func() { pull2A(month(-3 - rng.IntN(8))) })
	add("a claim held", func() {
		if _, err := w.dk.Recon.SetClaim(ctx, reconcile.ClaimRequest{Supplier: gstr2atest.GSTIN(0),
			Number: fmt.Sprintf("B/%s/%d/%06d", rtn, 0, 10+rng.IntN(190)), State: "hold", Period: last}); err != nil {
			t.Fatal(err)
		}
	})
	add("an IMS action", func() { listIMS("A", "P", "P", "P", "R") }) // the claim moves: pending out, accepted in
	add("a register run", func() {
		sn, err := gstr2b.LatestSnapshot(ctx, c.DB.DB, ws.ID, last)
		if err != nil {
			t.Fatal(err)
		}
		page, err := w.dk.Returns.GSTR2BDocuments(ctx, sn.ID, gstr2b.DocQuery{Section: "b2b", Limit: 400})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n")
		for i, d := range page.Rows {
			if i%7 == 3 {
				continue // not booked
			}
			b.WriteString(strings.Join([]string{d.Supplier, "S", d.Number, d.Date, d.POS, d.ReverseCharge, d.Value.Decimal(), d.Taxable.Decimal(),
				d.IGST.Decimal(), d.CGST.Decimal(), d.SGST.Decimal(), d.Cess.Decimal(), "invoice"}, ",") + "\n")
		}
		path := filepath.Join(t.TempDir(), "purchases.csv")
		if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := w.dk.Recon.Against2B(ctx, path, periodtest.Month(last), periodtest.Month(last)); err != nil {
			t.Fatal(err)
		}
	})
	add("nothing written again", func() {})
	return w
}

// reads returns the week the open desk reads, the week a desk opened again on the same data
// reads first (from the database, counted) and the week a desk that keeps nothing reads.
func (w *reopenWorkspace) reads() (live, reopened, fresh overview.Week, fromRow bool) {
	t, ctx := w.t, context.Background()
	live, err := w.dk.Overview.ThisWeek(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c2, _ := coretest.OpenAt(t, w.dir, nil, nil)
	before := overview.KeptWeekReads()
	reopened, err = desk.New(c2).Overview.ThisWeek(ctx)
	fromRow = overview.KeptWeekReads() == before+1
	c2.Close()
	if err != nil {
		t.Fatal(err)
	}
	overview.SetKeepWeek(false)
	defer overview.SetKeepWeek(true)
	c3, _ := coretest.OpenAt(t, w.dir, nil, nil)
	fresh, err = desk.New(c3).Overview.ThisWeek(ctx)
	c3.Close()
	if err != nil {
		t.Fatal(err)
	}
	return live, reopened, fresh, fromRow
}

// TestWeekKeptAcrossReopen: after each kind of write (a new 2B, a new 2A pull, a claim held, an
// IMS action, a register run, nothing), the week a desk opened again reads first comes from the
// row the open desk kept in the database, and equals the week a desk that keeps nothing reads
// from the same data; so does the open desk's.
func TestWeekKeptAcrossReopen(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			w := newReopenWorkspace(t, seed)
			var prev overview.Week
			for k, wr := range w.writes {
				wr.do()
				live, reopened, fresh, fromRow := w.reads()
				if !fromRow {
					t.Errorf("%s: the reopened desk did not read the week kept in the database", wr.name)
				}
				if !reflect.DeepEqual(reopened, fresh) {
					t.Errorf("%s: the week kept in the database differs from a fresh read:\n%+v\n%+v", wr.name, reopened, fresh)
				}
				if !reflect.DeepEqual(live, fresh) {
					t.Errorf("%s: the open desk's week differs from a fresh read:\n%+v\n%+v", wr.name, live, fresh)
				}
				if fresh.Rule37ATotal == 0 || fresh.Claim == nil || fresh.IMS.Pending == 0 {
					t.Errorf("%s: nothing to compare (Rule 37A %v, claim %v, IMS %+v)", wr.name, fresh.Rule37ATotal, fresh.Claim, fresh.IMS)
				}
				// The writes that change what the week shows must show: a kept week that never
				// changed would pass the comparisons above only if the fresh read were wrong too.
				if k > 0 && !strings.HasPrefix(wr.name, "nothing") && wr.name != "a 2A pulled again" && reflect.DeepEqual(fresh, prev) {
					t.Errorf("%s: the week did not change", wr.name)
				}
				prev = fresh
			}
		})
	}
}

// TestWeekKeptKeyBroken: a digest that leaves out a part the week is read from (Table 4 of the
// month) keeps a week that is wrong after a write to that part (a claim held), and the comparison
// of TestWeekKeptAcrossReopen catches it.
func TestWeekKeptKeyBroken(t *testing.T) {
	for _, c := range []struct{ part, write string }{{"table4", "a claim held"}} {
		t.Run(c.part, func(t *testing.T) {
			w := newReopenWorkspace(t, 7)
			overview.SetWeekKeyLeaves(c.part)
			defer overview.SetWeekKeyLeaves("")
			caught := false
			for _, wr := range w.writes {
				wr.do()
				_, reopened, fresh, _ := w.reads()
				if wr.name == c.write {
					caught = !reflect.DeepEqual(reopened, fresh)
					break
				}
			}
			if !caught {
				t.Errorf("with %s left out of the digest, the week kept after %s equals a fresh read: the test would not catch a broken key", c.part, c.write)
			}
		})
	}
}
