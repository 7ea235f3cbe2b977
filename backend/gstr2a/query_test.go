package gstr2a

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/store"
)

const (
	s1 = "27AAPFU0939F1ZV"
	s2 = "29AABCF8078M1C8"
	s3 = "07AAACI1681G1ZD"
)

const jan = `{"b2b":[
{"cfs":"Y","cfs3b":"Y","ctin":"27AAPFU0939F1ZV","fldtr1":"11-Feb-24","flprdr1":"Jan-24","inv":[
 {"chksum":"a1","idt":"05-01-2024","inum":"A1","inv_typ":"R","irn":"IRN1","irngendate":"05-01-2024","srctyp":"e-Invoice","itms":[{"itm_det":{"camt":90,"rt":18,"samt":90,"txval":1000},"num":1801}],"pos":"27","rchrg":"N","val":1180},
 {"chksum":"a2","idt":"20-01-2024","inum":"A2","inv_typ":"R","itms":[{"itm_det":{"camt":5,"rt":5,"samt":5,"txval":200},"num":501},{"itm_det":{"camt":6,"rt":12,"samt":6,"txval":100},"num":1201}],"pos":"27","rchrg":"Y","val":322}]},
{"cfs":"N","cfs3b":"N","ctin":"29AABCF8078M1C8","dtcancel":"15-01-2024","inv":[
 {"chksum":"b1","idt":"10-01-2024","inum":"B_1%","inv_typ":"SEZWP","itms":[{"itm_det":{"iamt":1,"rt":0.25,"txval":400},"num":1}],"pos":"29","rchrg":"N","val":401}]},
{"cfs":"Y","cfs3b":"N","ctin":"07AAACI1681G1ZD","fldtr1":"09-Feb-24","flprdr1":"Jan-24","inv":[
 {"chksum":"c1","diff_percent":0.65,"idt":"31-01-2024","inum":"C1","inv_typ":"DE","irn":"IRN2","itms":[{"itm_det":{"csamt":60,"iamt":140,"rt":28,"txval":500},"num":1}],"pos":"07","rchrg":"N","val":700}]}]}`

const feb = `{"b2b":[
{"cfs":"Y","cfs3b":"Y","ctin":"27AAPFU0939F1ZV","fldtr1":"11-Mar-24","flprdr1":"Feb-24","inv":[
 {"chksum":"d1","idt":"02-02-2024","inum":"D1","inv_typ":"R","itms":[{"itm_det":{"iamt":360,"rt":18,"txval":2000},"num":1}],"pos":"27","rchrg":"N","val":2360}]}]}`

var testNames = map[string]string{s1: "Acme Traders", s2: "Zenith Exports"}

func namesFn(calls *int) Names {
	return func(gstins []string) map[string]string {
		if calls != nil {
			*calls++
		}
		out := map[string]string{}
		for _, g := range gstins {
			if n, ok := testNames[g]; ok {
				out[g] = n
			}
		}
		return out
	}
}

func fixture(t *testing.T) (*sql.DB, Scope) {
	db := openDB(t)
	ingest(t, db, "w1", "2024-01", 0, []byte(jan))
	ingest(t, db, "w1", "2024-02", 1, []byte(feb))
	return db, Scope{WorkspaceID: "w1", Periods: []string{"2024-01", "2024-02", "2024-03"}}
}

func rupees(r float64) Paise { return Paise(r*100 + 0.5) }

func TestPeriodTotals(t *testing.T) {
	db, sc := fixture(t)
	got, err := PeriodTotals(context.Background(), db, sc)
	if err != nil {
		t.Fatal(err)
	}
	want := Amounts{Value: rupees(1180 + 322 + 401 + 700 + 2360), Taxable: rupees(1000 + 300 + 400 + 500 + 2000),
		IGST: rupees(1 + 140 + 360), CGST: rupees(90 + 11), SGST: rupees(90 + 11), Cess: rupees(60)}
	if got.Invoices != 5 || got.Amounts != want || got.Tax != want.Tax() || got.Suppliers != 3 {
		t.Errorf("totals = %d invoices, %+v, %d suppliers; want 5, %+v", got.Invoices, got.Amounts, got.Suppliers, want)
	}
	wantRates := []RateTotal{
		{Rate: 25, Items: 1, Taxable: rupees(400), IGST: rupees(1)},
		{Rate: 500, Items: 1, Taxable: rupees(200), CGST: rupees(5), SGST: rupees(5)},
		{Rate: 1200, Items: 1, Taxable: rupees(100), CGST: rupees(6), SGST: rupees(6)},
		{Rate: 1800, Items: 2, Taxable: rupees(3000), IGST: rupees(360), CGST: rupees(90), SGST: rupees(90)},
		{Rate: 2800, Items: 1, Taxable: rupees(500), IGST: rupees(140), Cess: rupees(60)},
	}
	if !reflect.DeepEqual(got.ByRate, wantRates) {
		t.Errorf("by rate = %+v\nwant %+v", got.ByRate, wantRates)
	}
	if len(got.ByPeriod) != 2 || got.ByPeriod[0].Period != "2024-01" || got.ByPeriod[0].Invoices != 4 ||
		got.ByPeriod[1].Amounts.Value != rupees(2360) || got.ByPeriod[1].Tax != rupees(360) {
		t.Errorf("by period = %+v", got.ByPeriod)
	}
	// One period only.
	one, err := PeriodTotals(context.Background(), db, Scope{WorkspaceID: "w1", Periods: []string{"2024-02"}})
	if err != nil || one.Invoices != 1 || one.Amounts.IGST != rupees(360) || len(one.ByRate) != 1 {
		t.Errorf("feb totals = %+v, %v", one, err)
	}
}

func TestSuppliersSummary(t *testing.T) {
	db, sc := fixture(t)
	got, err := Suppliers(context.Background(), db, sc, namesFn(nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("suppliers = %+v", got)
	}
	// Largest tax first: s1 (180+22+360 = 562), s3 (200), s2 (1).
	if got[0].GSTIN != s1 || got[1].GSTIN != s3 || got[2].GSTIN != s2 {
		t.Errorf("order = %s %s %s", got[0].GSTIN, got[1].GSTIN, got[2].GSTIN)
	}
	a := got[0]
	if a.Name != "Acme Traders" || a.PAN != "AAPFU0939F" || a.Invoices != 3 || a.Tax != rupees(562) || a.Amounts.Taxable != rupees(3300) ||
		a.FiledGSTR1 != "Y" || a.FiledGSTR3B != "Y" || len(a.NotFiledPeriods) != 0 || a.LastFiledOn != "2024-03-11" ||
		a.LastFiledPeriod != "2024-02" || a.CancelledOn != "" || len(a.Periods) != 2 || a.Periods[1].Invoices != 1 {
		t.Errorf("s1 = %+v", a)
	}
	z := got[2]
	if z.Name != "Zenith Exports" || z.FiledGSTR1 != "N" || z.FiledGSTR3B != "N" || z.CancelledOn != "2024-01-15" ||
		z.CancelledRaw != "15-01-2024" || !reflect.DeepEqual(z.NotFiledPeriods, []string{"2024-01"}) || z.LastFiledOn != "" {
		t.Errorf("s2 = %+v", z)
	}
	c := got[1]
	if c.Name != "" || c.FiledGSTR1 != "Y" || c.FiledGSTR3B != "N" || c.Amounts.Cess != rupees(60) {
		t.Errorf("s3 = %+v", c)
	}
	top, err := TaxBySupplier(context.Background(), db, sc, 2, namesFn(nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(top) != 2 || top[0].GSTIN != s1 || top[0].Name != "Acme Traders" || top[0].Tax != rupees(562) || top[1].GSTIN != s3 {
		t.Errorf("top = %+v", top)
	}
	months, err := TaxByMonth(context.Background(), db, sc)
	if err != nil {
		t.Fatal(err)
	}
	if len(months) != 2 || months[0].Period != "2024-01" || months[0].Tax != rupees(180+22+1+200) || months[1].IGST != rupees(360) {
		t.Errorf("months = %+v", months)
	}
}

func numbers(rows []InvoiceRow) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Number)
	}
	return out
}

func TestInvoiceFilters(t *testing.T) {
	db, sc := fixture(t)
	rate := func(f float64) *float64 { return &f }
	tests := []struct {
		name string
		f    InvoiceFilter
		want []string
	}{
		{"none", InvoiceFilter{}, []string{"A1", "A2", "B_1%", "C1", "D1"}},
		{"supplier gstin part", InvoiceFilter{Supplier: "aabcf"}, []string{"B_1%"}},
		{"supplier name part", InvoiceFilter{Supplier: "acme"}, []string{"A1", "A2", "D1"}},
		{"supplier none", InvoiceFilter{Supplier: "nobody"}, []string{}},
		{"number", InvoiceFilter{Number: "a"}, []string{"A1", "A2"}},
		{"number with wildcards", InvoiceFilter{Number: "_1%"}, []string{"B_1%"}},
		{"number percent only", InvoiceFilter{Number: "%"}, []string{"B_1%"}},
		{"date range", InvoiceFilter{DateFrom: "10/01/2024", DateTo: "2024-01-31"}, []string{"A2", "B_1%", "C1"}},
		{"date from", InvoiceFilter{DateFrom: "01-02-2024"}, []string{"D1"}},
		{"rate 18", InvoiceFilter{Rate: rate(18)}, []string{"A1", "D1"}},
		{"rate 12", InvoiceFilter{Rate: rate(12)}, []string{"A2"}},
		{"rate 0.25", InvoiceFilter{Rate: rate(0.25)}, []string{"B_1%"}},
		{"rate 40", InvoiceFilter{Rate: rate(40)}, []string{}},
		{"pos", InvoiceFilter{POS: "07"}, []string{"C1"}},
		{"reverse charge", InvoiceFilter{ReverseCharge: "Y"}, []string{"A2"}},
		{"type", InvoiceFilter{Type: "sezwp"}, []string{"B_1%"}},
		{"e-invoice", InvoiceFilter{EInvoice: "Y"}, []string{"A1", "C1"}},
		{"not e-invoice", InvoiceFilter{EInvoice: "N"}, []string{"A2", "B_1%", "D1"}},
		{"supplier filed", InvoiceFilter{SupplierFiled: "Y"}, []string{"A1", "A2", "C1", "D1"}},
		{"supplier not filed", InvoiceFilter{SupplierFiled: "N"}, []string{"B_1%"}},
		{"3B not filed", InvoiceFilter{SupplierFiled3B: "N"}, []string{"B_1%", "C1"}},
		{"period", InvoiceFilter{Period: "2024-02"}, []string{"D1"}},
		{"combined", InvoiceFilter{Supplier: "acme", Period: "2024-01", ReverseCharge: "N"}, []string{"A1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := Invoices(context.Background(), db, sc, InvoiceQuery{Filter: tt.f}, namesFn(nil))
			if err != nil {
				t.Fatal(err)
			}
			if got := numbers(page.Rows); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("rows = %v, want %v", got, tt.want)
			}
			var sum Amounts
			for _, r := range page.Rows {
				sum.add(r.Amounts)
			}
			if page.Total != len(tt.want) || page.Totals != sum || page.Tax != sum.Tax() || page.Unfiltered != 5 {
				t.Errorf("total = %d %+v (unfiltered %d), want %d %+v", page.Total, page.Totals, page.Unfiltered, len(tt.want), sum)
			}
		})
	}
	for _, bad := range []InvoiceFilter{{DateFrom: "yesterday"}, {EInvoice: "maybe"}, {SupplierFiled: "x"}} {
		if _, err := Invoices(context.Background(), db, sc, InvoiceQuery{Filter: bad}, nil); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("filter %+v: err = %v, want invalid", bad, err)
		}
	}
	if _, err := Invoices(context.Background(), db, sc, InvoiceQuery{Sort: "colour"}, nil); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad sort: %v", err)
	}
}

func TestInvoiceRowFields(t *testing.T) {
	db, sc := fixture(t)
	page, err := Invoices(context.Background(), db, sc, InvoiceQuery{Filter: InvoiceFilter{Number: "C1"}}, namesFn(nil))
	if err != nil || len(page.Rows) != 1 {
		t.Fatalf("%v %v", page, err)
	}
	r := page.Rows[0]
	if r.Period != "2024-01" || r.SupplierGSTIN != s3 || r.SupplierPAN != "AAACI1681G" || r.SupplierName != "" || r.Date != "2024-01-31" ||
		r.DateRaw != "31-01-2024" || r.Type != "DE" || r.POS != "07" || r.ReverseCharge != "N" || r.Amounts.Value != rupees(700) ||
		r.Amounts.IGST != rupees(140) || r.Amounts.Cess != rupees(60) || r.Tax != rupees(200) || *r.DiffPercent != 65 ||
		r.IRN != "IRN2" || r.CFS != "Y" || r.CFS3B != "N" || r.Items != 1 || r.Checksum != "c1" || r.NumberNorm != "C1" || r.Key() != s3+"|C1|DE" {
		t.Errorf("row = %+v", r)
	}
	page, _ = Invoices(context.Background(), db, sc, InvoiceQuery{Filter: InvoiceFilter{Number: "B_"}}, namesFn(nil))
	if r := page.Rows[0]; r.CancelledOn != "2024-01-15" || r.SupplierName != "Zenith Exports" || r.CFS != "N" {
		t.Errorf("row = %+v", r)
	}
	items, err := Items(context.Background(), db, page.Rows[0].ID)
	if err != nil || len(items) != 1 || items[0].Rate != 25 || !items[0].HasIGST || items[0].HasCGST || items[0].IGST != rupees(1) {
		t.Errorf("items = %+v, %v", items, err)
	}
	a2, _ := Invoices(context.Background(), db, sc, InvoiceQuery{Filter: InvoiceFilter{Number: "A2"}}, nil)
	items, err = Items(context.Background(), db, a2.Rows[0].ID)
	want := []LineItem{
		{Seq: 0, Num: 501, Rate: 500, Taxable: rupees(200), CGST: rupees(5), SGST: rupees(5), HasCGST: true, HasSGST: true},
		{Seq: 1, Num: 1201, Rate: 1200, Taxable: rupees(100), CGST: rupees(6), SGST: rupees(6), HasCGST: true, HasSGST: true},
	}
	if err != nil || !reflect.DeepEqual(items, want) || a2.Rows[0].Items != 2 {
		t.Errorf("items = %+v, %v", items, err)
	}
	if _, err := Items(context.Background(), db, 999999); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("missing invoice: %v", err)
	}
}

// sortValue reads the field a sort key orders by, independently of the SQL.
func sortValue(r InvoiceRow, key string) string {
	money := func(p Paise) string { return fmt.Sprintf("%020d", int64(p)+1<<40) }
	switch key {
	case SortSupplierGSTIN:
		return r.SupplierGSTIN
	case SortSupplierName:
		if r.SupplierName == "" {
			return "\xff" + r.SupplierGSTIN
		}
		return strings.ToUpper(r.SupplierName) + "\x00" + r.SupplierGSTIN
	case SortNumber:
		return r.Number
	case SortDate:
		return r.Date
	case SortType:
		return r.Type
	case SortPOS:
		return r.POS
	case SortReverseCharge:
		return r.ReverseCharge
	case SortValue:
		return money(r.Amounts.Value)
	case SortTaxable:
		return money(r.Amounts.Taxable)
	case SortIGST:
		return money(r.Amounts.IGST)
	case SortCGST:
		return money(r.Amounts.CGST)
	case SortSGST:
		return money(r.Amounts.SGST)
	case SortCess:
		return money(r.Amounts.Cess)
	case SortTax:
		return money(r.Tax)
	case SortPeriod:
		return r.Period
	case SortEInvoice:
		if r.IRN != "" {
			return "1"
		}
		return "0"
	case SortIRN:
		return r.IRN
	}
	panic("no sort value for " + key)
}

func TestInvoiceSortsAndPages(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(250, 11))
	ingest(t, db, "w1", "2024-02", 1, genListing(200, 12))
	sc := Scope{WorkspaceID: "w1", Periods: []string{"2024-01", "2024-02"}}
	names := func(gstins []string) map[string]string {
		out := map[string]string{}
		for _, g := range gstins {
			if g[3]%3 != 0 { // some suppliers have no name
				out[g] = fmt.Sprintf("Supplier %c%c", 'Z'-g[4]%26, 'A'+g[5]%26)
			}
		}
		return out
	}
	filters := []InvoiceFilter{{}, {Supplier: "supplier"}, {SupplierFiled: "N"}, {Supplier: "AAB", SupplierFiled3B: "Y"}, {Number: "/1"}, {ReverseCharge: "N", Period: "2024-02"}}
	for _, f := range filters {
		all, err := Invoices(ctx, db, sc, InvoiceQuery{Filter: f}, names)
		if err != nil || len(all.Rows) == 0 || len(all.Rows) != all.Total {
			t.Fatalf("filter %+v: %d rows (total %d), %v", f, len(all.Rows), all.Total, err)
		}
		n := len(all.Rows)
		for ki, key := range SortKeys() {
			if testing.Short() && ki%4 != 0 {
				continue // -short (the race run): a sample of the keys; the full run checks every one
			}
			for _, desc := range []bool{false, true} {
				want := append([]InvoiceRow(nil), all.Rows...)
				sort.SliceStable(want, func(i, j int) bool {
					a, b := sortValue(want[i], key), sortValue(want[j], key)
					if a != b {
						return (a < b) != desc
					}
					if key == SortPeriod { // ties in period order keep the service's order
						return want[i].ID < want[j].ID
					}
					return (want[i].ID < want[j].ID) != desc
				})
				got, err := Invoices(ctx, db, sc, InvoiceQuery{Filter: f, Sort: key, Desc: desc}, names)
				if err != nil {
					t.Fatalf("sort %s: %v", key, err)
				}
				var gv, wv []string
				for i := range want {
					gv = append(gv, sortValue(got.Rows[i], key))
					wv = append(wv, sortValue(want[i], key))
				}
				if !reflect.DeepEqual(gv, wv) {
					t.Errorf("filter %+v sort %s desc=%v: order differs", f, key, desc)
					continue
				}
				// Pages are slices of the whole order.
				for _, pg := range [][2]int{{37, 50}, {n - 10, 50}, {n + 100, 10}} {
					p, err := Invoices(ctx, db, sc, InvoiceQuery{Filter: f, Sort: key, Desc: desc, Offset: pg[0], Limit: pg[1]}, names)
					if err != nil {
						t.Fatal(err)
					}
					lo, hi := min(pg[0], n), min(pg[0]+pg[1], n)
					gotIDs, wantIDs := []int64{}, []int64{}
					for _, r := range p.Rows {
						gotIDs = append(gotIDs, r.ID)
					}
					for _, r := range got.Rows[lo:hi] {
						wantIDs = append(wantIDs, r.ID)
					}
					if !reflect.DeepEqual(gotIDs, wantIDs) || p.Total != n {
						t.Errorf("filter %+v sort %s desc=%v page %v: ids %v, want %v (total %d)", f, key, desc, pg, gotIDs, wantIDs, p.Total)
					}
				}
			}
		}
	}
}

func TestQueriesReadStoredDataOffline(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	snap := ingest(t, db.DB, "w1", "2024-01", 0, []byte(jan))
	db.Close()
	// A fresh start with no API client at all: everything comes from the SQLite file.
	db, err = store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	raw, err := RawListing(ctx, db.DB, snap.ID)
	if err != nil || !bytes.Equal(raw, []byte(jan)) {
		t.Errorf("raw = %.60s..., %v", raw, err)
	}
	calls := 0
	page, err := Invoices(ctx, db.DB, Scope{WorkspaceID: "w1", Periods: []string{"2024-01"}}, InvoiceQuery{Sort: SortValue, Desc: true, Limit: 2}, namesFn(&calls))
	if err != nil || !reflect.DeepEqual(numbers(page.Rows), []string{"A1", "C1"}) || page.Total != 4 || calls != 1 {
		t.Errorf("page = %v (total %d, name calls %d), %v", numbers(page.Rows), page.Total, calls, err)
	}
}

func TestExports(t *testing.T) {
	db, sc := fixture(t)
	ctx := context.Background()
	q := InvoiceQuery{Filter: InvoiceFilter{Supplier: "acme"}, Sort: SortValue, Desc: true}

	// CSV, invoice level.
	var b bytes.Buffer
	if err := Export(ctx, db, &b, export.CSV, LevelInvoice, sc, q, namesFn(nil)); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 || recs[0][0] != "Return period" || recs[0][8] != "Invoice value" {
		t.Fatalf("csv = %v", recs)
	}
	wantRows := [][]string{
		{"2024-02", s1, "Acme Traders", "D1", "02/02/2024", "R", "27", "N", "2360.00", "2000.00", "360.00", "0.00", "0.00", "0.00", "360.00", "1", "", "", "Y", "Y"},
		{"2024-01", s1, "Acme Traders", "A1", "05/01/2024", "R", "27", "N", "1180.00", "1000.00", "0.00", "90.00", "90.00", "0.00", "180.00", "1", "IRN1", "05/01/2024", "Y", "Y"},
		{"2024-01", s1, "Acme Traders", "A2", "20/01/2024", "R", "27", "Y", "322.00", "300.00", "0.00", "11.00", "11.00", "0.00", "22.00", "2", "", "", "Y", "Y"},
	}
	if !reflect.DeepEqual(recs[1:], wantRows) {
		t.Errorf("csv rows = %v\nwant %v", recs[1:], wantRows)
	}

	// JSON, item level.
	b.Reset()
	if err := Export(ctx, db, &b, export.JSON, LevelItem, sc, q, namesFn(nil)); err != nil {
		t.Fatal(err)
	}
	var items []map[string]any
	if err := json.Unmarshal(b.Bytes(), &items); err != nil {
		t.Fatal(err)
	}
	if len(items) != 4 {
		t.Fatalf("items = %v", items)
	}
	if items[0]["invoice_number"] != "D1" || items[0]["igst"] != 360.0 || items[0]["rate"] != 18.0 ||
		items[2]["invoice_number"] != "A2" || items[2]["item"] != 1.0 || items[2]["rate"] != 5.0 || items[2]["cgst"] != 5.0 ||
		items[3]["item"] != 2.0 || items[3]["num"] != 1201.0 || items[3]["taxable_value"] != 100.0 {
		t.Errorf("json items = %v", items)
	}

	// XLSX, invoice level, another filter: money stays numeric.
	b.Reset()
	q2 := InvoiceQuery{Filter: InvoiceFilter{Period: "2024-01", EInvoice: "Y"}}
	if err := Export(ctx, db, &b, export.XLSX, LevelInvoice, sc, q2, namesFn(nil)); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("GSTR-2A invoices", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][1] != "Supplier GSTIN" || rows[1][3] != "A1" || rows[2][3] != "C1" || rows[1][8] != "1180" || rows[2][13] != "60" {
		t.Errorf("xlsx = %v", rows)
	}
	// Items XLSX opens too.
	b.Reset()
	if err := Export(ctx, db, &b, export.XLSX, LevelItem, sc, q2, nil); err != nil {
		t.Fatal(err)
	}
	f2, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	irows, _ := f2.GetRows("GSTR-2A items", excelize.Options{RawCellValue: true})
	if len(irows) != 3 || irows[2][10] != "28" || irows[2][11] != "500" {
		t.Errorf("xlsx items = %v", irows)
	}
}

func TestReconInvoices(t *testing.T) {
	db, _ := fixture(t)
	rows, err := ReconInvoices(context.Background(), db, "w1", []string{"2024-02", "2024-01"})
	if err != nil {
		t.Fatal(err)
	}
	if got := numbers(rows); !reflect.DeepEqual(got, []string{"A1", "A2", "B_1%", "C1", "D1"}) {
		t.Errorf("rows = %v", got)
	}
	if rows[2].CFS != "N" || rows[2].CancelledOn != "2024-01-15" || rows[4].Period != "2024-02" || rows[1].Amounts.Taxable != rupees(300) {
		t.Errorf("rows = %+v", rows)
	}
}

func TestSupplierFilterPaths(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(1500, 21)) // 30 suppliers
	ingest(t, db, "w1", "2024-02", 1, genListing(500, 22))  // 10 suppliers
	sc := Scope{WorkspaceID: "w1", Periods: []string{"2024-01", "2024-02"}}
	names := func(gstins []string) map[string]string {
		out := map[string]string{}
		for _, g := range gstins {
			if (g[10]-'0')%2 == 0 {
				out[g] = "Alpha " + g[:4]
			}
		}
		return out
	}
	all, err := Invoices(ctx, db, sc, InvoiceQuery{}, names)
	if err != nil {
		t.Fatal(err)
	}
	defer func(old int) { indexedSuppliersMax = old }(indexedSuppliersMax)
	tests := []struct {
		f    InvoiceFilter
		keep func(r InvoiceRow) bool
	}{
		{InvoiceFilter{SupplierFiled: "Y"}, func(r InvoiceRow) bool { return r.CFS == "Y" }},
		{InvoiceFilter{SupplierFiled: "N"}, func(r InvoiceRow) bool { return r.CFS != "Y" }},
		{InvoiceFilter{SupplierFiled3B: "N"}, func(r InvoiceRow) bool { return r.CFS3B != "Y" }},
		{InvoiceFilter{Supplier: "aab"}, func(r InvoiceRow) bool { return true }},
		{InvoiceFilter{Supplier: "alpha"}, func(r InvoiceRow) bool { return r.SupplierName != "" }},
		{InvoiceFilter{Supplier: "alpha 27", SupplierFiled: "Y"}, func(r InvoiceRow) bool {
			return r.SupplierName != "" && r.SupplierGSTIN[:2] == "27" && r.CFS == "Y"
		}},
		{InvoiceFilter{Supplier: genGSTIN(5)}, func(r InvoiceRow) bool { return r.SupplierGSTIN == genGSTIN(5) }},
	}
	for _, limit := range []int{500, 8, 0} { // index; mixed; always scanning
		indexedSuppliersMax = limit
		for _, tt := range tests {
			var wantIDs []int64
			var sum Amounts
			for _, r := range all.Rows {
				if tt.keep(r) {
					wantIDs = append(wantIDs, r.ID)
					sum.add(r.Amounts)
				}
			}
			for _, sortKey := range []string{"", SortSupplierName} {
				page, err := Invoices(ctx, db, sc, InvoiceQuery{Filter: tt.f, Sort: sortKey}, names)
				if err != nil {
					t.Fatal(err)
				}
				var got []int64
				for _, r := range page.Rows {
					got = append(got, r.ID)
				}
				sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
				if !reflect.DeepEqual(got, wantIDs) || page.Total != len(wantIDs) || page.Totals != sum {
					t.Errorf("limit %d filter %+v sort %q: %d rows (total %d), want %d", limit, tt.f, sortKey, len(got), page.Total, len(wantIDs))
				}
			}
		}
	}
}
