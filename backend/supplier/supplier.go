// Package supplier is the one identity of a supplier as gstdesk shows it: its name (Name decides
// which of the names gstdesk holds is shown) and its registration status from the GSTIN lookups.
// The reconciliation, the GSTR-2B and IMS screens, the ITC calendar, the scorecard, the
// dashboard and the exports name a supplier through it, so one GSTIN reads the same everywhere.
package supplier

import "strings"

// Registration statuses, as a GSTIN lookup's search answer gives them (sts), in lower case.
const (
	Active    = "active"
	Suspended = "suspended"
	Cancelled = "cancelled"
	Inactive  = "inactive"
)

// Identity is what the GSTIN lookups say of a supplier: its name (legal, else trade) and its
// registration status ("" when no lookup answer gave one) with the cancellation date.
type Identity struct {
	GSTIN       string `json:"gstin"`
	Name        string `json:"name,omitempty"`
	Status      string `json:"status,omitempty"`
	CancelledOn string `json:"cancelled_on,omitempty"`
}

// Name names a supplier: the name from the GSTIN lookups, then the GSTR-2B's trade name, then the
// purchase register's, then the GSTIN itself. Blank names are passed over.
func Name(lookup, trade2B, register, gstin string) string {
	for _, n := range []string{lookup, trade2B, register} {
		if n = strings.TrimSpace(n); n != "" {
			return n
		}
	}
	return strings.TrimSpace(gstin)
}

// Status reads a lookup's registration status (Active, Suspended, Cancelled, Inactive,
// Provisional...) as one of the constants, or the status in lower case when it is another.
func Status(sts string) string {
	s := strings.ToLower(strings.TrimSpace(sts))
	switch {
	case strings.HasPrefix(s, "cancel"):
		return Cancelled
	case strings.HasPrefix(s, "suspend"):
		return Suspended
	}
	return s
}

// Blocked reports whether a status stops a supplier's credit from being taken with confidence:
// suspended, cancelled or inactive. Such a supplier is never grade A on the scorecard.
func Blocked(status string) bool {
	switch Status(status) {
	case Suspended, Cancelled, Inactive:
		return true
	}
	return false
}

// Directory is the lookups' identities by GSTIN; a missing GSTIN has none.
type Directory map[string]Identity

// Name names the supplier g, the directory's name first (see Name).
func (d Directory) Name(g, trade2B, register string) string {
	return Name(d[g].Name, trade2B, register, g)
}

// Status is the registration status of g ("" when no lookup gave one).
func (d Directory) Status(g string) string { return Status(d[g].Status) }

// Word is a status as a screen writes it: "Suspended", "Cancelled", "Inactive" ("" for none).
func Word(status string) string {
	if status == "" {
		return ""
	}
	return strings.ToUpper(status[:1]) + status[1:]
}
