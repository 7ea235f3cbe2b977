package core_test

import (
	"context"
	"errors"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/store"
)

// TestRefuseRemote: a read-only desk refuses every remote call with the desk's refusal and why no
// call is made, counted as a refused write; a desk that writes refuses none.
func TestRefuseRemote(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	if err := c.RefuseRemote(); err != nil {
		t.Fatalf("RefuseRemote on a desk that writes: %v", err)
	}
	refusal := apperr.New(apperr.Conflict, "This desk follows \"nas\" read-only.")
	c.DB.SetReadOnly(refusal)
	want := refusal.Message + " It calls no GST service either: calls are made, paid for and recorded on the writer desk."
	_, connErr := c.Connection(ctx)
	for name, err := range map[string]error{"RefuseRemote": c.RefuseRemote(), "Connection": connErr} {
		if !errors.Is(err, store.ErrReadOnly) || apperr.Command.Public(err).Message != want {
			t.Errorf("%s: %v, want %q over ErrReadOnly", name, err, want)
		}
	}
	if got := c.DB.Refused(); got != 2 {
		t.Errorf("Refused = %d, want 2", got)
	}
}
