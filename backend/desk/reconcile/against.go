package reconcile

import (
	"context"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period"
)

// AgainstChoice is what a reconciliation is run against when the person did not say: GSTR-2B
// where one is stored for every period, else GSTR-2A, with the periods that have no 2B (the
// reason, said to the person, never a silent switch).
type AgainstChoice struct {
	Against string   `json:"against"`
	No2B    []string `json:"no_2b,omitempty"`
}

// ChooseAgainst is the default of a reconciliation of from-to: against GSTR-2B when a 2B is stored
// for every period, against GSTR-2A (with the periods lacking one) only when some period has none.
// Any other failure to read the stored 2Bs is an error: a run against 2A is never chosen because
// the database could not be read.
func (s *Service) ChooseAgainst(ctx context.Context, fromM, toM period.Month) (AgainstChoice, error) {
	from, to := fromM.Key(), toM.Key()
	periods, err := Periods(from, to)
	if err != nil {
		return AgainstChoice{}, err
	}
	var none []string
	for _, p := range periods {
		_, err := gstr2b.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, p)
		switch {
		case apperr.KindOf(err) == apperr.NotFound:
			none = append(none, p)
		case err != nil:
			kind, msg := apperr.KindOf(err), "Cannot tell whether a GSTR-2B is stored for "+period.LabelOf(p)
			if kind != apperr.Internal {
				msg += ": " + err.Error()
			}
			return AgainstChoice{}, apperr.Wrap(kind, err, "%s", msg).WithHint(apperr.Hint{
				Window:  "Choose GSTR-2A or GSTR-2B to reconcile with.",
				Command: "Say what to reconcile with: --against 2a or --against 2b.",
			})
		}
	}
	if len(none) > 0 {
		return AgainstChoice{Against: Against2A, No2B: none}, nil
	}
	return AgainstChoice{Against: Against2B}, nil
}
