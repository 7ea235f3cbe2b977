package overview_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/period/periodtest"
)

// BenchmarkThisWeek reads the week of the demo workspace with a year of GSTR-2A, the IMS month's
// GSTR-2B and IMS: "read" with the database changed before each read (the worksheet and both
// ITC calendars read again), "kept" with nothing changed (two file stats).
func BenchmarkThisWeek(b *testing.B) {
	c, _ := coretest.Open(b, nil)
	dk := desk.New(c)
	ctx := context.Background()
	if err := dk.Returns.RequestOTP(ctx, "demo", ""); err != nil {
		b.Fatal(err)
	}
	if _, err := dk.Returns.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP); err != nil {
		b.Fatal(err)
	}
	dk.Returns.Poll = returns.PollConfig{Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }}
	sim, _, _ := dk.Core.Demo()
	y, m, _ := sim.IMSPeriod()
	p := fmt.Sprintf("%04d-%02d", y, m)
	var year []string
	for i := 0; i < 12; i++ {
		year = append(year, time.Date(y, time.Month(m)-11+time.Month(i), 1, 0, 0, 0, 0, time.UTC).Format("2006-01"))
	}
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: year}, false, nil); err != nil {
		b.Fatal(err)
	}
	if _, err := dk.Returns.PullGSTR2B(ctx, periodtest.Months(p), false, nil); err != nil {
		b.Fatal(err)
	}
	if _, err := dk.Returns.IMSList(ctx, "", ""); err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			t := time.Now().Add(time.Duration(i+1) * time.Second)
			if err := os.Chtimes(c.DB.Path, t, t); err != nil {
				b.Fatal(err)
			}
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := dk.Overview.ThisWeek(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("glance", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := dk.Overview.Dashboard(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
