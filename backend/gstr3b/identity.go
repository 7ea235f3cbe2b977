package gstr3b

import (
	"encoding/json"
	"strings"

	"gstdesk/backend/recon"
)

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// Faces of a document: the books' copy (a purchase register row) and the GSTR-2B's.
const (
	FaceBooks = "books"
	Face2B    = "2b"
)

// Document types as a claim knows them (the reconciliation's): an ISD credit note is a credit
// note, a bill of entry and an ISD invoice are invoices.
const (
	TypeInvoice    = "invoice"
	TypeCreditNote = "credit_note"
	TypeDebitNote  = "debit_note"
)

// DocType gives the claim's document type of a GSTR-2B kind or a register document type.
func DocType(kind string) string {
	switch kind {
	case "credit_note", "isd_credit_note":
		return TypeCreditNote
	case "debit_note":
		return TypeDebitNote
	}
	return TypeInvoice
}

// Identity is how a document is known to its claim period: the face, the supplier's GSTIN, the
// document type and the number as normalised for matching (recon.NormaliseInvoiceNumber, the one
// rule the reconciliation pairs by), and for a GSTR-2B document its 2B period and section. Another
// change is unifying the invoice-number rule across packages; this package calls it in one place
// (Normalise) so that it follows.
type Identity struct {
	Face     string `json:"face"`
	Supplier string `json:"supplier_gstin"`
	DocType  string `json:"document_type"`
	Number   string `json:"number_normalised"`
	Period2B string `json:"period_2b,omitempty"`
	Section  string `json:"section,omitempty"`
}

// Normalise is the number of a document as its identity keeps it.
func Normalise(number string) string { return recon.NormaliseInvoiceNumber(number) }

// IdentityOf is the identity of a document of face (FaceBooks, Face2B) from its supplier, kind
// (2B kind or register type), number and, for a 2B document, the 2B's period and section.
func IdentityOf(face, supplier, kind, number, period2B, section string) Identity {
	id := Identity{Face: face, Supplier: strings.ToUpper(strings.TrimSpace(supplier)), DocType: DocType(kind), Number: Normalise(number)}
	if face == Face2B {
		id.Period2B, id.Section = period2B, section
	}
	return id
}

// Key is the identity as one text, face included.
func (id Identity) Key() string {
	return id.Face + "|" + id.Supplier + "|" + id.DocType + "|" + id.Number + "|" + id.Period2B + "|" + id.Section
}

// DocKey is how the document is known across faces and rules within one worksheet (blocked
// marks, a run's rows): supplier, type and normalised number, whatever its face.
func (id Identity) DocKey() string { return id.Supplier + "|" + id.DocType + "|" + id.Number }

// docKey is DocKey of a document's parts.
func docKey(supplier, kind, number string) string {
	return IdentityOf(FaceBooks, supplier, kind, number, "", "").DocKey()
}
