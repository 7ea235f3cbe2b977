package core

import (
	"context"

	"gstdesk/backend/config"
)

// CallPlan is what an action would spend before it starts: the paid calls it would make at most,
// the stored answers it would reuse instead, and whether to ask first (more calls than the
// workspace's Settings allow without asking). Bulk lookups, pulls and the supplier watch show it.
type CallPlan struct {
	What      string `json:"what"`      // what the calls are for: "1,201 GSTINs", "62 day lists"
	Calls     int    `json:"calls"`     // paid calls at most (an unanswered call costs nothing)
	Stored    int    `json:"stored"`    // stored answers reused, free
	Threshold int    `json:"threshold"` // Settings: ask above this many calls
	Ask       bool   `json:"ask"`
}

// PlanCalls words a plan of calls paid calls for what, with stored answers reused, against the
// workspace's threshold. The demo spends no credits: it never asks.
func (c *Core) PlanCalls(ctx context.Context, what string, calls, stored int) (CallPlan, error) {
	set, err := config.Load(ctx, c.DB, c.Workspace())
	if err != nil {
		return CallPlan{}, err
	}
	p := CallPlan{What: what, Calls: calls, Stored: stored, Threshold: set.AskAboveCalls}
	p.Ask = !c.DemoAnswers() && calls > set.AskAboveCalls
	return p, nil
}
