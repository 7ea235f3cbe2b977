// Package gstr2b keeps the GSTR-2B of a taxpayer: it reads the service's answer or the portal's
// downloaded file (gstr2b-ims.md §1.1, §3.1; both invoice shapes, before and after October 2024,
// and answers sent in file_number pages put back together), checks every section, docRejdata,
// itcsumm and cpsumm, stores each pull or import as a snapshot with its history (as package
// gstr2a keeps GSTR-2A, with its bulk transaction and compressed answers), compares two
// snapshots of a period like with like, and answers the review screen's questions offline.
//
// Money is held as paise (money.Paise), so sums never drift.
package gstr2b

import (
	"gstdesk/backend/money"
)

// Sections are the document sections of a GSTR-2B, in the order the return lists them.
var Sections = []string{"b2b", "b2ba", "cdnr", "cdnra", "isd", "isda", "impg", "impgsez", "ecom", "ecoma"}

// Document kinds.
const (
	KindInvoice       = "invoice"
	KindCreditNote    = "credit_note"
	KindDebitNote     = "debit_note"
	KindISDInvoice    = "isd_invoice"
	KindISDCreditNote = "isd_credit_note"
	KindBillOfEntry   = "bill_of_entry"
)

// Sources of a snapshot.
const (
	SourceAPI  = "api"  // pulled from the GST service
	SourceFile = "file" // imported from a file downloaded from the GST portal
)

// Return is a GSTR-2B of one period, read and checked.
type Return struct {
	Checksum string `json:"chksum"`
	GSTIN    string `json:"gstin"`
	// Period is the return period, YYYY-MM.
	Period  string `json:"period"`
	Version string `json:"version"`
	// GenDate is the generation date as given (DD-MM-YYYY).
	GenDate string `json:"gendt"`
	// ITC is itcsumm.
	ITC ITCSummary `json:"itcsumm"`
	// Counterparties is cpsumm, by section.
	Counterparties map[string][]Counterparty `json:"cpsumm"`
	// Documents are docdata's and docRejdata's documents in the order given (Rejected set for the latter).
	Documents []Document `json:"documents"`
	// RejectedCounterparties is cpSummRej: the supplier summary of the documents rejected in IMS
	// (each line marked Rejected), by section.
	RejectedCounterparties map[string][]Counterparty `json:"cpSummRej,omitempty"`
	// Files is the number of file_number pages the answer came in (0 when it came whole).
	Files int `json:"files"`
	// Notices say, once each, what the return held that gstdesk keeps but does not read (an
	// unknown key, kept in the stored answer), a reference field missing (an amendment without
	// its original number), or a code of a value gstdesk does not know (kept as given).
	Notices []string `json:"notices"`
}

// Shape says which invoice shape the documents have: "items" (before October 2024, tax by line),
// "totals" (from October 2024, tax on the invoice), "mixed", or "" when there are none.
func (r *Return) Shape() string {
	shape := ""
	for i := range r.Documents {
		d := &r.Documents[i]
		if d.Kind == KindBillOfEntry || d.Kind == KindISDInvoice || d.Kind == KindISDCreditNote {
			continue
		}
		s := "totals"
		if d.HasItems {
			s = "items"
		}
		switch {
		case shape == "":
			shape = s
		case shape != s:
			return "mixed"
		}
	}
	return shape
}

// Value bases: where Document.Value comes from. The return gives an invoice's and a note's
// value (val); it gives none for a bill of entry or an ISD document, so gstdesk shows a value an
// accountant can defend and says which:
//   - a bill of entry: its taxable (assessable) value + IGST + cess, what the importer paid for
//     the goods at the customs frontier (the bill's total as customs assesses it);
//   - an ISD document: the tax it distributes (IGST + CGST + SGST + cess), the only value it has.
//
// A document whose value is not given and cannot be worked out (val missing on an invoice) has
// ValueAbsent and shows no value.
const (
	ValueGiven  = ""          // val as the return gives it
	ValueBoE    = "boe_total" // taxable value + IGST + cess of a bill of entry
	ValueISD    = "isd_tax"   // IGST + CGST + SGST + cess distributed by the ISD
	ValueAbsent = "absent"    // not given: shown as nothing, held as 0
)

// ValueBasisText says in words where a document's value comes from ("" when the return gives it).
func ValueBasisText(basis string) string {
	switch basis {
	case ValueBoE:
		return "taxable value + IGST + cess (a bill of entry has no value of its own)"
	case ValueISD:
		return "tax distributed (an ISD document has no value of its own)"
	case ValueAbsent:
		return "not given in the return"
	}
	return ""
}

// Document is one document of a GSTR-2B section.
type Document struct {
	// Rejected marks a document of docRejdata: rejected in IMS, not in the 2B's credit.
	Rejected bool `json:"rejected"`
	// Reversed marks a document of docdata.itcrev (or docRejdata.itcrev): a document whose credit
	// was reversed (GSTR-2B v4.0). Section is then the sub-section (b2b, b2ba, cdnr, cdnra). It is
	// counted apart and never added to the ITC available or the return's totals.
	Reversed bool   `json:"reversed,omitempty"`
	Section  string `json:"section"`
	Kind     string `json:"kind"`
	// Supplier is the supplier's GSTIN (ctin); empty for imports of goods (impg).
	Supplier       string `json:"supplier"`
	TradeName      string `json:"trade_name,omitempty"`
	SupplierFiled  string `json:"supplier_filed,omitempty"`  // supfildt as given, DD-MM-YYYY
	SupplierPeriod string `json:"supplier_period,omitempty"` // supprd as given, MMYYYY
	Number         string `json:"number"`
	// Date is the document date as given (DD-MM-YYYY); DateISO is it as YYYY-MM-DD.
	Date    string      `json:"date"`
	DateISO string      `json:"date_iso"`
	Value   money.Paise `json:"value"`
	// ValueBasis says where Value comes from (ValueGiven, ValueBoE, ValueISD, ValueAbsent).
	ValueBasis    string      `json:"value_basis,omitempty"`
	Taxable       money.Paise `json:"taxable"`
	IGST          money.Paise `json:"igst"`
	CGST          money.Paise `json:"cgst"`
	SGST          money.Paise `json:"sgst"`
	Cess          money.Paise `json:"cess"`
	POS           string      `json:"pos,omitempty"`
	ReverseCharge string      `json:"rev,omitempty"`
	// Type is the invoice type (R, DE, SEWP, SEWOP, CBW); for notes, the supply type.
	Type string `json:"type,omitempty"`
	// ITCAvailable is itcavl (Y, N, T); for ISD documents, itcelg (Y, N); for imports, Y.
	ITCAvailable string `json:"itcavl"`
	Reason       string `json:"rsn,omitempty"`
	// DiffPercent is the differential rate in hundredths (100, or 65 for 0.65).
	DiffPercent int64  `json:"diff_percent"`
	IMSStatus   string `json:"ims_status,omitempty"`
	SourceType  string `json:"srctyp,omitempty"`
	IRN         string `json:"irn,omitempty"`
	IRNDate     string `json:"irn_date,omitempty"`
	// Original document of an amendment (b2ba, cdnra, isda, ecoma).
	OrigNumber string `json:"orig_number,omitempty"`
	OrigDate   string `json:"orig_date,omitempty"`
	OrigType   string `json:"orig_type,omitempty"`
	// Bill of entry fields.
	PortCode string `json:"port_code,omitempty"`
	RefDate  string `json:"ref_date,omitempty"`
	RecDate  string `json:"rec_date,omitempty"`
	Amended  string `json:"amended,omitempty"`
	// HasItems is set for the pre-October-2024 shape, whose amounts are the sums of Items.
	HasItems bool   `json:"has_items"`
	Items    []Item `json:"items,omitempty"`
}

// Item is a line of the pre-October-2024 invoice shape: amounts by rate.
type Item struct {
	Num     int64       `json:"num"`
	Rate    int64       `json:"rate"` // hundredths: 18% is 1800
	Taxable money.Paise `json:"taxable"`
	IGST    money.Paise `json:"igst"`
	CGST    money.Paise `json:"cgst"`
	SGST    money.Paise `json:"sgst"`
	Cess    money.Paise `json:"cess"`
}

// HasValue says whether the document has a value to show (given, or worked out and labelled).
func (d *Document) HasValue() bool { return d.ValueBasis != ValueAbsent }

// Part says which part of the return the document is in: docdata, docRejdata, docdata.itcrev
// or docRejdata.itcrev.
func (d *Document) Part() string {
	p := "docdata"
	if d.Rejected {
		p = "docRejdata"
	}
	if d.Reversed {
		p += ".itcrev"
	}
	return p
}

// Tax is IGST + CGST + SGST + cess.
func (d *Document) Tax() money.Paise { return d.IGST + d.CGST + d.SGST + d.Cess }

// Sign is -1 for documents that reduce the credit (credit notes), 1 otherwise.
func (d *Document) Sign() money.Paise {
	if d.Kind == KindCreditNote || d.Kind == KindISDCreditNote {
		return -1
	}
	return 1
}

// ITCAvailableText says what itcavl and rsn mean, in words (gstr2b-ims.md §4.2).
func ITCAvailableText(itcavl, rsn string) string {
	var s string
	switch itcavl {
	case "Y":
		s = "ITC available"
	case "N":
		s = "ITC not available"
	case "T":
		s = "ITC available temporarily"
	default:
		return ""
	}
	switch rsn {
	case "P":
		s += ": place of supply and supplier are in the same state but the recipient is in another"
	case "C":
		s += ": the supplier's return was filed after the annual cut-off"
	}
	return s
}

// Amounts are a set of money totals.
type Amounts struct {
	Taxable money.Paise `json:"taxable"`
	IGST    money.Paise `json:"igst"`
	CGST    money.Paise `json:"cgst"`
	SGST    money.Paise `json:"sgst"`
	Cess    money.Paise `json:"cess"`
	// HasTaxable is set when the service gave a taxable value (itcsumm sections may omit it).
	HasTaxable bool `json:"has_taxable"`
}

// Tax is IGST + CGST + SGST + cess.
func (a Amounts) Tax() money.Paise { return a.IGST + a.CGST + a.SGST + a.Cess }

// SummaryGroup is one group of itcsumm (nonrevsup, isdsup, revsup, imports, othersup): its total
// and its sections.
type SummaryGroup struct {
	Total    Amounts            `json:"total"`
	Sections map[string]Amounts `json:"sections"`
}

// ITCSummary is itcsumm: itcavl, itcunavl (and, in the IMS era, itcrev, itcRejected), each by group.
type ITCSummary map[string]map[string]SummaryGroup

// Counterparty is one supplier's line of cpsumm.
type Counterparty struct {
	CTIN           string      `json:"ctin"`
	TradeName      string      `json:"trdnm"`
	SupplierPeriod string      `json:"supprd"`
	SupplierFiled  string      `json:"supfildt"`
	Documents      int64       `json:"ttldocs"`
	Taxable        money.Paise `json:"txval"`
	IGST           money.Paise `json:"igst"`
	CGST           money.Paise `json:"cgst"`
	SGST           money.Paise `json:"sgst"`
	Cess           money.Paise `json:"cess"`
	NoteType       string      `json:"nttyp,omitempty"`
	DocType        string      `json:"doctyp,omitempty"`
	PortCode       string      `json:"portcode,omitempty"`
	// Section is, for a line of cpsumm.itcrev, the sub-section it summarises (b2b, b2ba, cdnr,
	// cdnra); Reversed marks those lines, Rejected the lines of cpSummRej.
	Section  string `json:"section,omitempty"`
	Reversed bool   `json:"reversed,omitempty"`
	Rejected bool   `json:"rejected,omitempty"`
}
