package recon

import "testing"

func TestSampleRegisterSlip(t *testing.T) {
	taken := map[string]bool{"SFT25262": true}
	got, ok := slip("SFT/2526/000001", func(n string) bool { return taken[n] })
	if !ok || got == "SFT/2526/000001" {
		t.Fatalf("slip = %q, %v", got, ok)
	}
	a, b := NormaliseInvoiceNumber("SFT/2526/000001"), NormaliseInvoiceNumber(got)
	if !NearMiss(a, b) || taken[b] {
		t.Errorf("slip %q (%s) is not a free near miss of %s", got, b, a)
	}
}
