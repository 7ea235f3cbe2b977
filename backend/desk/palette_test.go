package desk

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
)

// TestPaletteSearch: the command palette finds a GSTIN typed in full, GSTR-2A suppliers and
// looked-up GSTINs by GSTIN or name, and employees of payroll runs, from SQLite alone.
func TestPaletteSearch(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	if _, err := s.PullGSTR2A(ctx, PullRequest{Periods: []string{"2025-04"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	sups, err := s.GSTR2ASuppliers(ctx, GSTR2AScope{Periods: []string{"2025-04"}})
	if err != nil || len(sups) == 0 {
		t.Fatalf("suppliers = %v, %v", sups, err)
	}
	if _, err := s.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil {
		t.Fatal(err)
	}
	lk, _ := s.Lookups(ctx)
	names, _ := lk.Names(ctx, []string{"27AAPFU0939F1ZV"})
	lookedName := names["27AAPFU0939F1ZV"]
	if lookedName == "" {
		t.Fatalf("no name for the looked-up GSTIN: %v", names)
	}
	csv := "Emp code,Employee name,PAN,Basic salary 17(1)\nE1,Asha Rao,ABCPR1234K,1285000\nE2,Ravi Kumar,ABCPK1234L,780000\n"
	im, err := s.TDSImportData(ctx, "pay.csv", base64.StdEncoding.EncodeToString([]byte(csv)))
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.TDSStartRun(ctx, im.Token, "FY 2025-26", 6, false)
	if err != nil {
		t.Fatal(err)
	}
	tdsWaitJob(t, s, id)
	run, err := s.TDSRunResult(id)
	if err != nil {
		t.Fatal(err)
	}

	supplier := sups[0].GSTIN
	tests := []struct {
		name  string
		q     string
		check func([]PaletteHit) bool
	}{
		{"too short", "2", func(h []PaletteHit) bool { return len(h) == 0 }},
		{"a GSTIN in full, spaced", "24 ABKCS2033B 1ZV", func(h []PaletteHit) bool {
			return len(h) > 0 && h[0].Kind == "gstin" && h[0].GSTIN == "24ABKCS2033B1ZV"
		}},
		{"a supplier by part of its GSTIN", supplier[2:12], func(h []PaletteHit) bool {
			for _, x := range h {
				if x.Kind == "supplier" && x.GSTIN == supplier && strings.Contains(x.Detail, "GSTR-2A") {
					return true
				}
			}
			return false
		}},
		{"a looked-up GSTIN by its name", strings.ToLower(strings.Fields(lookedName)[0]), func(h []PaletteHit) bool {
			for _, x := range h {
				if x.GSTIN == "27AAPFU0939F1ZV" && x.Title == lookedName {
					return true
				}
			}
			return false
		}},
		{"an employee by name", "asha", func(h []PaletteHit) bool {
			return len(h) == 1 && h[0].Kind == "employee" && h[0].Title == "Asha Rao" && h[0].RunID == run.ID && h[0].Seq > 0 &&
				strings.Contains(h[0].Detail, "FY 2025-26")
		}},
		{"an employee by PAN", "abcpk1234l", func(h []PaletteHit) bool {
			return len(h) == 1 && h[0].Title == "Ravi Kumar"
		}},
		{"LIKE wildcards are plain text", "_%", func(h []PaletteHit) bool { return len(h) == 0 }},
		{"nothing", "zzzz-nobody", func(h []PaletteHit) bool { return len(h) == 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := s.PaletteSearch(ctx, tt.q)
			if err != nil || !tt.check(h) {
				t.Errorf("PaletteSearch(%q) = %+v, %v", tt.q, h, err)
			}
		})
	}
	// The employee hit opens that employee's sheet.
	h, _ := s.PaletteSearch(ctx, "asha")
	sheet, err := s.TDSSheet(ctx, h[0].RunID, h[0].Seq)
	if err != nil || !strings.Contains(sheet.Sheet.Employee.Name, "Asha") {
		t.Errorf("sheet of the hit = %+v, %v", sheet.Sheet.Employee, err)
	}
}
