package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReconAgainstPulledGSTR2A pulls a period with gstdesk gst 2a-b2b, writes a purchase register
// from it with one amount changed, one invoice left out and one extra invoice, and checks what
// gstdesk recon makes of it.
func TestReconAgainstPulledGSTR2A(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	code, recs, errs := gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	if code != ExitOK {
		t.Fatalf("pull: %d %s", code, errs)
	}
	var listing struct {
		B2B []struct {
			Ctin string `json:"ctin"`
			Inv  []struct {
				Inum  string  `json:"inum"`
				Idt   string  `json:"idt"`
				Pos   string  `json:"pos"`
				Rchrg string  `json:"rchrg"`
				Val   float64 `json:"val"`
				Itms  []struct {
					Det struct {
						Txval, Iamt, Camt, Samt, Csamt float64
					} `json:"itm_det"`
				} `json:"itms"`
			} `json:"inv"`
		} `json:"b2b"`
	}
	b, _ := json.Marshal(recs[0]["data"])
	if err := json.Unmarshal(b, &listing); err != nil || len(listing.B2B) == 0 {
		t.Fatalf("listing: %v", err)
	}
	var lines []string
	lines = append(lines, "supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess")
	n := 0
	for si, s := range listing.B2B {
		for ii, inv := range s.Inv {
			if si == 0 && ii == 0 {
				continue // left out of the books: missing in books
			}
			var tx, ig, cg, sg, cs float64
			for _, it := range inv.Itms {
				tx += it.Det.Txval
				ig += it.Det.Iamt
				cg += it.Det.Camt
				sg += it.Det.Samt
				cs += it.Det.Csamt
			}
			if n == 0 {
				tx += 5000 // booked with a different taxable value: a mismatch
			}
			n++
			lines = append(lines, fmt.Sprintf("%s,Supplier,%s,%s,%s,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f", s.Ctin, inv.Inum, inv.Idt, inv.Pos, inv.Rchrg, inv.Val, tx, ig, cg, sg, cs))
		}
	}
	lines = append(lines, "27AAPFU0939F1ZV,Umiya,ZZ-404,15-05-2025,27,N,1180,1000,0,90,90,0") // not in 2A
	reg := filepath.Join(t.TempDir(), "purchases.csv")
	os.WriteFile(reg, []byte(strings.Join(lines, "\n")+"\n"), 0o600)

	out, code2 := reconCLI(t, dir, "--year", "2025", "--month", "5", "--purchases", reg)
	if code2 != ExitOK {
		t.Fatalf("recon exit %d", code2)
	}
	counts := map[string]int{}
	for _, r := range out {
		counts[r["status"].(string)]++
	}
	if counts["missing_in_books"] < 1 || counts["missing_in_2a"] != 1 || counts["mismatch"]+counts["suggested"] < 1 || counts["exact"] < n-1 {
		t.Errorf("status counts = %v (register had %d invoices from 2A)", counts, n)
	}
}

// reconCLI runs "gstdesk recon" on a data directory and decodes its JSON lines.
func reconCLI(t *testing.T, dir string, args ...string) ([]map[string]any, int) {
	t.Helper()
	code, recs, errs := cliIn(t, dir, append([]string{"recon"}, args...)...)
	if code != ExitOK {
		t.Logf("recon stderr: %s", errs)
	}
	return recs, code
}
