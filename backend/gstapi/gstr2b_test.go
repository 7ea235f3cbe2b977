package gstapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi/gstapitest"
)

func TestGSTR2BDocument(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	sess := openSession(t, c, s)
	ctx := context.Background()
	whole, err := c.GSTR2BDocument(ctx, sess.Token, 2025, 4)
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, "GET", "/gst/compliance/tax-payer/gstrs/gstr-2b/2025/04", "", "", false)
	checkMeta(t, whole.Meta)
	if len(whole.Pages) != 0 || !strings.Contains(string(whole.Raw), `"docdata"`) || !strings.Contains(string(whole.Raw), `"imsStatus"`) {
		t.Fatalf("whole return: %d pages, %.200s", len(whole.Pages), whole.Raw)
	}
	pre, err := c.GSTR2BDocument(ctx, sess.Token, 2024, 6)
	if err != nil || !strings.Contains(string(pre.Raw), `"items"`) || strings.Contains(string(pre.Raw), `"imsStatus"`) {
		t.Fatalf("before October 2024: %v %.200s", err, pre.Raw)
	}
	s.SetGSTR2BFileSize(7)
	s.ResetCounts()
	paged, err := c.GSTR2BDocument(ctx, sess.Token, 2025, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(paged.Pages) < 2 || strings.Contains(string(paged.Raw), `"docdata"`) || !strings.Contains(string(paged.Raw), `"fc":`) {
		t.Fatalf("paged: %d pages, summary %.300s", len(paged.Pages), paged.Raw)
	}
	reqs := s.Requests()
	if len(reqs) != 1+len(paged.Pages) || reqs[0].Query.Get("file_number") != "" {
		t.Fatalf("%d requests", len(reqs))
	}
	for i, r := range reqs[1:] {
		if r.Query.Get("file_number") != itoa(i+1) {
			t.Errorf("request %d asked file_number %q", i+2, r.Query.Get("file_number"))
		}
	}
	// States, not errors: not generated yet (with its date) and nothing this period.
	ng, err := c.GSTR2BDocument(ctx, sess.Token, 2025, 11)
	if err != nil || ng.NotGenerated == nil || ng.ExpectedBy != "14/12/2025" || ng.Raw != nil {
		t.Errorf("not generated = %+v, %v", ng, err)
	}
	nd, err := c.GSTR2BDocument(ctx, sess.Token, 2019, 5)
	if err != nil || nd.NoDocs == nil || nd.NoDocs.Code != CodeGSTR2BNoDocs {
		t.Errorf("no docs = %+v, %v", nd, err)
	}
	// Another business error is an error; a failed page fails the whole call.
	s.SetFaults(gstapitest.Faults{BusinessError: 2, BusinessCode: "RET2B1010", BusinessMessage: "API Authorization Failed for 2B"})
	if _, err := c.GSTR2BDocument(ctx, sess.Token, 2025, 4); err == nil {
		t.Error("RET2B1010 gave no error")
	}
	s.SetFaults(gstapitest.Faults{})
	if _, err := c.GSTR2BDocument(ctx, "", 2025, 4); apperr.KindOf(err) != apperr.Unauthorised {
		t.Errorf("without a session: %v", err)
	}
}

func TestFileCount(t *testing.T) {
	tests := []struct {
		raw, status string
		fc          int
		paged, bad  bool
	}{
		{`{"chksum":"x","data":{"fc":3,"gstin":"g"}}`, "1", 3, true, false},
		{`{"chksum":"x","data":{"fc":"2"}}`, "1", 2, true, false},
		{`{"chksum":"x","data":{"fc":1,"docdata":{}}}`, "1", 0, false, false},
		{`{"chksum":"x","data":{"fc":1,"docdata":{}}}`, "3", 1, true, false},
		{`{"chksum":"x","data":{"docdata":{}}}`, "1", 0, false, false},
		{`{"chksum":"x","data":{"docdata":{}}}`, "3", 0, false, true},
		{`{"chksum":"x","data":{"fc":-1}}`, "1", 0, false, true},
		{`{"chksum":"x","data":{"fc":100000}}`, "1", 0, false, true},
		{`[1]`, "1", 0, false, false},
	}
	for _, tt := range tests {
		fc, paged, err := fileCount(json.RawMessage(tt.raw), tt.status)
		if fc != tt.fc || paged != tt.paged || (err != nil) != tt.bad {
			t.Errorf("fileCount(%s, %s) = %d %v %v", tt.raw, tt.status, fc, paged, err)
		}
	}
}

func TestIMSOperations(t *testing.T) {
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	c, s := simClient(t, gstapitest.Options{Now: func() time.Time { return now }})
	sess := openSession(t, c, s)
	ctx := context.Background()
	cnt, err := c.IMSCount(ctx, sess.Token, "")
	if err != nil || cnt.Group != "all_oth" || cnt.Total == 0 {
		t.Fatalf("count = %+v, %v", cnt, err)
	}
	checkSent(t, s, "GET", "/gst/compliance/tax-payer/invoices/count", "type_of_goods=others", "", false)
	l, err := c.IMSInvoices(ctx, sess.Token, "cn", "no_action_taken")
	if err != nil || l.Section != "b2bcn" || !strings.HasPrefix(string(l.Raw), `{"b2bcn":[`) {
		t.Fatalf("list = %+v, %v", l, err)
	}
	checkSent(t, s, "GET", "/gst/compliance/tax-payer/invoices", "section=CN&status=no_action_taken", "", false)
	if _, err := c.IMSInvoices(ctx, sess.Token, "xyz", ""); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad section: %v", err)
	}
	// A save of a document that is not there: the status says PE with the error report.
	body := json.RawMessage(`{"rtin":"27AAPFU0939F1ZV","reqtyp":"SAVE","invdata":{"b2bdn":[{"stin":"24ABKCS2033B1ZV","nt_num":"X1","nt_dt":"01-10-2025","inv_typ":"R","srcform":"R1","rtnprd":"102025","val":1,"pos":"27","txval":1,"iamt":0,"camt":0,"samt":0,"cess":0,"prev_status":"N","action":"A"}]}}`)
	ref, _, err := c.SaveIMS(ctx, sess.Token, false, body)
	if err != nil || ref == "" {
		t.Fatalf("save = %q, %v", ref, err)
	}
	st, err := c.IMSRequestStatus(ctx, sess.Token, ref)
	if err != nil || st.Status != JobInProgress || st.Done() {
		t.Fatalf("first poll = %+v, %v", st, err)
	}
	checkSent(t, s, "GET", "/gst/compliance/tax-payer/invoices/status", "reference_id="+ref, "", false)
	st, err = c.IMSRequestStatus(ctx, sess.Token, ref)
	if err != nil || st.Status != JobProcessedErrors || len(st.Report) != 1 || st.Report[0].Section != "dn" || st.Report[0].Code != "IMSSAV0010" || st.Report[0].INum != "X1" {
		t.Fatalf("second poll = %+v, %v", st, err)
	}
	// A body breaking the schema: ER, IMSSAV005.
	ref, _, _ = c.SaveIMS(ctx, sess.Token, false, json.RawMessage(`{"rtin":"27AAPFU0939F1ZV","reqtyp":"SAVE","invdata":{"b2b":[{"stin":"x"}]}}`))
	c.IMSRequestStatus(ctx, sess.Token, ref)
	st, err = c.IMSRequestStatus(ctx, sess.Token, ref)
	if err != nil || st.Status != JobFailed || st.ErrorCode != "IMSSAV005" {
		t.Errorf("schema failure = %+v, %v", st, err)
	}
	if _, err := c.IMSRequestStatus(ctx, sess.Token, "nosuchref"); err == nil || !strings.Contains(err.Error(), "IMS0008") {
		t.Errorf("unknown reference: %v", err)
	}
	if _, _, err := c.SaveIMS(ctx, sess.Token, true, body); err == nil {
		t.Error("a SAVE body sent as a reset")
	}
	// Regeneration: the IMS period works (IP, then P); another is IMS2B007.
	ref, _, err = c.RegenerateGSTR2B(ctx, sess.Token, 2025, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkSent(t, s, "POST", "/gst/compliance/tax-payer/gstrs/gstr-2b/2025/10/regenerate", "", "", false)
	c.GSTR2BRegenerationStatus(ctx, sess.Token, ref)
	if st, err := c.GSTR2BRegenerationStatus(ctx, sess.Token, ref); err != nil || st.Status != JobProcessed {
		t.Errorf("regeneration = %+v, %v", st, err)
	}
	if _, _, err := c.RegenerateGSTR2B(ctx, sess.Token, 2025, 8); err == nil || !strings.Contains(err.Error(), "IMS2B007") {
		t.Errorf("another period: %v", err)
	}
}

func TestRegenerateTooEarly(t *testing.T) {
	now := time.Date(2025, 11, 10, 10, 0, 0, 0, time.UTC)
	c, s := simClient(t, gstapitest.Options{Now: func() time.Time { return now }})
	sess := openSession(t, c, s)
	_, _, err := c.RegenerateGSTR2B(context.Background(), sess.Token, 2025, 10)
	if err == nil || !strings.Contains(err.Error(), "IMS2B009") || !strings.Contains(err.Error(), "14/11/2025") {
		t.Errorf("too early: %v", err)
	}
}
