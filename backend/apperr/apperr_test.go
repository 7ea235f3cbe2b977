package apperr

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestKindOfAndPublic(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		wantKind Kind
		wantMsg  string
	}{
		{"typed", New(Invalid, "GSTIN %s is too short", "27AB"), Invalid, "GSTIN 27AB is too short"},
		{"wrapped typed", fmt.Errorf("store: %w", New(NotFound, "no such workspace")), NotFound, "no such workspace"},
		{"plain", errors.New("disk I/O error at page 7"), Internal, "Something went wrong inside gstdesk. The details are in the log."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := KindOf(tt.err); got != tt.wantKind {
				t.Errorf("KindOf = %q, want %q", got, tt.wantKind)
			}
			p := Public(tt.err)
			if p.Kind != tt.wantKind || p.Message != tt.wantMsg {
				t.Errorf("Public = %+v, want kind %q message %q", p, tt.wantKind, tt.wantMsg)
			}
		})
	}
}

func TestPublicInternalHidesCause(t *testing.T) {
	err := Wrap(Internal, errors.New("secret path /root/x"), "could not save")
	p := Public(err)
	if strings.Contains(p.Message, "/root/x") {
		t.Errorf("public message leaks cause: %q", p.Message)
	}
	if !errors.Is(err, err.Err) {
		t.Error("Wrap must keep its cause")
	}
}
