package reconcile

import (
	"context"

	"gstdesk/backend/recon"
	"gstdesk/backend/supplier"
)

// directory is the identities the GSTIN lookups hold for gstins (Lookups.Directory); empty without
// a lookups service.
func (s *Service) directory(ctx context.Context, gstins []string) supplier.Directory {
	if s.Lookups == nil {
		return supplier.Directory{}
	}
	return s.Lookups.Directory(ctx, gstins)
}

// rowSupplier is a row's supplier GSTIN (the books' where there is a books side) and the names
// its two sides give: the 2A/2B's (trade name) and the register's.
func rowSupplier(r *recon.Row) (gstin, trade, register string) {
	if b := r.Books; b != nil {
		gstin, register = b.SupplierGSTIN, b.SupplierName
	}
	if a := r.GSTR2A; a != nil {
		if gstin == "" {
			gstin = a.SupplierGSTIN
		}
		trade = a.SupplierName
	}
	return
}

// nameRows names the supplier of every row of a page by supplier.Name (the lookups' name, then
// the 2A/2B's trade name, then the register's, then the GSTIN) into v.Names, and carries each
// supplier's registration status in v.Suppliers.
func (s *Service) nameRows(ctx context.Context, v *recon.RowsView) {
	var gstins []string
	seen := map[string]bool{}
	for i := range v.Rows {
		if g, _, _ := rowSupplier(&v.Rows[i]); g != "" && !seen[g] {
			seen[g] = true
			gstins = append(gstins, g)
		}
	}
	dir := s.directory(ctx, gstins)
	if v.Names == nil {
		v.Names = map[string]string{}
	}
	v.Suppliers = supplier.Directory{}
	for i := range v.Rows {
		g, trade, reg := rowSupplier(&v.Rows[i])
		if g == "" {
			continue
		}
		// The GSTIN itself is left to the screen (Who shows it beside any name).
		if n := supplier.Name(dir[g].Name, trade, reg, ""); n != "" && (v.Names[g] == "" || dir[g].Name != "") {
			v.Names[g] = n
		}
		if id, ok := dir[g]; ok {
			v.Suppliers[g] = id
		}
	}
}

// nameSuppliers names each supplier of a run's supplier table by supplier.Name and carries its
// registration status: the window's table and its export read the same names.
func (s *Service) nameSuppliers(ctx context.Context, out []recon.SupplierSummary) []recon.SupplierSummary {
	gstins := make([]string, len(out))
	for i := range out {
		gstins[i] = out[i].GSTIN
	}
	dir := s.directory(ctx, gstins)
	for i := range out {
		x := &out[i]
		x.Name, x.Status = dir.Name(x.GSTIN, x.Name, ""), dir.Status(x.GSTIN)
	}
	return out
}
