package lookups

import (
	"context"

	"gstdesk/backend/gstr2a"
)

// gstr2aSuppliers lists the suppliers of every stored GSTR-2A period of the current workspace, so
// the changed list can say "3 of your suppliers were cancelled".
func (s *Service) gstr2aSuppliers(ctx context.Context) ([]string, error) {
	ws := s.core.Workspace()
	periods, err := gstr2a.Periods(ctx, s.core.DB.DB, ws.ID)
	if err != nil || len(periods) == 0 {
		return nil, err
	}
	sc := gstr2a.Scope{WorkspaceID: ws.ID}
	for _, p := range periods {
		sc.Periods = append(sc.Periods, p.Period)
	}
	sums, err := gstr2a.Suppliers(ctx, s.core.DB.DB, sc, nil)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(sums))
	for i, x := range sums {
		out[i] = x.GSTIN
	}
	return out, nil
}
