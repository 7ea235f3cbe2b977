package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk"
	"gstdesk/backend/figure"
	"gstdesk/backend/money"
	"gstdesk/backend/period/periodtest"
)

// TestSameFigureOnTheCommandLine reconciles a register with an imported GSTR-2B and checks that
// the command line prints each figure under its one name (backend/figure) and with the amount the
// window's service gives for it: the reconciliation's split (the summary strip, the dashboard)
// and Table 4's 4(C), 4(B) and held credit (the worksheet, the dashboard's claim).
func TestSameFigureOnTheCommandLine(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	portal, _ := portal2B(t, files)
	if code, recs, errs := gstCLI(t, dir, "import", portal); code != ExitOK {
		t.Fatalf("import: %d %v %s", code, recs, errs)
	}
	reg := filepath.Join(files, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"29AABCT1332L1ZT,Tata,T/1,02-10-2025,27,N,1180,1000,180,0,0,0\n"+
		"29AABCT1332L1ZT,Tata,E/9,03-10-2025,27,N,168,150,18,0,0,0\n"), 0o600)
	code, _, reconErr := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", reg)
	if code != ExitOK {
		t.Fatalf("recon: %d %s", code, reconErr)
	}
	code, _, t4Err := gstCLI(t, dir, "3b", "--year", "2025", "--month", "10")
	if code != ExitOK {
		t.Fatalf("3b: %d %s", code, t4Err)
	}

	ctx := context.Background()
	d, err := desk.Open(ctx, desk.Options{Dir: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	dash, err := d.Overview.Dashboard(ctx)
	if err != nil || dash.Recon == nil {
		t.Fatalf("dashboard %+v %v", dash, err)
	}
	sum, err := d.Recon.Summary(ctx, dash.Recon.RunID)
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := d.Recon.Table4(ctx, periodtest.Month("2025-10"))
	if err != nil {
		t.Fatal(err)
	}
	rupees := func(p money.Paise) string { return "₹" + p.Indian() }
	for _, c := range []struct {
		out  string
		id   figure.ID
		want money.Paise
	}{
		{reconErr, figure.Claimable, money.Paise(sum.Total.ITCConfident)},
		{reconErr, figure.Claimable, money.Paise(dash.Recon.Confident)},
		{reconErr, figure.ToReview, money.Paise(sum.Total.ITCReview)},
		{reconErr, figure.NotBacked, money.Paise(sum.Total.ITCAtRisk)},
		{reconErr, figure.NotBacked, money.Paise(dash.Recon.ITCAtRisk)},
		{reconErr, figure.NotBooked, money.Paise(sum.Total.UnclaimedIn2A)},
		{t4Err, figure.NetITC, money.Paise(sheet.Row("4C").Figure.Total())},
		{t4Err, figure.Reversed4B, money.Paise(sheet.Reversed().Total())},
		{t4Err, figure.Held, money.Paise(sheet.Held().Total())},
	} {
		if want := figure.Name(c.id) + " " + rupees(c.want); !strings.Contains(c.out, want) {
			t.Errorf("%s: %q not printed in\n%s", c.id, want, c.out)
		}
	}
	if sheet.Held().Total() == 0 || sum.Total.ITCConfident == 0 {
		t.Errorf("nothing held (%v) or claimable (%v): the test compares nothing", sheet.Held(), sum.Total.ITCConfident)
	}
}
