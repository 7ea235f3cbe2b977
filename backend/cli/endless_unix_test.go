//go:build unix

package cli

import (
	"strings"
	"testing"
)

// Every command that reads a file a person names counts bytes as it reads: /dev/zero (or a pipe
// fed forever) has no size to check first and was read until the machine ran out of memory. A
// table, so a new reader of a path joins it.
func TestEndlessInputIsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"gst", "import", "/dev/zero"},
		{"recon", "--year", "2024", "--month", "7", "--purchases", "/dev/zero"},
		{"tds", "calc", "--fy", "FY 2025-26", "--in", "/dev/zero"},
		{"tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", "/dev/zero"},
	} {
		code, recs, errs := cliIn(t, dir, args...)
		text := errs
		for _, r := range recs {
			if e, ok := r["error"].(map[string]any); ok {
				text += " " + e["message"].(string)
			}
		}
		if code == ExitOK || !strings.Contains(text, "larger than") {
			t.Errorf("%s: exit %d, %s", strings.Join(args, " "), code, text)
		}
	}
}
