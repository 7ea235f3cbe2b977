package period

import "fmt"

// Canonical checks a return period written YYYY-MM (2024-01), the form periods are stored in,
// and returns it (see ParseMonth; the service's MMYYYY form is not taken here, as periods are stored YYYY-MM).
func Canonical(p string) (string, error) {
	if m, err := ParseMonth(p); err != nil || m.String() != p {
		return "", fmt.Errorf("period %q should be written YYYY-MM, such as 2024-01", p)
	}
	return p, nil
}
