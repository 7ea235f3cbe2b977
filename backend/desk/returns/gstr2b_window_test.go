package returns

import (
	"context"
	"encoding/csv"
	"os"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
)

func TestGSTR2BWindowPlanExportAndIMSView(t *testing.T) {
	s, sim, _ := imsService(t)
	ctx := context.Background()

	plan, err := s.PlanPullGSTR2B(ctx, periodtest.Months("2025-04", "2025-05", "2025-06"))
	if err != nil || plan.Calls != 3 || !strings.Contains(plan.What, "GSTR-2B of 3 months") || plan.Ask {
		t.Errorf("plan = %+v, %v (the demo never asks)", plan, err)
	}
	if _, err := s.PlanPullGSTR2B(ctx, periodtest.Months(nil...)); err == nil {
		t.Error("a plan of no months was accepted")
	}

	y, m, _ := sim.IMSPeriod()
	p := period.MonthOf(y, time.Month(m)).String()
	res, err := s.PullGSTR2B(ctx, periodtest.Months(p), false, nil)
	if err != nil || res[0].Status != "pulled" {
		t.Fatalf("pull = %+v, %v", res, err)
	}
	for _, tc := range []struct {
		q    gstr2b.DocQuery
		want func(all int) bool
	}{
		{gstr2b.DocQuery{}, func(all int) bool { return all == res[0].Documents+res[0].Rejected+res[0].Reversed }},
		{gstr2b.DocQuery{Section: "cdnr", Limit: 1}, func(all int) bool { return all > 1 && all < res[0].Documents }},
	} {
		path, err := s.GSTR2BExport(ctx, res[0].SnapshotID, tc.q, "csv")
		if err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(path)
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// The window's export has the command line's columns; a page limit does not cut it.
		if strings.TrimPrefix(strings.Join(rows[0][:4], ","), "\ufeff") != "Period,Part,Section,Document" || !tc.want(len(rows)-1) {
			t.Errorf("%+v: %d rows, header %v", tc.q, len(rows)-1, rows[0])
		}
		if tc.q.Section != "" {
			for _, r := range rows[1:] {
				if r[2] != tc.q.Section {
					t.Errorf("section filter let %v through", r)
				}
			}
		}
	}
	if _, err := s.GSTR2BExport(ctx, res[0].SnapshotID, gstr2b.DocQuery{}, "pdf"); err == nil {
		t.Error("an unknown format was accepted")
	}

	v, err := s.IMSStoredView(ctx)
	if err != nil || len(v.Rows) != 0 || v.ListedAt != "" {
		t.Fatalf("never listed = %+v, %v", v, err)
	}
	v, err = s.IMSRefresh(ctx)
	if err != nil || len(v.Rows) == 0 || v.ListedAt == "" {
		t.Fatalf("refresh = %d rows at %q, %v", len(v.Rows), v.ListedAt, err)
	}
	// Names come from the 2B's trade names when no lookup knows the supplier.
	named := 0
	for _, r := range v.Rows {
		if r.Name != "" {
			named++
		}
	}
	if named != len(v.Rows) {
		t.Errorf("%d of %d IMS rows named", named, len(v.Rows))
	}
}
