package figure

import (
	"strings"
	"testing"
)

// TestOneNameOneFigure checks that no two figures share a name, that each has a one-line
// definition, and that no figure is called plainly "ITC at risk" (three measures go by that
// name elsewhere; here each has its own).
func TestOneNameOneFigure(t *testing.T) {
	names := map[string]ID{}
	for _, f := range All() {
		if f.Name == "" || f.Definition == "" || strings.Contains(f.Definition, "\n") {
			t.Errorf("%s: name %q definition %q", f.ID, f.Name, f.Definition)
		}
		if other, ok := names[strings.ToLower(f.Name)]; ok {
			t.Errorf("%s and %s are both called %q", f.ID, other, f.Name)
		}
		names[strings.ToLower(f.Name)] = f.ID
		if strings.EqualFold(f.Name, "ITC at risk") || strings.EqualFold(f.Name, "at risk") {
			t.Errorf("%s is called %q", f.ID, f.Name)
		}
		if Of(f.ID) != f {
			t.Errorf("Of(%s) = %+v", f.ID, Of(f.ID))
		}
	}
	if got := Of("nothing"); got.Name != "nothing" || got.Definition != "" {
		t.Errorf("unknown id: %+v", got)
	}
}
