package reconcile

import (
	"context"

	"gstdesk/backend/recon"
)

// PinRun pins a run of the current workspace, so it is kept however many newer runs of its
// periods are saved (only the newest recon.KeepRuns are kept otherwise), or unpins it.
func (s *Service) PinRun(ctx context.Context, runID string, pinned bool) error {
	if _, err := s.reconRun(ctx, runID); err != nil {
		return err
	}
	return recon.PinRun(ctx, s.core.DB.DB, runID, pinned)
}
