package gstr2a

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

func TestDiffSnapshots(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	before := ingest(t, db, "w1", "2024-01", 0, []byte(jan))
	// The later pull: A1 amended (value, item, checksum), A2 gone, E1 new, supplier 2 has now
	// filed GSTR-1, supplier 3 is gone, a new supplier appears.
	later := strings.NewReplacer(
		`"chksum":"a1"`, `"chksum":"a1x"`,
		`"camt":90,"rt":18,"samt":90,"txval":1000},"num":1801}],"pos":"27","rchrg":"N","val":1180`,
		`"camt":91,"rt":18,"samt":91,"txval":1010},"num":1801}],"pos":"27","rchrg":"N","val":1192`,
		`{"chksum":"a2","idt":"20-01-2024","inum":"A2"`, `{"chksum":"e1","idt":"20-01-2024","inum":"E1"`,
		`{"cfs":"N","cfs3b":"N","ctin":"29AABCF8078M1C8"`, `{"cfs":"Y","cfs3b":"N","ctin":"29AABCF8078M1C8","fldtr1":"20-Feb-24"`,
		`"ctin":"07AAACI1681G1ZD"`, `"ctin":"07AAACI1681G2ZC"`,
	).Replace(jan)
	after := ingest(t, db, "w1", "2024-01", 60, []byte(later))

	d, err := DiffSnapshots(ctx, db, before.ID, after.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := numbers(d.Added); !reflect.DeepEqual(got, []string{"E1", "C1"}) {
		t.Errorf("added = %v", got)
	}
	if got := numbers(d.Removed); !reflect.DeepEqual(got, []string{"A2", "C1"}) {
		t.Errorf("removed = %v", got)
	}
	if d.Unchanged != 1 || len(d.Amended) != 1 {
		t.Fatalf("unchanged %d, amended %+v", d.Unchanged, d.Amended)
	}
	am := d.Amended[0]
	want := []FieldChange{
		{"val", "1180.00", "1192.00"},
		{"taxable", "1000.00", "1010.00"},
		{"cgst", "90.00", "91.00"},
		{"sgst", "90.00", "91.00"},
		{"itms", "#1801 18% on 1000.00 CGST 90.00 SGST 90.00", "#1801 18% on 1010.00 CGST 91.00 SGST 91.00"},
		{"chksum", "a1", "a1x"},
	}
	if am.Key != s1+"|A1|R" || !reflect.DeepEqual(am.Changes, want) || am.Old.Amounts.Value != rupees(1180) || am.New.Amounts.Value != rupees(1192) {
		t.Errorf("amended = %+v\nwant changes %+v", am, want)
	}
	wantSup := []SupplierChange{{GSTIN: s2, Changes: []FieldChange{{"cfs", "N", "Y"}, {"fldtr1", "", "20-Feb-24"}}}}
	if !reflect.DeepEqual(d.Suppliers, wantSup) {
		t.Errorf("suppliers = %+v", d.Suppliers)
	}
	if !reflect.DeepEqual(d.SuppliersAdded, []string{"07AAACI1681G2ZC"}) || !reflect.DeepEqual(d.SuppliersRemoved, []string{s3}) {
		t.Errorf("suppliers added %v removed %v", d.SuppliersAdded, d.SuppliersRemoved)
	}

	// The same pull against itself: nothing changed.
	same, err := DiffSnapshots(ctx, db, before.ID, before.ID)
	if err != nil || len(same.Added)+len(same.Removed)+len(same.Amended)+len(same.Suppliers) != 0 || same.Unchanged != 4 {
		t.Errorf("self diff = %+v, %v", same, err)
	}
	// Different periods cannot be compared.
	other := ingest(t, db, "w1", "2024-02", 0, []byte(feb))
	if _, err := DiffSnapshots(ctx, db, before.ID, other.ID); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("cross-period diff: %v", err)
	}
	if _, err := DiffSnapshots(ctx, db, before.ID, "nope"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown snapshot: %v", err)
	}
}

func TestDiffRepeatedInvoiceNumbers(t *testing.T) {
	db := openDB(t)
	dup := strings.Replace(jan, `"inum":"A2"`, `"inum":"A1"`, 1) // two A1 invoices of type R
	a := ingest(t, db, "w1", "2024-01", 0, []byte(dup))
	changed := strings.Replace(dup, `"val":322`, `"val":323`, 1)
	b := ingest(t, db, "w1", "2024-01", 5, []byte(changed))
	d, err := DiffSnapshots(context.Background(), db, a.ID, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Amended) != 1 || d.Amended[0].Key != s1+"|A1|R#2" || d.Amended[0].Changes[0] != (FieldChange{"val", "322.00", "323.00"}) || d.Unchanged != 3 {
		t.Errorf("diff = %+v", d)
	}
}
