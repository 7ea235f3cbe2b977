package reconcile

import (
	"context"
	"reflect"
	"testing"
	"time"

	"gstdesk/backend/desk/returns"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
)

// The calendar without a register reads no 2B document (the dashboard reads it twice on every
// change): it is the same calendar as the one built with every 2B document read.
func TestCalendarWithout2BDocumentsIsTheSame(t *testing.T) {
	s, p, _ := imsMonth2B(t)
	ctx := context.Background()
	m, _ := period.ParseMonth(p)
	var months []string
	for i := 0; i < 12; i++ {
		months = append(months, time.Date(m.Year, m.Month+time.Month(i-11), 1, 0, 0, 0, 0, time.UTC).Format("2006-01"))
	}
	if _, err := s.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: months}, false, nil); err != nil {
		t.Fatal(err)
	}
	for _, fy := range []period.FY{m.FY() - 1, m.FY()} {
		fast, err := s.riskInput(ctx, fy.String(), Register{}, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		full, err := s.riskInput(ctx, fy.String(), Register{}, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, b := itcrisk.Build(fast), itcrisk.Build(full)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: calendar without 2B documents differs:\n%+v\n%+v", fy, a, b)
		}
		if fy == m.FY() && a.Count == 0 {
			t.Errorf("%s: nothing to compare", fy)
		}
	}
}
