package reconcile

import (
	"context"
	"fmt"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// StartReconAgainst2B reconciles an imported register (token) with the GSTR-2B of periods
// from-to and IMS as a job (Against2BToken, the window's run): its progress is the register
// read (1 of 4), the 2B read (2), matched (3) and saved (4); cancelling it before the save
// saves nothing. What can be checked at once (the months, the token) is refused here, before a
// job starts. Its result is a ThreeWayResult (Against2BResult).
func (s *Service) StartReconAgainst2B(ctx context.Context, token string, fromM, toM period.Month) (string, error) {
	from, to := fromM.Key(), toM.Key()
	periods, err := Periods(from, to)
	if err != nil {
		return "", err
	}
	name, data, err := s.register(token)
	if err != nil {
		return "", err
	}
	return core.StartJobSummarised(s.core, "recon:2b", func(ctx context.Context, progress core.Progress) (ThreeWayResult, error) {
		return s.against2BToken(ctx, token, name, data, periods, progress)
	}, func(tw ThreeWayResult) string {
		if tw.RunID == "" {
			return "Reconciliation against GSTR-2B not saved"
		}
		return fmt.Sprintf("Reconciled %s to %s against GSTR-2B: %s rows", tw.From, tw.To, money.Count(len(tw.Rows)))
	}), nil
}

// Against2BResult returns a finished StartReconAgainst2B job's run.
func (s *Service) Against2BResult(id string) (ThreeWayResult, error) {
	return core.JobResult[ThreeWayResult](s.core, id)
}
