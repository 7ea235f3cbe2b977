package overview

import "testing"

func TestDueDates(t *testing.T) {
	for _, c := range []struct{ p, gstr3b, tds string }{
		{"2025-10", "2025-11-20", "2025-11-07"},
		{"2025-12", "2026-01-20", "2026-01-07"},
		{"2026-03", "2026-04-20", "2026-04-30"}, // March's TDS: 30 April
		{"2026-02", "2026-03-20", "2026-03-07"},
	} {
		if got := gstr3bDue(c.p); got != c.gstr3b {
			t.Errorf("gstr3bDue(%s) = %s, want %s", c.p, got, c.gstr3b)
		}
		if got := tdsDue(c.p); got != c.tds {
			t.Errorf("tdsDue(%s) = %s, want %s", c.p, got, c.tds)
		}
	}
	for in, want := range map[string]string{"102025": "2025-10", "012026": "2026-01", "2025-10": "", "10202A": "", "": ""} {
		if got := rtnMonth(in); got != want {
			t.Errorf("rtnMonth(%q) = %q, want %q", in, got, want)
		}
	}
	if got := monthAdd("2025-11", 2); got != "2026-01" {
		t.Errorf("monthAdd = %s", got)
	}
	if got := monthAdd("2026-01", -1); got != "2025-12" {
		t.Errorf("monthAdd back = %s", got)
	}
}
