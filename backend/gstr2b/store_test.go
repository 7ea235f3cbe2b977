package gstr2b

import (
	"context"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

func openDB(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestSaveKeepsHistoryAndDiffs(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	raw := readFixture(t, "v4_rejected.json")
	at := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	first, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Period: "2025-10", Source: SourceAPI, FetchedAt: at, TransactionID: "t1", Raw: raw})
	if err != nil {
		t.Fatal(err)
	}
	if first.Documents != 3 || first.Rejected != 1 || first.Suppliers != 1 || first.Shape != "totals" || first.Status != StatusComplete {
		t.Errorf("first = %+v", first)
	}
	// ITC available: T/1 (180) and T/0-A (90); E/9 is temporary, T/2 rejected.
	if first.ITCAvailable != rupees("270") {
		t.Errorf("itc available = %s", first.ITCAvailable.Indian())
	}
	if !strings.Contains(first.Note, "₹180.00") || !strings.Contains(first.Note, "₹270.00") {
		t.Errorf("note = %q: the summary (180) and the documents (270) disagree and both figures must show", first.Note)
	}
	// The second pull: T/1 amended, T/2 moved back from rejected, E/9 gone, a new invoice.
	second := strings.Replace(string(raw), `"val":1180,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"A","txval":1000,"igst":180`,
		`"val":1190,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"A","txval":1000,"igst":190`, 1)
	second = strings.Replace(second, `"ecom":[{"ctin":"29AABCT1332L1ZT","trdnm":"TATA","supfildt":"11-11-2025","supprd":"102025","inv":[{"inum":"E/9"`,
		`"ecom":[{"ctin":"29AABCT1332L1ZT","trdnm":"TATA","supfildt":"11-11-2025","supprd":"102025","inv":[{"inum":"E/10"`, 1)
	sn, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w1", Source: SourceFile, FileName: "returns_R2B.json", FetchedAt: at.Add(time.Hour), Raw: []byte(second)})
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := Snapshots(ctx, db.DB, "w1", "2025-10")
	if err != nil || len(snaps) != 2 || snaps[0].ID != sn.ID || snaps[0].Source != SourceFile || snaps[1].ID != first.ID {
		t.Fatalf("snapshots = %+v, %v", snaps, err)
	}
	if !strings.Contains(snaps[0].SourceText(), "returns_R2B.json") {
		t.Errorf("source text = %q", snaps[0].SourceText())
	}
	d, err := DiffSnapshots(ctx, db.DB, snaps[1], snaps[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Added) != 1 || d.Added[0].Number != "E/10" || len(d.Removed) != 1 || d.Removed[0].Number != "E/9" {
		t.Errorf("added %v removed %v", d.Added, d.Removed)
	}
	if len(d.Amended) != 1 || d.Amended[0].New.Number != "T/1" || d.Unchanged != 2 {
		t.Fatalf("amended %+v unchanged %d", d.Amended, d.Unchanged)
	}
	var fields []string
	for _, c := range d.Amended[0].Changes {
		fields = append(fields, c.Field+":"+c.Old+"→"+c.New)
	}
	if got := strings.Join(fields, " "); got != "val:1180.00→1190.00 igst:180.00→190.00" {
		t.Errorf("changes = %s", got)
	}
	if !strings.Contains(d.ScopeNote, "pulled from the GST service") || !strings.Contains(d.ScopeNote, "returns_R2B.json") {
		t.Errorf("scope note = %q", d.ScopeNote)
	}
	page, err := Documents(ctx, db.DB, snaps[1], DocQuery{Rejected: "only"})
	if err != nil || page.Total != 1 || page.Rows[0].Number != "T/2" || !page.Rows[0].Rejected || page.Rows[0].ITCText != "ITC available" {
		t.Errorf("rejected page = %+v, %v", page, err)
	}
	page, err = Documents(ctx, db.DB, snaps[1], DocQuery{Section: "b2ba"})
	if err != nil || page.Total != 1 || page.Rows[0].OrigNumber != "T/0" {
		t.Errorf("b2ba page = %+v, %v", page, err)
	}
	counts, err := SectionCounts(ctx, db.DB, snaps[1])
	if err != nil || len(counts) != 4 {
		t.Errorf("section counts = %+v, %v", counts, err)
	}
	back, err := RawReturn(ctx, db.DB, snaps[1])
	if err != nil || string(back) != string(raw) {
		t.Errorf("the stored return is not the answer as given (%v)", err)
	}
	sum, err := SnapshotSummary(ctx, db.DB, snaps[1])
	if err != nil || sum.ITC["itcRejected"]["nonrevsup"].Total.IGST != rupees("90") {
		t.Errorf("summary = %+v, %v", sum, err)
	}
}

func TestSaveItemsShapeKeepsItems(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	snap, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "01AABCE2207R1Z5", Source: SourceFile, FileName: "f.json", Raw: readFixture(t, "pre2024.json")})
	if err != nil {
		t.Fatal(err)
	}
	page, err := Documents(ctx, db.DB, snap, DocQuery{Search: "8503"})
	if err != nil || page.Total != 1 {
		t.Fatalf("search = %+v, %v", page, err)
	}
	d := page.Rows[0]
	if !d.HasItems || len(d.Items) != 2 || d.Items[1].Rate != 1800 || d.Items[1].IGST != 0 || d.Items[1].CGST != rupees("1050.57") {
		t.Errorf("items = %+v", d.Items)
	}
	if snap.Shape != "items" {
		t.Errorf("shape = %q", snap.Shape)
	}
}

func TestSaveRefusesWithoutStoring(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	good := readFixture(t, "post2024.json")
	if _, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "24ABKCS2033B1ZV", Period: "2024-11", Source: SourceAPI, Raw: good}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  SaveRequest
		kind apperr.Kind
		want string
	}{
		{"file of another GSTIN", SaveRequest{FetchedAt: testAt, GSTIN: "27AAPFU0939F1ZV", Source: SourceFile, FileName: "other.json", Raw: good}, apperr.Invalid, "not of this workspace's GSTIN 27AAPFU0939F1ZV"},
		{"answer of another period", SaveRequest{FetchedAt: testAt, GSTIN: "24ABKCS2033B1ZV", Period: "2024-10", Source: SourceAPI, Raw: good}, apperr.Unavailable, "not of 2024-10"},
		{"truncated file", SaveRequest{FetchedAt: testAt, GSTIN: "24ABKCS2033B1ZV", Source: SourceFile, Raw: good[:100]}, apperr.Invalid, "not valid JSON"},
		{"answer without docdata or fc", SaveRequest{FetchedAt: testAt, GSTIN: "24ABKCS2033B1ZV", Period: "2024-11", Source: SourceAPI, TransactionID: "txn-9",
			Raw: []byte(`{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024"}}`)}, apperr.Unavailable, "docdata is missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.WorkspaceID = "w1"
			_, err := Save(ctx, db.DB, tt.req)
			e := apperr.Command.Public(err)
			if err == nil || e.Kind != tt.kind || !strings.Contains(e.Message, tt.want) {
				t.Fatalf("err = %v (%s), want %s %q", err, e.Kind, tt.kind, tt.want)
			}
			if tt.req.TransactionID != "" && e.TransactionID != tt.req.TransactionID {
				t.Errorf("transaction id = %q", e.TransactionID)
			}
		})
	}
	var n int
	db.DB.QueryRow(`SELECT count(*) FROM gstr2b_snapshots`).Scan(&n)
	var docs int
	db.DB.QueryRow(`SELECT count(*) FROM gstr2b_documents`).Scan(&docs)
	if n != 1 || docs != 3 {
		t.Errorf("snapshots %d documents %d after refusals, want the first 1 and 3", n, docs)
	}
}

func TestSaveCancelledStoresNothing(t *testing.T) {
	db := openDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "24ABKCS2033B1ZV", Source: SourceAPI, Raw: readFixture(t, "post2024.json")})
	if apperr.KindOf(err) != apperr.Canceled {
		t.Errorf("err = %v", err)
	}
	var n int
	db.DB.QueryRow(`SELECT count(*) FROM gstr2b_snapshots`).Scan(&n)
	if n != 0 {
		t.Errorf("snapshots = %d after a cancel", n)
	}
}

func TestEmptyPeriodSnapshot(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	snap, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Period: "2025-06", Source: SourceAPI, Empty: true})
	if err != nil || snap.Status != StatusEmpty || snap.Documents != 0 {
		t.Fatalf("empty = %+v, %v", snap, err)
	}
	raw, err := RawReturn(ctx, db.DB, snap)
	if err != nil || raw != nil {
		t.Errorf("raw of an empty period = %q, %v", raw, err)
	}
	latest, err := LatestSnapshot(ctx, db.DB, "w1", "2025-06")
	if err != nil || latest.ID != snap.ID {
		t.Errorf("latest = %+v, %v", latest, err)
	}
	if _, err := LatestSnapshot(ctx, db.DB, "w1", "2025-07"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("never pulled: %v", err)
	}
}

func TestDetectFile(t *testing.T) {
	tests := []struct {
		name, in            string
		kind, gstin, period string
		others              string
		wantErr             string
	}{
		{"2B", string(readFixture(t, "post2024.json")), FileGSTR2B, "24ABKCS2033B1ZV", "2024-11", "", ""},
		{"2A", string(readFixture(t, "portal2a.json")), FileGSTR2A, "01AABCE2207R1Z5", "2020-03", "cdn (1),impg (1)", ""},
		{"empty", "  ", "", "", "", "", "empty"},
		{"csv", "gstin,fp\n", "", "", "", "", "not JSON"},
		{"truncated", `{"gstin":"01AABCE2207R1Z5","fp":"03`, "", "", "", "", "cut short"},
		{"binary", "\xff\xfe{", "", "", "", "", "not text"},
		{"other JSON", `{"hello":1}`, "", "", "", "", "neither a GSTR-2B"},
		{"2A without fp", `{"gstin":"01AABCE2207R1Z5","fp":"x"}`, "", "", "", "", "no GSTIN or return period"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pf, err := DetectFile("x.json", []byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || apperr.KindOf(err) != apperr.Invalid {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if pf.Kind != tt.kind || pf.GSTIN != tt.gstin || pf.Period != tt.period || strings.Join(pf.Others, ",") != tt.others {
				t.Errorf("got %+v", pf)
			}
		})
	}
}

// The portal gives credit notes in itcsumm's "othersup" (Part B, reversal) as positive amounts:
// they reduce the credit, so a return whose documents subtract them agrees with its summary.
func TestSummaryCreditNotesReduceTheCredit(t *testing.T) {
	raw := `{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"062025","version":"1.0","gendt":"14-07-2025",
	 "itcsumm":{"itcavl":{"nonrevsup":{"igst":180,"cgst":0,"sgst":0,"cess":0},"othersup":{"igst":18,"cgst":0,"sgst":0,"cess":0}}},
	 "docdata":{"b2b":[{"ctin":"29AABCT1332L1ZT","trdnm":"T","supfildt":"11-07-2025","supprd":"062025","inv":[{"inum":"T/1","dt":"03-06-2025","val":1180,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":"","txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0}]}],
	  "cdnr":[{"ctin":"29AABCT1332L1ZT","trdnm":"T","supfildt":"11-07-2025","supprd":"062025","nt":[{"ntnum":"CN/1","typ":"C","suptyp":"R","dt":"25-06-2025","val":118,"pos":"27","rev":"N","itcavl":"Y","rsn":"","txval":100,"igst":18,"cgst":0,"sgst":0,"cess":0}]}]}}}`
	db := openDB(t)
	snap, err := Save(context.Background(), db.DB, SaveRequest{WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Source: SourceFile, FetchedAt: time.Now(), Raw: []byte(raw)})
	if err != nil {
		t.Fatal(err)
	}
	if snap.ITCAvailable != rupees("162") || snap.Note != "" {
		t.Errorf("itc available %s, note %q: the summary's 180 less 18 agrees with the documents", snap.ITCAvailable.Indian(), snap.Note)
	}
}

// A credit note written with negative amounts reduces the credit by the same sizes as one written
// with positive amounts: its sign is not applied twice (which would add the note to the credit).
func TestCreditNoteWrittenNegativeStillReducesTheCredit(t *testing.T) {
	ctx := context.Background()
	positive := string(readFixture(t, "post2024.json"))
	const note = `"igst":42.71,"itcavl":"Y","ntnum":"NTAMD2123-5719","pos":"24","rev":"N","rsn":"","suptyp":"R","txval":237.29,"typ":"C","val":280`
	if !strings.Contains(positive, note) {
		t.Fatal("the fixture's credit note has moved")
	}
	negative := strings.Replace(positive, note, `"igst":-42.71,"itcavl":"Y","ntnum":"NTAMD2123-5719","pos":"24","rev":"N","rsn":"","suptyp":"R","txval":-237.29,"typ":"C","val":-280`, 1)
	var snaps [2]Snapshot
	var docs [2]DocumentRow
	for i, raw := range []string{positive, negative} {
		db := openDB(t)
		snap, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "24ABKCS2033B1ZV", Period: "2024-11", Source: SourceAPI, Raw: []byte(raw)})
		if err != nil {
			t.Fatal(err)
		}
		page, err := Documents(ctx, db.DB, snap, DocQuery{Search: "NTAMD2123"})
		if err != nil || page.Total != 1 {
			t.Fatalf("search = %+v, %v", page, err)
		}
		snaps[i], docs[i] = snap, page.Rows[0]
	}
	if docs[1].IGST != rupees("42.71") || docs[1].Taxable != rupees("237.29") || docs[1].Value != rupees("280") {
		t.Errorf("the note written negative reads %v %v %v, want its sizes", docs[1].Value, docs[1].Taxable, docs[1].IGST)
	}
	if snaps[0].Totals != snaps[1].Totals || snaps[0].ITCAvailable != snaps[1].ITCAvailable {
		t.Errorf("totals differ: written positive %+v (ITC %v), negative %+v (ITC %v)", snaps[0].Totals, snaps[0].ITCAvailable, snaps[1].Totals, snaps[1].ITCAvailable)
	}
	// The note reduces the credit: the ITC available is the invoices' tax less the note's.
	if want := rupees("10883.91")*2 + rupees("152.54")*2 - rupees("42.71"); snaps[1].ITCAvailable != want {
		t.Errorf("ITC available = %v, want %v", snaps[1].ITCAvailable, want)
	}
}

// testAt is the time the tests' returns are stamped with when the test does not care which.
var testAt = time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
