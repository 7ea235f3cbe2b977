package reconcile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/export"
	"gstdesk/backend/itcrisk"
)

// TestChaserPackNeverReplacesItsRegister: a register saved under a supplier's pack name in the
// folder the packs go to is never replaced by the pack; the refusal comes before any file is written.
func TestChaserPackNeverReplacesItsRegister(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "27AAPFU0939F1ZV.xlsx")
	if err := os.WriteFile(reg, []byte("the register"), 0o600); err != nil {
		t.Fatal(err)
	}
	chasers := []itcrisk.Chaser{{Supplier: "29AABCT1332L1ZT"}, {Supplier: "27AAPFU0939F1ZV"}}
	_, err := writeChasers(context.Background(), chasers, dir, &export.Guard{Reads: []string{reg}}, func(int, int) {})
	if err == nil || !strings.Contains(err.Error(), "Nothing was written") {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if b, _ := os.ReadFile(reg); string(b) != "the register" {
		t.Error("the register was replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, "29AABCT1332L1ZT.xlsx")); err == nil {
		t.Error("a pack was written before the refusal")
	}
}
