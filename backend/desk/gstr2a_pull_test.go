package desk

import (
	"context"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2a"
)

func signIn(t *testing.T, s *Service) {
	t.Helper()
	ctx := context.Background()
	if err := s.RequestOTP(ctx, "demo", ""); err != nil {
		t.Fatal(err)
	}
	v, err := s.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Active || v.GSTIN != "27AAPFU0939F1ZV" {
		t.Fatalf("session = %+v", v)
	}
}

func TestPeriodRange(t *testing.T) {
	tests := []struct {
		y, m, to int
		want     []string
		ok       bool
	}{
		{2025, 4, 0, []string{"2025-04"}, true},
		{2025, 11, 2, []string{"2025-11", "2025-12", "2026-01", "2026-02"}, true},
		{2025, 4, 3, nil, true},
		{2016, 4, 0, nil, false},
		{2025, 13, 0, nil, false},
	}
	for _, tt := range tests {
		got, err := PeriodRange(tt.y, tt.m, tt.to)
		if (err == nil) != tt.ok {
			t.Errorf("PeriodRange(%d,%d,%d) err = %v", tt.y, tt.m, tt.to, err)
			continue
		}
		if tt.want != nil && len(got) != len(tt.want) {
			t.Errorf("PeriodRange(%d,%d,%d) = %v, want %v", tt.y, tt.m, tt.to, got, tt.want)
		}
		if tt.y == 2025 && tt.m == 4 && tt.to == 3 && len(got) != 12 {
			t.Errorf("a whole FY = %d months", len(got))
		}
	}
}

func TestPullNeedsASession(t *testing.T) {
	s := openService(t)
	_, err := s.PullGSTR2A(context.Background(), PullRequest{Periods: []string{"2025-04"}}, false, nil)
	if apperr.KindOf(err) != apperr.Unauthorised {
		t.Errorf("pull without a session = %v", err)
	}
}

func TestPullStoresSnapshotsAndErrorsStopOneMonth(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	periods := []string{"2025-04", "2025-05", "2025-06"}
	res, err := s.PullGSTR2A(ctx, PullRequest{Periods: periods}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Status != "pulled" && r.Status != "empty" {
			t.Fatalf("%s: %+v", r.Period, r)
		}
	}
	sim, _, _ := s.Demo()
	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "TEC4001", BusinessMessage: "OTP server down"})
	res, err = s.PullGSTR2A(ctx, PullRequest{Periods: periods}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != "error" || res[0].Error == nil {
		t.Errorf("first month = %+v, want the injected error", res[0])
	}
	if res[1].Status == "error" || res[2].Status == "error" {
		t.Errorf("an error in one month stopped the others: %+v", res)
	}
	ws := s.Workspace()
	snaps, _ := gstr2a.Snapshots(ctx, s.DB.DB, ws.ID, "2025-04")
	if len(snaps) != 1 {
		t.Errorf("April snapshots = %d, want the first pull kept and the failed one not stored", len(snaps))
	}
	snaps, _ = gstr2a.Snapshots(ctx, s.DB.DB, ws.ID, "2025-05")
	if len(snaps) != 2 {
		t.Errorf("May snapshots = %d, want 2 (every pull kept)", len(snaps))
	}
}
