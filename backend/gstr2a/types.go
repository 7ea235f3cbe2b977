// Package gstr2a keeps the GSTR-2A B2B purchase invoices of a taxpayer: it parses the service's
// listing (interface.md 2.7), stores every pull as a snapshot in SQLite (normalised suppliers and
// invoices, each invoice's line items in its row (items.go) and seen by SQL through the
// gstr2a_items view, plus the answer as given), diffs two snapshots of a period, answers the
// review screens' questions offline and exports the current view.
//
// Money is held as integer paise and rates as hundredths, so sums never drift.
package gstr2a

import (
	"gstdesk/backend/money"
)

// Paise is money.Paise, the one amount type: read from the service's rupees by the decoder
// (decode.go), written as rupees with two decimals on every face ("val": 1234.50).
type Paise = money.Paise

// Rate is a tax rate or factor in hundredths: 18% is 1800, a diff_percent of 0.65 is 65.
type Rate int64

// Float returns the rate as a plain number (18, 0.25, 0.65).
func (r Rate) Float() float64 { return float64(r) / 100 }

// String writes the rate as a plain number with no trailing zeros, such as "18" or "0.25".
func (r Rate) String() string { return money.Paise(r).Number() }

// MarshalJSON writes the rate as a JSON number.
func (r Rate) MarshalJSON() ([]byte, error) { return money.Paise(r).AppendNumber(nil), nil }

// Listing is the GSTR-2A B2B listing of one return period: the `data.data` of operation 4.7.
// It marshals back to the service's shape ({"b2b":[...]}).
type Listing struct {
	B2B []Supplier `json:"b2b"`
	// raw is the answer exactly as the service gave it, when the listing came from Parse.
	raw []byte
}

// Supplier is one supplier (counterparty) of the listing with its invoices.
type Supplier struct {
	// CFS is "Y" when the supplier filed GSTR-1 for the period, "N" when not.
	CFS string `json:"cfs"`
	// CFS3B is "Y" when the supplier filed GSTR-3B for the period, "N" when not.
	CFS3B string `json:"cfs3b"`
	// CTIN is the supplier's GSTIN.
	CTIN string `json:"ctin"`
	// DtCancel is the supplier's cancellation date as given, empty when not cancelled.
	DtCancel string `json:"dtcancel,omitempty"`
	// FilingDate is the filing date of the supplier's return as given (DD-Mon-YY).
	FilingDate string `json:"fldtr1,omitempty"`
	// FilingPeriod is the return period filed as given (Mon-YY).
	FilingPeriod string `json:"flprdr1,omitempty"`
	// Invoices are the supplier's invoices in the order given.
	Invoices []Invoice `json:"inv"`
}

// Invoice is one B2B invoice of a supplier.
type Invoice struct {
	// Checksum is the service's checksum of the invoice (chksum).
	Checksum string `json:"chksum"`
	// DiffPercent is the differential rate factor (1 or 0.65) when given.
	DiffPercent *Rate `json:"diff_percent,omitempty"`
	// Date is the invoice date as given (DD-MM-YYYY).
	Date string `json:"idt"`
	// Number is the invoice number as given.
	Number string `json:"inum"`
	// Type is the invoice type code: R, SEZWP, SEZWOP, DE or CBW.
	Type string `json:"inv_typ"`
	// IRN is the e-invoice reference number, empty when the invoice is not an e-invoice.
	IRN string `json:"irn,omitempty"`
	// IRNDate is the date the IRN was generated (DD-MM-YYYY), when given.
	IRNDate string `json:"irngendate,omitempty"`
	// Items are the invoice's line items.
	Items []Item `json:"itms"`
	// POS is the place of supply (two-digit state code).
	POS string `json:"pos"`
	// ReverseCharge is "Y" when tax is payable on reverse charge, "N" otherwise.
	ReverseCharge string `json:"rchrg"`
	// SourceType is the source of the invoice, such as "e-Invoice", when given.
	SourceType string `json:"srctyp,omitempty"`
	// Value is the invoice value.
	Value Paise `json:"val"`
}

// Item is one line item of an invoice.
type Item struct {
	// Detail holds the rate, taxable value and tax amounts.
	Detail ItemDetail `json:"itm_det"`
	// Num is the item's number as given.
	Num int64 `json:"num"`
}

// ItemDetail is the itm_det of a line item; tax amounts are nil when the service omitted them.
type ItemDetail struct {
	// CGST is the central tax (camt).
	CGST *Paise `json:"camt,omitempty"`
	// Cess is the cess (csamt).
	Cess *Paise `json:"csamt,omitempty"`
	// IGST is the integrated tax (iamt).
	IGST *Paise `json:"iamt,omitempty"`
	// Rate is the tax rate (rt).
	Rate Rate `json:"rt"`
	// SGST is the state tax (samt).
	SGST *Paise `json:"samt,omitempty"`
	// Taxable is the taxable value (txval).
	Taxable Paise `json:"txval"`
}

// Amounts are the money totals of a set of invoices (or items): invoice value, taxable value and
// each tax, in paise.
type Amounts struct {
	Value   Paise `json:"value"`
	Taxable Paise `json:"taxable"`
	IGST    Paise `json:"igst"`
	CGST    Paise `json:"cgst"`
	SGST    Paise `json:"sgst"`
	Cess    Paise `json:"cess"`
}

// Tax returns IGST + CGST + SGST + cess.
func (a Amounts) Tax() Paise { return a.IGST + a.CGST + a.SGST + a.Cess }

func (a *Amounts) add(b Amounts) {
	a.Value += b.Value
	a.Taxable += b.Taxable
	a.IGST += b.IGST
	a.CGST += b.CGST
	a.SGST += b.SGST
	a.Cess += b.Cess
}

func deref(p *Paise) Paise {
	if p == nil {
		return 0
	}
	return *p
}

// Amounts returns the invoice's value and the sums of its items' taxable value and taxes.
func (inv *Invoice) Amounts() Amounts {
	a := Amounts{Value: inv.Value}
	for i := range inv.Items {
		d := &inv.Items[i].Detail
		a.Taxable += d.Taxable
		a.IGST += deref(d.IGST)
		a.CGST += deref(d.CGST)
		a.SGST += deref(d.SGST)
		a.Cess += deref(d.Cess)
	}
	return a
}

// InvoiceCount returns the number of invoices in the listing.
func (l *Listing) InvoiceCount() int {
	n := 0
	for i := range l.B2B {
		n += len(l.B2B[i].Invoices)
	}
	return n
}

// Raw returns the answer exactly as the service gave it when the listing came from Parse, nil
// otherwise.
func (l *Listing) Raw() []byte { return l.raw }

// PAN returns the PAN inside a GSTIN (characters 3 to 12), or "" when the GSTIN is too short.
func PAN(gstin string) string {
	if len(gstin) < 12 {
		return ""
	}
	return gstin[2:12]
}
