// Package recon reconciles a purchase register (the books) with GSTR-2A or GSTR-2B: it normalises invoice
// numbers, pairs invoices supplier by supplier (then by PAN, for invoices booked under another branch
// of the supplier), explains every pair and every unpaired invoice, summarises ITC per period and per
// supplier, reads registers exported from Tally, Busy or Excel, and keeps a person's decisions
// (accept, pending, ignore, link, unlink) across re-runs and new 2A pulls.
//
// Decisions where the issue was silent:
//   - Invoice numbers: see NormaliseInvoiceNumber (financial-year tokens, separators, leading zeros
//     per digit run) and NearMiss (one typing slip, numbers of at least MinFuzzyLength characters).
//     A separator between two digits is part of the number ("1/234" is not "12/34" nor "1234"):
//     numbers equal but for such a separator are Suggested with every amount and the date agreeing,
//     never Exact.
//   - Document type is part of a document's identity: the same supplier and number as an invoice on
//     one side and a credit or debit note on the other is one Mismatch naming both types.
//   - A bill of entry is known by port code, number and date (within the window): an import has no
//     supplier GSTIN (impg); an SEZ unit's GSTIN (impgsez) is compared when both sides give one. Its
//     invoice value is not compared (the return has none). A bill of entry the books give without a
//     port code pairs by number, date and amounts, Suggested.
//   - An ISD document is known by ISD GSTIN, number and type (and, in the return, eligibility);
//     only its tax is compared. Credit marked not eligible (itcelg N) is shown and matched but
//     counted at risk (RiskNotEligible), never claimable.
//   - Amounts are signed paise; credit notes are negative on both sides and pair only with credit
//     notes (document type is part of every index key), debit notes only with debit notes.
//   - The amount tolerance applies to each of invoice value, taxable value, IGST, CGST, SGST and cess.
//     Same GSTIN and number with every amount within it, same date, place of supply and reverse charge
//     is Exact even when amounts differ by paise (rounding); the difference is still listed, marked
//     within tolerance. Same number with only the date off, within the window, is Suggested; beyond
//     the window, or any amount beyond tolerance, or a different place of supply or reverse charge,
//     is a Mismatch. A place of supply missing in the register is not compared.
//   - Near numbers, the wrong-branch pass (same PAN, other GSTIN, same number) and the same-amounts
//     pass (numbers unrelated) all need every amount within tolerance and dates within the window,
//     because two branches or two invoices of a month often share a number or an amount.
//   - A manual link is Exact when nothing differs beyond tolerance, otherwise a Mismatch; an unlink
//     keeps the two invoices apart in every pass.
//   - ITC: exact and accepted rows count as claimable with confidence up to the 2A tax; rows missing
//     in 2A, from suppliers with GSTR-1 or GSTR-3B not filed (cfs/cfs3b "N") or cancelled before the
//     invoice date are at risk; suggested and mismatched rows not accepted are "to review"; ignored
//     rows count in neither.
package recon

import (
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/civil"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// Source says which side an invoice comes from.
type Source string

// The two sides of a reconciliation.
const (
	Books  Source = "books"
	GSTR2A Source = "gstr2a"
)

// DocType is the kind of document: invoices and debit notes add tax, credit notes take it away.
type DocType string

// Document types.
const (
	DocInvoice    DocType = "invoice"
	DocCreditNote DocType = "credit_note"
	DocDebitNote  DocType = "debit_note"
	// DocBillOfEntry is a bill of entry for imported goods (GSTR-2B impg, impgsez): it is known by
	// its port code, number and date, and has no supplier GSTIN unless it is from an SEZ unit.
	DocBillOfEntry DocType = "bill_of_entry"
	// DocISDInvoice and DocISDCreditNote are documents of an input service distributor (GSTR-2B
	// isd, isda): credit distributed to this GSTIN, or taken back.
	DocISDInvoice    DocType = "isd_invoice"
	DocISDCreditNote DocType = "isd_credit_note"
)

// DocTypes lists every document type in the order a screen offers them.
var DocTypes = []DocType{DocInvoice, DocCreditNote, DocDebitNote, DocBillOfEntry, DocISDInvoice, DocISDCreditNote}

// Label is the document type as a person reads it: "credit note", "bill of entry".
func (d DocType) Label() string {
	switch docKind(d) {
	case DocInvoice:
		return "invoice"
	case DocCreditNote:
		return "credit note"
	case DocDebitNote:
		return "debit note"
	case DocBillOfEntry:
		return "bill of entry"
	case DocISDInvoice:
		return "ISD invoice"
	case DocISDCreditNote:
		return "ISD credit note"
	}
	return strings.ReplaceAll(string(d), "_", " ")
}

// Reduces says whether a document of this type takes credit away (credit notes): its amounts are
// negative on both sides.
func (d DocType) Reduces() bool { return d == DocCreditNote || d == DocISDCreditNote }

// family groups the types that can be one document written down as another type: a supplier's
// invoice, credit note and debit note; an ISD's invoice and credit note. A bill of entry is only
// ever a bill of entry.
func (d DocType) family() int {
	switch docKind(d) {
	case DocBillOfEntry:
		return 1
	case DocISDInvoice, DocISDCreditNote:
		return 2
	}
	return 0
}

// Paise is money.Paise, the one amount type (its JSON is rupees with two decimals, 1234.50, the
// form saved runs and every face read). Amounts are signed: credit notes are negative on both
// sides.
type Paise = money.Paise

// Invoice is one document on either side: a register row (or consecutive rows of one invoice) or a
// GSTR-2A invoice.
type Invoice struct {
	Source Source `json:"source"`
	// RowRef says where the invoice came from: "purchases.csv row 12" or the 2A key.
	RowRef        string `json:"row_ref"`
	SupplierGSTIN string `json:"supplier_gstin"`
	SupplierName  string `json:"supplier_name,omitempty"`
	Number        string `json:"invoice_number"`
	// Date is YYYY-MM-DD; empty when unknown.
	Date string `json:"invoice_date"`
	// PlaceOfSupply is a two-digit state code; empty when the register has none (then not compared).
	PlaceOfSupply string  `json:"place_of_supply"`
	ReverseCharge bool    `json:"reverse_charge"`
	DocType       DocType `json:"document_type"`
	// InvType is the GSTR-2A invoice type (R, SEZWP, SEZWOP, DE, CBW); part of a 2A row's identity.
	InvType string `json:"inv_type,omitempty"`
	Value   Paise  `json:"invoice_value"`
	Taxable Paise  `json:"taxable_value"`
	IGST    Paise  `json:"igst"`
	CGST    Paise  `json:"cgst"`
	SGST    Paise  `json:"sgst"`
	Cess    Paise  `json:"cess"`
	// Period is the return period YYYY-MM: for the books the month of the invoice date unless set,
	// for 2A the period it was reported in.
	Period string `json:"period"`
	// FiledGSTR1 and FiledGSTR3B are the supplier's filing flags from 2A (cfs, cfs3b): "Y", "N" or
	// "" when unknown.
	FiledGSTR1  string `json:"cfs,omitempty"`
	FiledGSTR3B string `json:"cfs3b,omitempty"`
	// CancelledOn is the supplier's cancellation date YYYY-MM-DD from 2A (dtcancel), if any.
	CancelledOn string `json:"cancelled_on,omitempty"`
	// PaymentDate is, for the books, when the supplier was paid in full (YYYY-MM-DD), from the
	// register's optional payment date column; empty when unpaid or when the register has none.
	PaymentDate string `json:"payment_date,omitempty"`
	// PortCode is a bill of entry's port code (GSTR-2B portcode, the register's port code column):
	// with the bill of entry number and date, what a bill of entry is known by.
	PortCode string `json:"port_code,omitempty"`
	// ITCEligible is, for an ISD document, whether its credit is eligible: "Y", "N" (GSTR-2B
	// itcelg, the register's eligibility column) or "" when not said. A document with "N" on the
	// GSTR-2B side is shown and matched but its credit is never counted as claimable.
	ITCEligible string `json:"itc_eligible,omitempty"`
	// DuplicateOf is, for a register row that repeats an invoice read further up (same supplier
	// GSTIN, normalised number and date), the RowRef of that invoice: the row is listed as a
	// DuplicateInBooks, never added up or matched.
	DuplicateOf string `json:"duplicate_of,omitempty"`
}

// Tax is the sum of the four tax heads.
func (in *Invoice) Tax() Paise { return in.IGST + in.CGST + in.SGST + in.Cess }

// PAN returns characters 3-12 of the supplier GSTIN, or "" when it is too short to hold one.
func PAN(gstin string) string {
	if len(gstin) < 12 {
		return ""
	}
	return gstin[2:12]
}

// Options are the settings of a run.
type Options struct {
	// AmountTolerance is the largest difference, per amount field (each tax head, taxable value,
	// invoice value), still treated as agreement. Default 100 paise.
	AmountTolerance Paise `json:"amount_tolerance"`
	// DateWindowDays is how many days apart two dates may be and still suggest the same invoice.
	DateWindowDays int `json:"date_window_days"`
	// CombineDuplicates records that the person asked for register rows repeating an invoice to
	// be added up (the figures of such a run rest on that choice; a re-run keeps it).
	CombineDuplicates bool `json:"combine_duplicates,omitempty"`
	// Links are manual links and unlinks made by a person; they win over the automatic passes.
	Links []ManualLink `json:"-"`
	// Actions are a person's decisions on rows, matched to rows by key.
	Actions []Action `json:"-"`
}

// DefaultOptions returns the defaults: ₹1 per amount field and a 10-day date window.
func DefaultOptions() Options { return Options{AmountTolerance: 100, DateWindowDays: 10} }

// Status is the outcome for a row.
type Status string

// Statuses, in the order tabs show them.
const (
	Exact          Status = "exact"
	Suggested      Status = "suggested"
	Mismatch       Status = "mismatch"
	MissingIn2A    Status = "missing_in_2a"
	MissingInBooks Status = "missing_in_books"
	// DuplicateInBooks is a register row that repeats an invoice read further up: shown with both
	// rows, not matched, and counted in no ITC figure.
	DuplicateInBooks Status = "duplicate_in_books"
)

// Statuses lists every status in display order.
var Statuses = []Status{Exact, Suggested, Mismatch, MissingIn2A, MissingInBooks, DuplicateInBooks}

// Label is the status as a tab shows it.
func (s Status) Label() string {
	switch s {
	case Exact:
		return "Exact match"
	case Suggested:
		return "Suggested match"
	case Mismatch:
		return "Mismatch"
	case MissingIn2A:
		return "Missing in 2A"
	case MissingInBooks:
		return "Missing in books"
	case DuplicateInBooks:
		return "Duplicate in books"
	}
	return string(s)
}

func statusOrder(s Status) int {
	for i, x := range Statuses {
		if x == s {
			return i
		}
	}
	return len(Statuses)
}

// RuleID names the rule that produced a row; Row.Rule is the sentence a person reads.
type RuleID string

// The rules.
const (
	RuleExact       RuleID = "same_number"           // same GSTIN and number, all fields agree
	RuleDifferent   RuleID = "same_number_differs"   // same GSTIN and number, fields differ
	RuleDateWindow  RuleID = "same_number_date_near" // same GSTIN and number, dates within the window
	RuleNearNumber  RuleID = "near_number"           // same GSTIN, number one slip off, amounts agree
	RuleWrongBranch RuleID = "wrong_branch"          // same PAN, other GSTIN, same number, amounts agree
	RuleSameAmounts RuleID = "same_amounts"          // same GSTIN, numbers differ, amounts and date agree
	RuleManualLink  RuleID = "manual_link"           // linked by a person
	RuleNotIn2A     RuleID = "not_in_2a"
	RuleNotInBooks  RuleID = "not_in_books"
	RuleDuplicate   RuleID = "duplicate_row" // a register row repeating an invoice
	// RuleSeparator: same GSTIN, numbers equal but for a separator between digits ("1/234" and
	// "12/34"), amounts and dates agree: suggested, never exact.
	RuleSeparator RuleID = "same_number_but_separator"
	// RuleDocType: same GSTIN and number, but one side has it as another document type (an
	// invoice in the books, a credit note in the return): a mismatch naming the types.
	RuleDocType RuleID = "same_number_other_type"
	// RuleBillOfEntry: a bill of entry, same port code and number, dates within the window.
	RuleBillOfEntry RuleID = "bill_of_entry"
	// RuleBillOfEntryNoPort: a bill of entry whose port code the books do not give, paired by
	// number, date within the window and amounts.
	RuleBillOfEntryNoPort RuleID = "bill_of_entry_no_port"
	// RuleISD: an ISD document, same ISD GSTIN, document number and type.
	RuleISD           RuleID = "isd_document"
	ruleWrongBranchTx        = "same PAN, booked under another GSTIN (wrong branch)"
)

// Difference is one field on which the two sides differ. Books and GSTR2A are the values as a person
// reads them; Diff is books minus 2A for amounts (rupees) and days for dates.
type Difference struct {
	Field           string `json:"field"`
	Books           string `json:"books"`
	GSTR2A          string `json:"gstr2a"`
	Diff            string `json:"diff,omitempty"`
	WithinTolerance bool   `json:"within_tolerance,omitempty"`
}

// Comparison is one field of a pair as the explanation panel shows it.
type Comparison struct {
	Field  string `json:"field"`
	Books  string `json:"books"`
	GSTR2A string `json:"gstr2a"`
	Diff   string `json:"diff,omitempty"`
	// Verdict is "same", "within_tolerance" or "different".
	Verdict string `json:"verdict"`
}

// Candidate is a near invoice on the other side shown for a Missing row, with why it was not paired.
type Candidate struct {
	Invoice Invoice `json:"invoice"`
	Norm    string  `json:"norm"`
	Reason  string  `json:"reason"`
}

// Row is one line of the result: a pair, or one invoice alone.
type Row struct {
	Status Status   `json:"status"`
	Books  *Invoice `json:"books"`
	GSTR2A *Invoice `json:"gstr2a"`
	// Rule is the rule that fired, as a sentence; RuleID its code.
	Rule   string `json:"rule"`
	RuleID RuleID `json:"rule_id"`
	// NormBooks and Norm2A are the normalised invoice numbers compared.
	NormBooks   string       `json:"norm_books"`
	Norm2A      string       `json:"norm_gstr2a"`
	Differences []Difference `json:"differences"`
	// Candidates are the three nearest invoices on the other side, for Missing rows.
	Candidates []Candidate `json:"candidates,omitempty"`
	// Period is the return period of the row: the books' when there is a books side.
	Period string `json:"period"`
	// Key identifies the row across runs (see RowKey); actions are stored against it.
	Key string `json:"key"`
	// Action is a person's decision on the row, if any; Changed says the data changed since.
	Action  ActionKind `json:"action,omitempty"`
	Changed bool       `json:"changed_since_action,omitempty"`
}

// Result is the outcome of a reconciliation.
type Result struct {
	Options Options `json:"options"`
	Rows    []Row   `json:"rows"`
}

// ActionKind is a person's decision on a row.
type ActionKind string

// Decisions on a row.
const (
	Accept  ActionKind = "accept"
	Pending ActionKind = "pending"
	Ignore  ActionKind = "ignore"
)

// ParseActionKind reads an action name.
func ParseActionKind(s string) (ActionKind, error) {
	switch a := ActionKind(strings.ToLower(strings.TrimSpace(s))); a {
	case Accept, Pending, Ignore:
		return a, nil
	}
	return "", apperr.New(apperr.Invalid, "Unknown action %q: use accept, pending or ignore.", s)
}

// Action is a decision on a row, remembered by the row's key with the fingerprint of its data then.
type Action struct {
	RowKey      string     `json:"row_key"`
	Kind        ActionKind `json:"action"`
	Fingerprint string     `json:"fingerprint"`
	UpdatedAt   string     `json:"updated_at,omitempty"`
}

// LinkKind says whether a person joined two invoices or separated them.
type LinkKind string

// Link kinds.
const (
	LinkPair   LinkKind = "link"
	UnlinkPair LinkKind = "unlink"
)

// ManualLink is a manual decision about a books invoice and a 2A invoice, by their identities (see
// Identity): linked ones are paired whatever the passes say; unlinked ones are never paired.
type ManualLink struct {
	Kind   LinkKind `json:"kind"`
	Books  string   `json:"books"`
	GSTR2A string   `json:"gstr2a"`
}

// DayNumber reads a date YYYY-MM-DD as days since 1970-01-01 (civil.DaysFromCivil), without
// allocating; ok is false for anything else.
func DayNumber(s string) (day int, ok bool) { return dayNumber(s) }

// dayNumber reads YYYY-MM-DD as days since 1970-01-01.
func dayNumber(s string) (int, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' || !allDigits(s[:4]) || !allDigits(s[5:7]) || !allDigits(s[8:]) {
		return 0, false
	}
	y := int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
	m := int(s[5]-'0')*10 + int(s[6]-'0')
	d := int(s[8]-'0')*10 + int(s[9]-'0')
	if m < 1 || m > 12 || d < 1 || d > civil.DaysIn(y, m) {
		return 0, false
	}
	return civil.DaysFromCivil(y, m, d), true
}

// financialYear returns the starting year of the financial year of a day number.
func financialYear(day int) int {
	y, m, _ := civil.CivilFromDays(day)
	return int(period.FYOf(y, time.Month(m)))
}

// ShowDate writes YYYY-MM-DD as DD/MM/YYYY; anything else is returned as is.
func ShowDate(s string) string {
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		return s[8:] + "/" + s[5:7] + "/" + s[:4]
	}
	return s
}
