package lookups

import (
	"context"
	"fmt"

	"gstdesk/backend/gstapi"
	"gstdesk/backend/lookup"
)

// Question is one lookup a person asks, in the window or on the command line.
type Question struct {
	Op            string // lookup.OpVerify, OpSearch, OpPreference, OpChanged, OpApplicant or OpApplicantCheck
	Input         string // the GSTIN or enrolment number as typed
	FY            string // preference: the financial year ("FY 2025-26")
	Date, State   string // changed: DD-MM-YYYY and the two-digit state code
	Page          int    // changed: the page (1 for the first)
	Email, Mobile string // applicant check
	Fresh         bool   // ask the service even when a stored answer is young enough
	AcceptCache   bool   // search: let the service answer from its own cache (cheaper)
}

// Ask answers one question from what is stored or from the service: the one road of the window's
// lookups (LookupGSTIN, Preference, Changed, Applicant, ApplicantCheck build their views on it) and
// of `gstdesk gst verify|search|preference|changed|applicant|applicant-check`. A failed lookup is
// the answer's Error; the error returned is for the workspace's settings that could not be read.
// The changed list's page comes decoded too.
func (s *Service) Ask(ctx context.Context, q Question) (lookup.Answer, *gstapi.ChangedList, error) {
	lk, err := s.ForWorkspace(ctx)
	if err != nil {
		return lookup.Answer{}, nil, err
	}
	switch q.Op {
	case lookup.OpVerify:
		return lk.Verify(ctx, q.Input, q.Fresh), nil, nil
	case lookup.OpSearch:
		return lk.Search(ctx, q.Input, q.Fresh, q.AcceptCache), nil, nil
	case lookup.OpPreference:
		return lk.Preference(ctx, q.Input, q.FY, q.Fresh), nil, nil
	case lookup.OpChanged:
		a, cl := lk.Changed(ctx, q.Date, q.State, q.Page, q.Fresh)
		return a, cl, nil
	case lookup.OpApplicant:
		return lk.Applicant(ctx, q.Input, q.Fresh), nil, nil
	case lookup.OpApplicantCheck:
		return lk.ApplicantCheck(ctx, q.Input, q.Email, q.Mobile), nil, nil
	}
	return lookup.Answer{}, nil, fmt.Errorf("lookups: unknown question %q", q.Op)
}
