package gstr2a

import (
	"fmt"
	"sort"
	"strings"
)

// Sections are the sections of a GSTR-2A, in the order the return lists them (gstr2b-ims.md
// §3.2, itc-2026.md §1). B2B invoices are kept as Listing (gstr2a_invoices); every other
// section's documents as Document (gstr2a_documents).
var Sections = []string{"b2b", "b2ba", "cdn", "cdna", "isd", "isda", "impg", "impgsez", "ecom", "ecoma", "tds", "tcs"}

// Document kinds: what a document is, whatever section it came in. The names are package
// gstr2b's, so a reconciliation reads both returns alike.
const (
	KindInvoice       = "invoice"
	KindCreditNote    = "credit_note"
	KindDebitNote     = "debit_note"
	KindISDInvoice    = "isd_invoice"
	KindISDCreditNote = "isd_credit_note"
	KindBillOfEntry   = "bill_of_entry"
	// KindTDS and KindTCS are credits of tax deducted or collected at source (cash ledger), not
	// input tax credit.
	KindTDS = "tds"
	KindTCS = "tcs"
)

// sectionIndex is a section's position in Sections (len(Sections) for others).
func sectionIndex(sec string) int {
	for i, s := range Sections {
		if s == sec {
			return i
		}
	}
	return len(Sections)
}

// flatSection reports whether a section lists documents directly (bills of entry, TDS/TCS
// credits) rather than suppliers with their documents.
func flatSection(sec string) bool {
	switch sec {
	case "impg", "impgsez", "tds", "tcs":
		return true
	}
	return false
}

// amendment reports whether a section's documents amend earlier ones (and so name an original).
func amendment(sec string) bool {
	switch sec {
	case "b2ba", "cdna", "isda", "ecoma":
		return true
	}
	return false
}

// docWord is what a section's documents are called in messages.
func docWord(sec string) string {
	switch sec {
	case "cdn", "cdna":
		return "note"
	case "isd", "isda":
		return "ISD document"
	case "impg", "impgsez":
		return "bill of entry"
	case "tds", "tcs":
		return "entry"
	case "":
		return "invoice"
	}
	return "invoice"
}

// Document is one document of a GSTR-2A section other than B2B. Amounts are sizes: a credit
// note's are positive and Kind says that it reduces the credit (Sign), as package gstr2b keeps
// them.
type Document struct {
	Section string `json:"section"`
	Kind    string `json:"kind"`
	// SupplierGSTIN is ctin; for impgsez, the SEZ supplier (sgstin); for tds/tcs, the deductor or
	// collector; empty for impg.
	SupplierGSTIN string `json:"supplier_gstin"`
	// TradeName is trdnm, or tdname for impgsez.
	TradeName string `json:"trade_name,omitempty"`
	// The supplier's filing flags and cancellation, as given.
	CFS          string `json:"cfs,omitempty"`
	CFS3B        string `json:"cfs3b,omitempty"`
	DtCancel     string `json:"dtcancel,omitempty"`
	FilingDate   string `json:"fldtr1,omitempty"`
	FilingPeriod string `json:"flprdr1,omitempty"`
	// Number is inum, nt_num, docnum or benum (a number in GSTR-2A, kept as text).
	Number string `json:"number"`
	// Date is idt, nt_dt, docdt or bedt as given (DD-MM-YYYY).
	Date string `json:"date"`
	// DocType is ntty (C, D) of a note or isd_docty (ISD, ISDCN) of an ISD document.
	DocType string `json:"doc_type,omitempty"`
	// InvoiceNumber and InvoiceDate are the invoice a note is raised against (inum, idt of cdn).
	InvoiceNumber string `json:"invoice_number,omitempty"`
	InvoiceDate   string `json:"invoice_date,omitempty"`
	// OrigNumber and OrigDate are the document an amendment replaces (oinum/oidt, ont_num/ont_dt,
	// odocnum/odocdt); empty when the return does not say.
	OrigNumber    string `json:"orig_number,omitempty"`
	OrigDate      string `json:"orig_date,omitempty"`
	Type          string `json:"inv_typ,omitempty"`
	POS           string `json:"pos,omitempty"`
	ReverseCharge string `json:"rchrg,omitempty"`
	PreGST        string `json:"p_gst,omitempty"`
	DiffPercent   *Rate  `json:"diff_percent,omitempty"`
	AmendPeriod   string `json:"aspd,omitempty"`
	AmendType     string `json:"atyp,omitempty"`
	// ITCEligible is itc_elg of an ISD document (Y, N).
	ITCEligible string `json:"itc_elg,omitempty"`
	// Bill of entry: port code (portcd), reference date (refdt), amended (amd).
	PortCode   string `json:"port_code,omitempty"`
	RefDate    string `json:"ref_date,omitempty"`
	Amended    string `json:"amd,omitempty"`
	SourceType string `json:"srctyp,omitempty"`
	IRN        string `json:"irn,omitempty"`
	IRNDate    string `json:"irngendate,omitempty"`
	Checksum   string `json:"chksum,omitempty"`
	// Month is the month a TDS/TCS entry is for, as given.
	Month   string  `json:"month,omitempty"`
	Amounts Amounts `json:"amounts"`
	// Items are the line items (itms) when the document has them.
	Items []Item `json:"items,omitempty"`
}

// Sign is -1 for a document that reduces the credit (a credit note, an ISD credit note), 1
// otherwise.
func (d *Document) Sign() int { return KindSign(d.Kind) }

// KindSign is -1 for the kinds that reduce the credit, 1 for the others.
func KindSign(kind string) int {
	if kind == KindCreditNote || kind == KindISDCreditNote {
		return -1
	}
	return 1
}

// Return is a whole GSTR-2A: the B2B listing and every other section's documents, with what the
// reader has to say about the answer.
type Return struct {
	// GSTIN and Period are the object's gstin and fp (MMYYYY) as given; empty in a per-section
	// answer.
	GSTIN  string `json:"gstin"`
	Period string `json:"fp"`
	// B2B is the b2b section, as Parse reads it.
	B2B Listing `json:"listing"`
	// Documents are the other sections' documents in the order given.
	Documents []Document `json:"documents"`
	// Unread are the sections gstdesk does not read, with their number of entries: they are kept
	// in the stored answer only.
	Unread map[string]int `json:"unread,omitempty"`
	// Notices say what was stored empty and what was kept in the stored answer only.
	Notices []string `json:"notices"`
}

// notes gathers what a reader has to say: fields missing (stored empty) with how often and where
// first, keys not read (kept in the stored answer), sections not read.
type notes struct {
	missing map[string]*missingNote
	order   []string
	unknown map[string]bool
	unread  map[string]int
	extra   []string
}

type missingNote struct {
	n     int
	first string
	what  string
}

func newNotes() *notes {
	return &notes{missing: map[string]*missingNote{}, unknown: map[string]bool{}, unread: map[string]int{}}
}

// missingField records that field of a document (or supplier) was not given and is stored empty.
func (n *notes) missingField(sec, field, what, where string) {
	key := sec + " " + field
	m := n.missing[key]
	if m == nil {
		m = &missingNote{first: where, what: what}
		n.missing[key] = m
		n.order = append(n.order, key)
	}
	m.n++
}

// unknownKey records a key gstdesk does not read (kept in the stored answer), once by path.
func (n *notes) unknownKey(path string, key []byte) {
	if len(n.unknown) >= 200 {
		return
	}
	p := path + "." + string(key)
	if !n.unknown[p] {
		n.unknown[p] = true
	}
}

// sentences writes the notices, each once, in a fixed order.
func (n *notes) sentences() []string {
	out := []string{}
	for _, key := range n.order {
		m := n.missing[key]
		sec, field, _ := strings.Cut(key, " ")
		what := "document"
		if m.n != 1 {
			what = "documents"
		}
		done := "stored with it empty"
		desc := m.what
		if d, ok := strings.CutSuffix(desc, " (kept as given)"); ok {
			desc, done = d, "kept as given"
		}
		out = append(out, fmt.Sprintf("GSTR-2A %s: %d %s without %s (%s); %s (first: %s).",
			sec, m.n, what, desc, field, done, m.first))
	}
	if len(n.unread) > 0 {
		var parts []string
		for _, s := range sortedKeys(n.unread) {
			parts = append(parts, fmt.Sprintf("%s (%d)", s, n.unread[s]))
		}
		out = append(out, "GSTR-2A sections gstdesk does not read were kept in the stored answer only: "+strings.Join(parts, ", ")+".")
	}
	if len(n.unknown) > 0 {
		keys := make([]string, 0, len(n.unknown))
		for k := range n.unknown {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out = append(out, "Fields gstdesk does not know were kept in the stored answer only: "+strings.Join(keys, ", ")+".")
	}
	return append(out, n.extra...)
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
