package supplier

import "testing"

func TestName(t *testing.T) {
	for _, c := range []struct{ lookup, trade, reg, gstin, want string }{
		{"Tata Steel Ltd", "TATA", "Tata", "29AABCT1332L1ZT", "Tata Steel Ltd"},
		{"", "TATA", "Tata", "29AABCT1332L1ZT", "TATA"},
		{" ", "", "Tata", "29AABCT1332L1ZT", "Tata"},
		{"", "", "", "29AABCT1332L1ZT", "29AABCT1332L1ZT"},
	} {
		if got := Name(c.lookup, c.trade, c.reg, c.gstin); got != c.want {
			t.Errorf("Name(%q, %q, %q, %q) = %q, want %q", c.lookup, c.trade, c.reg, c.gstin, got, c.want)
		}
	}
}

func TestStatus(t *testing.T) {
	for _, c := range []struct {
		sts, want string
		blocked   bool
	}{
		{"Active", Active, false}, {"Suspended", Suspended, true}, {"Cancelled", Cancelled, true},
		{"Cancelled suo-moto", Cancelled, true}, {"Inactive", Inactive, true}, {"Provisional", "provisional", false}, {"", "", false},
	} {
		if got := Status(c.sts); got != c.want || Blocked(c.sts) != c.blocked {
			t.Errorf("Status(%q) = %q blocked %v", c.sts, got, Blocked(c.sts))
		}
	}
}
