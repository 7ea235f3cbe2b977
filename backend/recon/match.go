package recon

import (
	"cmp"
	"fmt"
	"gstdesk/backend/money"
	"hash/fnv"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// item is an invoice being matched, with what the passes look at worked out once.
type item struct {
	inv    *Invoice
	side   Source
	idx    int
	norm   string
	day    int
	hasDay bool
	gstin  string
	pan    string
	// party is whom the document is known under: the supplier GSTIN, or for a bill of entry its
	// port code ("port:INNSA1"), as an import of goods has no supplier GSTIN.
	party string
	kind  DocType
	id    string // identity, with "#n" for the n-th duplicate
	// legacyID is the identity under the rule before a separator between digits was part of a
	// number ("" when it is id, or when no decision is given): links and actions stored then
	// are found by it.
	legacyID string
	row      int  // index of its row once placed, -1 before
	dup      bool // a register row repeating an invoice (Invoice.DuplicateOf): placed on its own, never paired
}

// Identity is what a books invoice (GSTIN, document type, normalised number) or a 2A invoice
// (GSTIN, document type, invoice type, normalised number) is known by across runs and new pulls,
// normalised as Match does with opt's date window. Within one input the n-th invoice with the same
// identity gets "#n" appended from the second on; the identities in a row's Key (SplitRowKey)
// carry that suffix.
func Identity(in *Invoice, opt Options) string {
	day, ok := dayNumber(in.Date)
	return identityBase(in, NormaliseInvoiceNumber(in.Number, fyHints(day, ok, opt.DateWindowDays)...))
}

// fyHints are the financial years a number is normalised with: that of the invoice date and of the
// dates a window away, so two dates either side of 1 April within the window agree.
func fyHints(day int, hasDay bool, window int) []int {
	var buf [3]int
	return appendFYHints(buf[:0], day, hasDay, window)
}

func appendFYHints(hints []int, day int, hasDay bool, window int) []int {
	if !hasDay {
		return hints
	}
	fy := financialYear(day)
	hints = append(hints, fy)
	for _, d := range [2]int{day - window, day + window} {
		if y := financialYear(d); y != fy && !containsInt(hints, y) {
			hints = append(hints, y)
		}
	}
	slices.Sort(hints)
	return hints
}

// identityBase is the identity of an invoice whose number normalises to norm. A bill of entry is
// known by its port code (not a supplier GSTIN, which only an SEZ's has); an ISD document in the
// return by its eligibility too, as one ISD number can come once eligible and once not.
func identityBase(in *Invoice, norm string) string {
	g := strings.ToUpper(strings.TrimSpace(in.SupplierGSTIN))
	k := docKind(in.DocType)
	switch k {
	case DocBillOfEntry:
		g = portParty(in.PortCode)
	case DocISDInvoice, DocISDCreditNote:
		if in.Source == GSTR2A && in.ITCEligible != "" {
			norm += "|elg:" + in.ITCEligible
		}
	}
	if in.Source == GSTR2A {
		return "2A|" + g + "|" + string(k) + "|" + in.InvType + "|" + norm
	}
	return "B|" + g + "|" + string(k) + "|" + norm
}

// portParty is what a bill of entry is filed under in place of a supplier GSTIN: its port code.
func portParty(port string) string {
	return "port:" + strings.ToUpper(strings.Join(strings.Fields(port), ""))
}

func docKind(d DocType) DocType {
	if d == "" {
		return DocInvoice
	}
	return d
}

// matcher holds one run.
type matcher struct {
	opt       Options
	books     []*item
	twoA      []*item
	rows      []Row
	sides     [][2]*item // the books and 2A items of each row, in step with rows
	exactRule string
	unlinked  map[[2]string]bool
	// legacy: decisions are given, which may name invoices by their identity before a separator
	// between digits was part of a number (item.legacyID)
	legacy bool
	// fuzzy index of the 2A invoices left after the exact pass: GSTIN|kind|deletion key → items
	fuzzy map[fuzzyKey][]*item
	// 2A invoices of a GSTIN|kind sorted by day, for date-near lookups
	byDay map[string][]*item
}

// Match reconciles books with 2A. Passes, each over what earlier ones left:
//
//  0. manual links (opt.Links) pair the named invoices;
//  1. same GSTIN, document type and normalised number: Exact when every amount is within
//     the tolerance and date, place of supply and reverse charge agree; Suggested when only the
//     dates differ, within the date window; otherwise Mismatch, listing each difference;
//  2. same GSTIN, numbers one typing slip apart (NearMiss), amounts within tolerance, dates within
//     the window: Suggested;
//  3. same PAN under another GSTIN, same number, amounts within tolerance, dates within the window:
//     Suggested (wrong branch);
//  4. same GSTIN, different numbers, amounts within tolerance and dates within the window: Suggested;
//  5. what is left is Missing in 2A or Missing in books, with its three nearest candidates.
//
// Within a pass the pairs with the fewest differences, then the closest dates, then the smallest
// amount gaps win; ties go to input order, so the output is the same for the same input. Rows are
// sorted by period, supplier GSTIN, normalised number and status. Amounts within the tolerance that
// are not equal to the paisa still make an Exact match (rounding); the difference is listed with
// WithinTolerance set.
func Match(books, twoA []Invoice, opt Options) Result {
	if opt.AmountTolerance < 0 {
		opt.AmountTolerance = 0
	}
	if opt.DateWindowDays < 0 {
		opt.DateWindowDays = 0
	}
	m := &matcher{opt: opt, unlinked: map[[2]string]bool{}, legacy: len(opt.Links) > 0 || len(opt.Actions) > 0}
	m.exactRule = "Same supplier GSTIN and invoice number; date, place of supply, reverse charge agree and every amount is within " + rupees(opt.AmountTolerance)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); m.twoA = m.prepare(twoA, GSTR2A) }()
	m.books = m.prepare(books, Books)
	wg.Wait()
	// at least one row per invoice of the longer side; most invoices pair, so a little more is plenty
	capRows := max(len(books), len(twoA)) + min(len(books), len(twoA))/8
	m.rows = make([]Row, 0, capRows)
	m.sides = make([][2]*item, 0, capRows)
	for _, l := range opt.Links {
		if l.Kind == UnlinkPair {
			m.unlinked[[2]string{l.Books, l.GSTR2A}] = true
		}
	}
	m.duplicateRows()
	m.manualLinks()
	m.sameNumber()
	m.separatorOnly()
	m.otherType()
	m.billOfEntryNoPort()
	m.nearNumber()
	m.wrongBranch()
	m.sameAmounts()
	m.missing()
	m.finish()
	return Result{Options: Options{AmountTolerance: opt.AmountTolerance, DateWindowDays: opt.DateWindowDays, CombineDuplicates: opt.CombineDuplicates}, Rows: m.rows}
}

func (m *matcher) prepare(in []Invoice, side Source) []*item {
	cp := make([]Invoice, len(in))
	copy(cp, in)
	items := make([]item, len(cp))
	out := make([]*item, len(cp))
	seen := make(map[string]int, len(cp))
	for i := range cp {
		inv := &cp[i]
		inv.Source = side
		inv.SupplierGSTIN = strings.ToUpper(strings.TrimSpace(inv.SupplierGSTIN))
		inv.DocType = docKind(inv.DocType)
		it := &items[i]
		*it = item{inv: inv, side: side, idx: i, gstin: inv.SupplierGSTIN, pan: PAN(inv.SupplierGSTIN), kind: inv.DocType, row: -1,
			dup: side == Books && inv.DuplicateOf != ""}
		it.day, it.hasDay = dayNumber(inv.Date)
		if inv.Period == "" && it.hasDay {
			inv.Period = inv.Date[:7]
		}
		var hbuf [3]int
		hints := appendFYHints(hbuf[:0], it.day, it.hasDay, m.opt.DateWindowDays)
		it.norm = NormaliseInvoiceNumber(inv.Number, hints...)
		it.party = it.gstin
		if it.kind == DocBillOfEntry {
			// Imports are filed under the port: an SEZ supplier's GSTIN is compared, not keyed on,
			// and there is no branch of a port to look under.
			it.party, it.pan = portParty(inv.PortCode), ""
		}
		base := identityBase(inv, it.norm)
		seen[base]++
		it.id = base
		if n := seen[base]; n > 1 {
			it.id = base + "#" + strconv.Itoa(n)
		}
		out[i] = it
	}
	if m.legacy {
		legacyIDs(out)
	}
	return out
}

// legacyIDs sets, where it differs from today's, the identity each item had before a separator
// between digits was part of a number: its number without those separators (SeparatorBlind),
// repeats counted as the rule then counted them. Bills of entry and ISD documents had none.
func legacyIDs(items []*item) {
	old := make(map[string]int, len(items))
	for _, it := range items {
		if it.kind.family() != 0 {
			continue
		}
		base := identityBase(it.inv, SeparatorBlind(it.norm))
		old[base]++
		id := base
		if n := old[base]; n > 1 {
			id = base + "#" + strconv.Itoa(n)
		}
		if id != it.id {
			it.legacyID = id
		}
	}
}

func (m *matcher) within(a, b Paise) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= m.opt.AmountTolerance
}

func (m *matcher) amountsAgree(b, a *Invoice) bool {
	for _, f := range amountFieldsOf(b.DocType, a.DocType) {
		if !m.within(f.get(b), f.get(a)) {
			return false
		}
	}
	return true
}

// amountFieldsOf are the amounts compared for a pair of these types: a bill of entry has no
// invoice value in the return (its assessable value is the taxable value), an ISD document
// neither an invoice value nor a taxable value, only the tax distributed.
func amountFieldsOf(b, a DocType) []amountField {
	switch {
	case b.family() == 2 || a.family() == 2:
		return amountFields[2:]
	case b == DocBillOfEntry || a == DocBillOfEntry:
		return amountFields[1:]
	}
	return amountFields
}

func (m *matcher) datesNear(b, a *item) bool {
	return !b.hasDay || !a.hasDay || absInt(b.day-a.day) <= m.opt.DateWindowDays
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func absPaise(x Paise) Paise {
	if x < 0 {
		return -x
	}
	return x
}

// comparison of a pair
type verdict struct {
	diffs    []Difference
	beyond   int   // differences beyond tolerance or window, or of pos/rc/GSTIN/number/type
	soft     int   // differences named but not held against the pair (a GSTIN or port code one side lacks)
	dateOff  int   // days apart, 0 when unknown
	amtGap   Paise // sum of absolute amount differences
	dateOnly bool  // the only differences are dates within the window and amounts within tolerance
}

func (m *matcher) compare(b, a *item) verdict {
	var v verdict
	bi, ai := b.inv, a.inv
	boe := b.kind == DocBillOfEntry && a.kind == DocBillOfEntry
	// A bill of entry of an import (impg) has no supplier GSTIN: compared only when both give one.
	if b.gstin != a.gstin {
		if !boe || (b.gstin != "" && a.gstin != "") {
			v.diffs = append(v.diffs, Difference{Field: "supplier_gstin", Books: b.gstin, GSTR2A: a.gstin})
			v.beyond++
		} else {
			// an SEZ unit's bill of entry against an import's: the pair with the GSTIN on both
			// sides or on neither is preferred
			v.diffs = append(v.diffs, Difference{Field: "supplier_gstin", Books: b.gstin, GSTR2A: a.gstin, WithinTolerance: true})
			v.soft++
		}
	}
	if boe && b.party != a.party {
		v.diffs = append(v.diffs, Difference{Field: "port_code", Books: bi.PortCode, GSTR2A: ai.PortCode, WithinTolerance: bi.PortCode == ""})
		if bi.PortCode != "" {
			v.beyond++
		} else {
			v.soft++ // a port code the books do not give is named, not held against the pair
		}
	}
	if b.norm != a.norm {
		d := fmt.Sprintf("%d character(s)", EditDistance(b.norm, a.norm))
		if equalButSeparators(b.norm, a.norm) {
			d = "only a separator between digits"
		}
		v.diffs = append(v.diffs, Difference{Field: "invoice_number", Books: bi.Number, GSTR2A: ai.Number, Diff: d})
		v.beyond++
	}
	if b.kind != a.kind {
		v.diffs = append(v.diffs, Difference{Field: "document_type", Books: string(b.kind), GSTR2A: string(a.kind)})
		v.beyond++
	}
	if bi.ITCEligible != "" && ai.ITCEligible != "" && bi.ITCEligible != ai.ITCEligible {
		v.diffs = append(v.diffs, Difference{Field: "itc_eligible", Books: bi.ITCEligible, GSTR2A: ai.ITCEligible})
		v.beyond++
	}
	dateNear := false
	if b.hasDay && a.hasDay && b.day != a.day {
		v.dateOff = absInt(b.day - a.day)
		in := v.dateOff <= m.opt.DateWindowDays
		v.diffs = append(v.diffs, Difference{Field: "invoice_date", Books: ShowDate(bi.Date), GSTR2A: ShowDate(ai.Date),
			Diff: fmt.Sprintf("%+d days", b.day-a.day), WithinTolerance: in})
		if in {
			dateNear = true
		} else {
			v.beyond++
		}
	}
	if bi.PlaceOfSupply != "" && ai.PlaceOfSupply != "" && bi.PlaceOfSupply != ai.PlaceOfSupply {
		v.diffs = append(v.diffs, Difference{Field: "place_of_supply", Books: bi.PlaceOfSupply, GSTR2A: ai.PlaceOfSupply})
		v.beyond++
	}
	if bi.ReverseCharge != ai.ReverseCharge {
		v.diffs = append(v.diffs, Difference{Field: "reverse_charge", Books: yn(bi.ReverseCharge), GSTR2A: yn(ai.ReverseCharge)})
		v.beyond++
	}
	for _, f := range amountFieldsOf(b.kind, a.kind) {
		x, y := f.get(bi), f.get(ai)
		if x == y {
			continue
		}
		v.amtGap += absPaise(x - y)
		in := m.within(x, y)
		if !in {
			v.beyond++
		}
		v.diffs = append(v.diffs, Difference{Field: f.name, Books: x.Decimal(), GSTR2A: y.Decimal(), Diff: (x - y).Decimal(), WithinTolerance: in})
	}
	v.dateOnly = v.beyond == 0 && dateNear
	return v
}

type amountField struct {
	name  string
	title string
	get   func(*Invoice) Paise
}

var amountFields = []amountField{
	{"invoice_value", "invoice value", func(i *Invoice) Paise { return i.Value }},
	{"taxable_value", "taxable value", func(i *Invoice) Paise { return i.Taxable }},
	{"igst", "IGST", func(i *Invoice) Paise { return i.IGST }},
	{"cgst", "CGST", func(i *Invoice) Paise { return i.CGST }},
	{"sgst", "SGST", func(i *Invoice) Paise { return i.SGST }},
	{"cess", "cess", func(i *Invoice) Paise { return i.Cess }},
}

func yn(b bool) string {
	if b {
		return "Y"
	}
	return "N"
}

// fuzzyKey files an invoice under one of its deletion keys within its supplier (party) and
// document type.
type fuzzyKey struct {
	gstin string
	kind  DocType
	hash  uint64
}

// edge is a possible pair with its cost.
type edge struct {
	b, a *item
	v    verdict
}

func edgeLess(x, y edge) int {
	return cmp.Or(cmp.Compare(x.v.beyond, y.v.beyond), cmp.Compare(x.v.soft, y.v.soft), cmp.Compare(x.v.dateOff, y.v.dateOff),
		cmp.Compare(x.v.amtGap, y.v.amtGap), cmp.Compare(x.b.idx, y.b.idx), cmp.Compare(x.a.idx, y.a.idx))
}

// take pairs the cheapest edges greedily, each invoice at most once, and returns the pairs made.
func (m *matcher) take(edges []edge, place func(edge)) {
	if len(edges) > 1 {
		slices.SortFunc(edges, edgeLess)
	}
	for _, e := range edges {
		if !e.b.free() || !e.a.free() {
			continue
		}
		place(e)
	}
}

// free reports whether the invoice is still to be placed: every pass pairs only free invoices, so
// none sits in two rows (a duplicate register row is placed before any pass).
func (it *item) free() bool { return it.row < 0 }

func (m *matcher) allowed(b, a *item) bool {
	if len(m.unlinked) == 0 {
		return true
	}
	if m.unlinked[[2]string{b.id, a.id}] {
		return false
	}
	return (b.legacyID == "" && a.legacyID == "") || !m.unlinked[[2]string{b.knownAs(), a.knownAs()}]
}

// knownAs is the identity decisions stored before today's rule name the item by.
func (it *item) knownAs() string {
	if it.legacyID != "" {
		return it.legacyID
	}
	return it.id
}

func (m *matcher) addRow(r Row, b, a *item) {
	n := len(m.rows)
	if b != nil {
		r.Books, r.NormBooks, b.row = b.inv, b.norm, n
	}
	if a != nil {
		r.GSTR2A, r.Norm2A, a.row = a.inv, a.norm, n
	}
	if r.Differences == nil {
		r.Differences = []Difference{}
	}
	m.rows = append(m.rows, r)
	m.sides = append(m.sides, [2]*item{b, a})
}

func (m *matcher) manualLinks() {
	want := map[string]string{}
	for _, l := range m.opt.Links {
		if l.Kind == LinkPair {
			want[l.Books] = l.GSTR2A
		}
	}
	if len(want) == 0 {
		return
	}
	aByID := map[string]*item{}
	for _, a := range m.twoA {
		aByID[a.id] = a
	}
	for _, a := range m.twoA {
		if _, taken := aByID[a.legacyID]; a.legacyID != "" && !taken {
			aByID[a.legacyID] = a // a link stored before today's rule
		}
	}
	for _, b := range m.books {
		aid, ok := want[b.id]
		if !ok && b.legacyID != "" {
			aid, ok = want[b.legacyID]
		}
		if !ok {
			continue
		}
		a := aByID[aid]
		if !b.free() || a == nil || !a.free() { // a link to an invoice now a duplicate row stays unused
			continue
		}
		v := m.compare(b, a)
		st := Exact
		if v.beyond > 0 {
			st = Mismatch
		}
		m.addRow(Row{Status: st, RuleID: RuleManualLink, Rule: "Linked by hand" + explainDiffs(v), Differences: v.diffs}, b, a)
	}
}

// numberKey is a supplier GSTIN, document type and normalised number.
type numberKey struct {
	gstin string
	kind  DocType
	norm  string
}

func groupKey(it *item) numberKey { return numberKey{it.party, it.kind, it.norm} }

func (m *matcher) sameNumber() {
	type group struct{ books, twoA []*item }
	groups := make(map[numberKey]*group, len(m.twoA))
	for _, a := range m.twoA {
		if !a.free() || a.norm == "" {
			continue
		}
		k := groupKey(a)
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
		}
		g.twoA = append(g.twoA, a)
	}
	var order []*group // groups in the input order of their first books invoice
	for _, b := range m.books {
		if !b.free() || b.norm == "" {
			continue
		}
		g := groups[groupKey(b)]
		if g == nil {
			continue
		}
		if len(g.books) == 0 {
			order = append(order, g)
		}
		g.books = append(g.books, b)
	}
	var edges []edge
	for _, g := range order {
		edges = edges[:0]
		for _, b := range g.books {
			for _, a := range g.twoA {
				// A bill of entry is its port, number and date: the same number a window away
				// is another year's bill.
				if m.allowed(b, a) && (b.kind != DocBillOfEntry || m.datesNear(b, a)) {
					edges = append(edges, edge{b, a, m.compare(b, a)})
				}
			}
		}
		m.take(edges, m.placeSameNumber)
	}
}

func (m *matcher) placeSameNumber(e edge) {
	r := Row{Differences: e.v.diffs}
	switch e.b.kind {
	case DocBillOfEntry:
		m.placeBillOfEntry(&r, e)
	case DocISDInvoice, DocISDCreditNote:
		m.placeISD(&r, e)
	default:
		switch {
		case e.v.beyond > 0:
			r.Status, r.RuleID = Mismatch, RuleDifferent
			r.Rule = "Same supplier GSTIN and invoice number, but " + listBeyond(e.v.diffs)
		case e.v.dateOnly:
			r.Status, r.RuleID = Suggested, RuleDateWindow
			r.Rule = fmt.Sprintf("Same supplier GSTIN and invoice number, amounts agree; dates %d days apart (window %d days)", e.v.dateOff, m.opt.DateWindowDays)
		default:
			r.Status, r.RuleID = Exact, RuleExact
			r.Rule = m.exactRule
		}
	}
	m.addRow(r, e.b, e.a)
}

// placeBillOfEntry settles a bill of entry paired by port code and number, dates within the window.
func (m *matcher) placeBillOfEntry(r *Row, e edge) {
	r.RuleID = RuleBillOfEntry
	const same = "Bill of entry: same port code and bill of entry number"
	switch {
	case e.v.beyond > 0:
		r.Status = Mismatch
		r.Rule = same + ", but " + listBeyond(e.v.diffs)
	case e.v.dateOnly:
		r.Status = Suggested
		r.Rule = fmt.Sprintf("%s, amounts agree; dates %d days apart (window %d days)", same, e.v.dateOff, m.opt.DateWindowDays)
	default:
		r.Status = Exact
		r.Rule = "Bill of entry: same port code, bill of entry number and date; taxable (assessable) value, IGST and cess each within " + rupees(m.opt.AmountTolerance)
	}
}

// placeISD settles an ISD document paired by ISD GSTIN, document number and type.
func (m *matcher) placeISD(r *Row, e edge) {
	r.RuleID = RuleISD
	same := "ISD " + e.b.kind.Label()[4:] + ": same ISD GSTIN, document number and type"
	switch {
	case e.v.beyond > 0:
		r.Status = Mismatch
		r.Rule = same + ", but " + listBeyond(e.v.diffs)
	case e.v.dateOnly:
		r.Status = Suggested
		r.Rule = fmt.Sprintf("%s, tax agrees; dates %d days apart (window %d days)", same, e.v.dateOff, m.opt.DateWindowDays)
	default:
		r.Status = Exact
		r.Rule = "ISD " + e.b.kind.Label()[4:] + ": same ISD GSTIN, document number, type and date; IGST, CGST, SGST and cess each within " + rupees(m.opt.AmountTolerance)
	}
	if e.a.inv.ITCEligible == "N" {
		r.Rule += ". The return marks this credit not eligible (itcelg N): shown, not counted as claimable"
	}
}

// separatorOnly pairs what sameNumber left whose numbers are equal but for a separator between
// digits ("1/234" and "12/34", "1 234" and "1234"): never the same number, so at most Suggested,
// and only with every amount within the tolerance and dates within the window.
func (m *matcher) separatorOnly() {
	// Only what the exact pass left is looked at: the separator-blind numbers are made for those.
	idx := map[numberKey][]*item{}
	for _, a := range m.twoA {
		if a.free() && a.norm != "" {
			k := numberKey{a.party, a.kind, SeparatorBlind(a.norm)}
			idx[k] = append(idx[k], a)
		}
	}
	if len(idx) == 0 {
		return
	}
	var edges []edge
	for _, b := range m.books {
		if !b.free() || b.norm == "" {
			continue
		}
		for _, a := range idx[numberKey{b.party, b.kind, SeparatorBlind(b.norm)}] {
			if a.norm != b.norm && m.amountsAgree(b.inv, a.inv) && m.datesNear(b, a) && m.allowed(b, a) {
				edges = append(edges, edge{b, a, m.compare(b, a)})
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Suggested, RuleID: RuleSeparator, Differences: e.v.diffs,
			Rule: fmt.Sprintf("Same supplier and number but for a separator between digits (%s vs %s): not taken as the same number; amounts within %s and dates within %d days",
				e.b.inv.Number, e.a.inv.Number, rupees(m.opt.AmountTolerance), m.opt.DateWindowDays)}, e.b, e.a)
	})
}

// otherType pairs what is left of one supplier and number, dates within the window, that one side
// has as another document type (an invoice in the books, a credit note in the return): one
// document written down two ways, a Mismatch naming both types, not two unexplained missing rows.
func (m *matcher) otherType() {
	type key struct {
		party  string
		family int
		norm   string
	}
	idx := map[key][]*item{}
	for _, a := range m.twoA {
		if a.free() && a.norm != "" {
			k := key{a.party, a.kind.family(), a.norm}
			idx[k] = append(idx[k], a)
		}
	}
	if len(idx) == 0 {
		return
	}
	var edges []edge
	for _, b := range m.books {
		if !b.free() || b.norm == "" {
			continue
		}
		for _, a := range idx[key{b.party, b.kind.family(), b.norm}] {
			// the same date (within the window) makes it one document: a supplier's credit note
			// numbered like an invoice of another month is another document
			if a.kind != b.kind && m.datesNear(b, a) && m.allowed(b, a) {
				edges = append(edges, edge{b, a, m.compare(b, a)})
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Mismatch, RuleID: RuleDocType, Differences: e.v.diffs,
			Rule: fmt.Sprintf("Same supplier GSTIN and number, but the books have it as %s %s and the return as %s %s; %s",
				article(e.b.kind.Label()), e.b.kind.Label(), article(e.a.kind.Label()), e.a.kind.Label(), otherThanType(e.v.diffs))}, e.b, e.a)
	})
}

// billOfEntryNoPort pairs a bill of entry the books give without a port code with one of the
// return of the same number, date within the window and amounts within the tolerance.
func (m *matcher) billOfEntryNoPort() {
	idx := map[string][]*item{}
	for _, a := range m.twoA {
		if a.free() && a.kind == DocBillOfEntry && a.norm != "" {
			idx[a.norm] = append(idx[a.norm], a)
		}
	}
	if len(idx) == 0 {
		return
	}
	var edges []edge
	for _, b := range m.books {
		if !b.free() || b.kind != DocBillOfEntry || b.inv.PortCode != "" || b.norm == "" {
			continue
		}
		for _, a := range idx[b.norm] {
			if m.datesNear(b, a) && m.amountsAgree(b.inv, a.inv) && m.allowed(b, a) {
				edges = append(edges, edge{b, a, m.compare(b, a)})
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Suggested, RuleID: RuleBillOfEntryNoPort, Differences: e.v.diffs,
			Rule: fmt.Sprintf("Bill of entry: same number, dates within %d days and amounts within %s; the books give no port code (the return has %s): add it to the register",
				m.opt.DateWindowDays, rupees(m.opt.AmountTolerance), e.a.inv.PortCode)}, e.b, e.a)
	})
}

// otherThanType lists the differences beyond the document type, or says there are none.
func otherThanType(diffs []Difference) string {
	rest := make([]Difference, 0, len(diffs))
	for _, d := range diffs {
		if d.Field != "document_type" {
			rest = append(rest, d)
		}
	}
	if s := listBeyond(rest); s != "" {
		return "also " + s
	}
	return "nothing else differs"
}

// equalButSeparators says whether two normalised numbers are equal once the separators kept
// between digits are left out (SeparatorBlind), without making those strings.
func equalButSeparators(x, y string) bool {
	i, j := 0, 0
	for {
		for i < len(x) && x[i] == DigitSeparator {
			i++
		}
		for j < len(y) && y[j] == DigitSeparator {
			j++
		}
		if i == len(x) || j == len(y) {
			return i == len(x) && j == len(y)
		}
		if x[i] != y[j] {
			return false
		}
		i, j = i+1, j+1
	}
}

// article is "a" or "an" for a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an"
	}
	return "a"
}

func (m *matcher) nearNumber() {
	m.fuzzy = map[fuzzyKey][]*item{}
	var hs []uint64
	for _, a := range m.twoA {
		if !a.free() || len(a.norm) < MinFuzzyLength {
			continue
		}
		hs = deletionHashes(hs[:0], a.norm)
		for _, h := range hs {
			fk := fuzzyKey{a.party, a.kind, h}
			m.fuzzy[fk] = append(m.fuzzy[fk], a)
		}
	}
	var edges []edge
	seen := map[*item]bool{}
	for _, b := range m.books {
		if !b.free() || len(b.norm) < MinFuzzyLength {
			continue
		}
		clear(seen)
		hs = deletionHashes(hs[:0], b.norm)
		for _, h := range hs {
			for _, a := range m.fuzzy[fuzzyKey{b.party, b.kind, h}] {
				if seen[a] {
					continue
				}
				seen[a] = true
				if NearMiss(b.norm, a.norm) && m.amountsAgree(b.inv, a.inv) && m.datesNear(b, a) && m.allowed(b, a) {
					edges = append(edges, edge{b, a, m.compare(b, a)})
				}
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Suggested, RuleID: RuleNearNumber, Differences: e.v.diffs,
			Rule: fmt.Sprintf("Same supplier GSTIN; invoice numbers one typing slip apart (%s vs %s); amounts within %s and dates within %d days",
				e.b.norm, e.a.norm, rupees(m.opt.AmountTolerance), m.opt.DateWindowDays)}, e.b, e.a)
	})
}

func (m *matcher) wrongBranch() {
	idx := map[string][]*item{}
	for _, a := range m.twoA {
		if !a.free() || a.pan == "" || a.norm == "" {
			continue
		}
		k := a.pan + "|" + string(a.kind) + "|" + a.norm
		idx[k] = append(idx[k], a)
	}
	if len(idx) == 0 {
		return
	}
	var edges []edge
	for _, b := range m.books {
		if !b.free() || b.pan == "" || b.norm == "" {
			continue
		}
		for _, a := range idx[b.pan+"|"+string(b.kind)+"|"+b.norm] {
			if a.gstin != b.gstin && m.amountsAgree(b.inv, a.inv) && m.datesNear(b, a) && m.allowed(b, a) {
				edges = append(edges, edge{b, a, m.compare(b, a)})
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Suggested, RuleID: RuleWrongBranch, Differences: e.v.diffs,
			Rule: ruleWrongBranchTx + fmt.Sprintf(": booked under %s, reported by %s", e.b.gstin, e.a.gstin)}, e.b, e.a)
	})
}

// bucket is a supplier GSTIN and document type.
type bucket struct {
	gstin string
	kind  DocType
}

func bucketKey(it *item) bucket { return bucket{it.party, it.kind} }

// sortedByDay returns the 2A invoices with a date per GSTIN|kind, ordered by day then input order.
func sortedByDay(items []*item, keep func(*item) bool) map[bucket][]*item {
	out := map[bucket][]*item{}
	for _, a := range items {
		if a.hasDay && keep(a) {
			k := bucketKey(a)
			out[k] = append(out[k], a)
		}
	}
	for _, l := range out {
		slices.SortFunc(l, func(x, y *item) int { return cmp.Or(cmp.Compare(x.day, y.day), cmp.Compare(x.idx, y.idx)) })
	}
	return out
}

// nearDays returns the items of l (sorted by day) within w days of day, at most limit of them,
// nearest first.
func nearDays(l []*item, day, w, limit int) []*item {
	i := sort.Search(len(l), func(i int) bool { return l[i].day >= day })
	lo, hi := i-1, i
	var out []*item
	for len(out) < limit {
		var pick *item
		switch {
		case lo >= 0 && hi < len(l):
			if day-l[lo].day <= l[hi].day-day {
				pick, lo = l[lo], lo-1
			} else {
				pick, hi = l[hi], hi+1
			}
		case lo >= 0:
			pick, lo = l[lo], lo-1
		case hi < len(l):
			pick, hi = l[hi], hi+1
		}
		if pick == nil || absInt(pick.day-day) > w {
			break
		}
		out = append(out, pick)
	}
	return out
}

func (m *matcher) sameAmounts() {
	left := sortedByDay(m.twoA, func(a *item) bool { return a.free() })
	if len(left) == 0 {
		return
	}
	var edges []edge
	for _, b := range m.books {
		if !b.free() || !b.hasDay || (b.inv.Taxable == 0 && b.inv.Tax() == 0) {
			continue
		}
		for _, a := range nearDays(left[bucketKey(b)], b.day, m.opt.DateWindowDays, 200) {
			if m.amountsAgree(b.inv, a.inv) && m.allowed(b, a) {
				edges = append(edges, edge{b, a, m.compare(b, a)})
			}
		}
	}
	m.take(edges, func(e edge) {
		m.addRow(Row{Status: Suggested, RuleID: RuleSameAmounts, Differences: e.v.diffs,
			Rule: fmt.Sprintf("Same supplier GSTIN; amounts within %s and dates within %d days, but the invoice numbers differ (%s vs %s)",
				rupees(m.opt.AmountTolerance), m.opt.DateWindowDays, e.b.norm, e.a.norm)}, e.b, e.a)
	})
}

// duplicateRows places the register rows that repeat an invoice (Invoice.DuplicateOf) before any
// pass, so none pairs them: each is its own DuplicateInBooks row naming both rows.
func (m *matcher) duplicateRows() {
	for _, b := range m.books {
		if b.dup {
			m.addRow(Row{Status: DuplicateInBooks, RuleID: RuleDuplicate,
				Rule: fmt.Sprintf("Same supplier GSTIN, invoice number and date as %s (this is %s): a duplicate row, not added up and not matched; combine duplicate rows to add them up", b.inv.DuplicateOf, b.inv.RowRef)}, b, nil)
		}
	}
}

func (m *matcher) missing() {
	start := len(m.rows)
	for _, b := range m.books {
		if b.free() {
			m.addRow(Row{Status: MissingIn2A, RuleID: RuleNotIn2A, Rule: missingRule(b.inv, true)}, b, nil)
		}
	}
	for _, a := range m.twoA {
		if a.free() {
			m.addRow(Row{Status: MissingInBooks, RuleID: RuleNotInBooks, Rule: missingRule(a.inv, false)}, nil, a)
		}
	}
	if len(m.rows) == start {
		return
	}
	c := newCandidateFinder(m)
	// Each row's candidates only read what the passes built, so the rows are shared out among workers.
	workers := min(runtime.GOMAXPROCS(0), 4, (len(m.rows)-start+255)/256)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := start + w; i < len(m.rows); i += workers {
				x := m.sides[i][0]
				if x == nil {
					x = m.sides[i][1]
				}
				m.rows[i].Candidates = c.find(x)
			}
		}(w)
	}
	wg.Wait()
}

// missingRule says why an invoice is alone: in the books only (books), or in the return only.
func missingRule(in *Invoice, books bool) string {
	switch docKind(in.DocType) {
	case DocBillOfEntry:
		if books {
			if in.PortCode == "" {
				return "A bill of entry in the books, without a port code, and no bill of entry of this number and a date within the window is in the return for these periods"
			}
			return "A bill of entry in the books, but no bill of entry of this port code and number, dated within the window, is in the return for these periods"
		}
		return "A bill of entry (imports) in the return, but not found in the books: book it with its port code, bill of entry number and date"
	case DocISDInvoice, DocISDCreditNote:
		if books {
			return "An " + in.DocType.Label() + " in the books, but the ISD has not reported it in the return for these periods"
		}
		r := "An " + in.DocType.Label() + " distributed by the ISD in the return, but not found in the books"
		if in.ITCEligible == "N" {
			r += "; the return marks it not eligible (itcelg N): not counted as claimable"
		}
		return r
	}
	if books {
		return "In the books, but the supplier has not reported it in GSTR-2A for these periods"
	}
	return "Reported by the supplier in GSTR-2A, but not found in the books"
}

func (m *matcher) finish() {
	acts := make(map[string]Action, len(m.opt.Actions))
	for _, a := range m.opt.Actions {
		acts[a.RowKey] = a
	}
	for i := range m.rows {
		r := &m.rows[i]
		var bid, aid string
		if b := m.sides[i][0]; b != nil {
			bid = b.id
			r.Period = r.Books.Period
		}
		if a := m.sides[i][1]; a != nil {
			aid = a.id
			if r.Period == "" {
				r.Period = r.GSTR2A.Period
			}
		}
		r.Key = RowKey(bid, aid)
		a, ok := acts[r.Key]
		if !ok && m.legacy {
			// an action stored before today's rule, under the identities then
			var lb, la string
			if b := m.sides[i][0]; b != nil {
				lb = b.knownAs()
			}
			if x := m.sides[i][1]; x != nil {
				la = x.knownAs()
			}
			a, ok = acts[RowKey(lb, la)]
		}
		if ok {
			r.Action = a.Kind
			r.Changed = a.Fingerprint != "" && a.Fingerprint != r.Fingerprint()
		}
	}
	// Sort small keys, then move the rows once: rows are large. Period and GSTIN are ranked to one
	// integer first so most comparisons are of integers.
	rank := func(vals func(*Row) string) []int {
		uniq := map[string]int{}
		for i := range m.rows {
			uniq[vals(&m.rows[i])] = 0
		}
		list := make([]string, 0, len(uniq))
		for k := range uniq {
			list = append(list, k)
		}
		slices.Sort(list)
		for i, k := range list {
			uniq[k] = i
		}
		out := make([]int, len(m.rows))
		for i := range m.rows {
			out[i] = uniq[vals(&m.rows[i])]
		}
		return out
	}
	pr := rank(func(r *Row) string { return r.Period })
	gr := rank(rowGSTIN)
	// First order by period and supplier on small integer pairs, then each supplier-period run (a
	// few dozen rows) by number, status and key.
	type pgKey struct {
		pg int64
		i  int32
	}
	order := make([]pgKey, len(m.rows))
	for i := range m.rows {
		order[i] = pgKey{int64(pr[i])*int64(len(gr)) + int64(gr[i]), int32(i)}
	}
	slices.SortFunc(order, func(x, y pgKey) int { return cmp.Or(cmp.Compare(x.pg, y.pg), cmp.Compare(x.i, y.i)) })
	type sortKey struct {
		norm, key string
		status, i int
	}
	keys := make([]sortKey, len(m.rows))
	for k, o := range order {
		r := &m.rows[o.i]
		keys[k] = sortKey{rowNorm(r), r.Key, statusOrder(r.Status), int(o.i)}
	}
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && order[hi].pg == order[lo].pg {
			hi++
		}
		if hi-lo > 1 {
			slices.SortFunc(keys[lo:hi], func(x, y sortKey) int {
				return cmp.Or(cmp.Compare(x.norm, y.norm), cmp.Compare(x.status, y.status), cmp.Compare(x.key, y.key), cmp.Compare(x.i, y.i))
			})
		}
		lo = hi
	}
	// apply the permutation in place, cycle by cycle: position i takes the row at keys[i].i
	done := make([]bool, len(m.rows))
	for i := range keys {
		if done[i] || keys[i].i == i {
			done[i] = true
			continue
		}
		tmp := m.rows[i]
		j := i
		for {
			src := keys[j].i
			done[j] = true
			if src == i {
				m.rows[j] = tmp
				break
			}
			m.rows[j] = m.rows[src]
			j = src
		}
	}
}

func rowGSTIN(r *Row) string {
	if r.Books != nil {
		return r.Books.SupplierGSTIN
	}
	return r.GSTR2A.SupplierGSTIN
}

func rowNorm(r *Row) string {
	if r.Books != nil {
		return r.NormBooks
	}
	return r.Norm2A
}

// RowKey joins the identities of a row's two sides ("" for a missing side): the key its actions are
// stored under.
func RowKey(booksID, gstr2aID string) string { return booksID + "~" + gstr2aID }

// SplitRowKey returns the books and 2A identities of a row key.
func SplitRowKey(key string) (booksID, gstr2aID string) {
	b, a, _ := strings.Cut(key, "~")
	return b, a
}

// Fingerprint is the fingerprint of the row's two sides (see Fingerprint).
func (r *Row) Fingerprint() string { return Fingerprint(r.Books, r.GSTR2A) }

// Fingerprint digests what a person judged when deciding on a row: GSTIN, number, date, place of
// supply, reverse charge, type and amounts of both sides. A different fingerprint on a later run
// means the data changed since the decision.
func Fingerprint(books, gstr2a *Invoice) string {
	h := fnv.New64a()
	buf := make([]byte, 0, 160)
	for _, in := range []*Invoice{books, gstr2a} {
		buf = buf[:0]
		if in == nil {
			buf = append(buf, 0)
		} else {
			for _, s := range []string{in.SupplierGSTIN, in.Number, in.Date, in.PlaceOfSupply, yn(in.ReverseCharge), string(in.DocType)} {
				buf = append(append(buf, s...), '|')
			}
			for _, p := range []Paise{in.Value, in.Taxable, in.IGST, in.CGST, in.SGST, in.Cess} {
				buf = append(strconv.AppendInt(buf, int64(p), 10), '|')
			}
			buf = append(buf, ';')
		}
		h.Write(buf)
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

func rupees(p Paise) string { return "₹" + FormatINR(p) }

// FormatINR writes an amount with Indian grouping and two decimals: 1234567.5 → "12,34,567.50".
func FormatINR(p Paise) string { return money.Paise(p).Indian() }

// gapText says how far the books are from 2A: "₹100.00 more in the books".
func gapText(d Paise) string {
	if d < 0 {
		return "₹" + FormatINR(-d) + " less in the books"
	}
	return "₹" + FormatINR(d) + " more in the books"
}

func fieldTitle(f string) string {
	switch f {
	case "itc_eligible":
		return "ITC eligibility"
	case "supplier_gstin":
		return "supplier GSTIN"
	}
	for _, a := range amountFields {
		if a.name == f {
			return a.title
		}
	}
	return strings.ReplaceAll(f, "_", " ")
}

// listBeyond describes the differences that broke a match.
func listBeyond(diffs []Difference) string {
	var parts []string
	for _, d := range diffs {
		if d.WithinTolerance {
			continue
		}
		switch d.Field {
		case "invoice_date":
			parts = append(parts, fmt.Sprintf("the dates differ (%s vs %s)", d.Books, d.GSTR2A))
		case "document_type":
			parts = append(parts, fmt.Sprintf("document type differs (%s vs %s)", DocType(d.Books).Label(), DocType(d.GSTR2A).Label()))
		case "port_code", "itc_eligible", "place_of_supply", "reverse_charge", "supplier_gstin", "invoice_number":
			parts = append(parts, fmt.Sprintf("%s differs (%s vs %s)", fieldTitle(d.Field), d.Books, d.GSTR2A))
		default:
			if v, err := money.Parse(d.Diff); err == nil {
				parts = append(parts, fieldTitle(d.Field)+" "+gapText(Paise(v)))
			}
		}
	}
	return strings.Join(parts, "; ")
}

func explainDiffs(v verdict) string {
	if v.beyond == 0 {
		return ""
	}
	return ": " + listBeyond(v.diffs)
}

// Fields compares every field of a pair for the explanation panel: both values, the difference and
// whether it is the same, within tolerance or different. A row with one side gives that side's
// values and an empty other side.
func (r *Row) Fields(opt Options) []Comparison {
	get := func(in *Invoice, f func(*Invoice) string) string {
		if in == nil {
			return ""
		}
		return f(in)
	}
	out := []Comparison{}
	add := func(field string, f func(*Invoice) string, diff func() (string, bool)) {
		c := Comparison{Field: field, Books: get(r.Books, f), GSTR2A: get(r.GSTR2A, f), Verdict: "same"}
		if r.Books == nil || r.GSTR2A == nil {
			c.Verdict = ""
		} else if c.Books != c.GSTR2A {
			d, in := diff()
			c.Diff = d
			c.Verdict = "different"
			if in {
				c.Verdict = "within_tolerance"
			}
		}
		out = append(out, c)
	}
	none := func() (string, bool) { return "", false }
	add("supplier_gstin", func(i *Invoice) string { return i.SupplierGSTIN }, none)
	add("invoice_number", func(i *Invoice) string { return i.Number }, func() (string, bool) {
		return r.NormBooks + " vs " + r.Norm2A, r.NormBooks == r.Norm2A
	})
	add("invoice_date", func(i *Invoice) string { return ShowDate(i.Date) }, func() (string, bool) {
		b, ok1 := dayNumber(r.Books.Date)
		a, ok2 := dayNumber(r.GSTR2A.Date)
		if !ok1 || !ok2 {
			return "", false
		}
		return fmt.Sprintf("%+d days", b-a), absInt(b-a) <= opt.DateWindowDays
	})
	add("place_of_supply", func(i *Invoice) string { return i.PlaceOfSupply }, func() (string, bool) {
		return "", r.Books.PlaceOfSupply == "" || r.GSTR2A.PlaceOfSupply == ""
	})
	add("reverse_charge", func(i *Invoice) string { return yn(i.ReverseCharge) }, none)
	add("document_type", func(i *Invoice) string { return string(i.DocType) }, none)
	has := func(f func(*Invoice) string) bool {
		return (r.Books != nil && f(r.Books) != "") || (r.GSTR2A != nil && f(r.GSTR2A) != "")
	}
	if port := func(i *Invoice) string { return i.PortCode }; has(port) {
		add("port_code", port, func() (string, bool) { return "", r.Books.PortCode == "" })
	}
	if elg := func(i *Invoice) string { return i.ITCEligible }; has(elg) {
		add("itc_eligible", elg, func() (string, bool) { return "", r.Books.ITCEligible == "" || r.GSTR2A.ITCEligible == "" })
	}
	var bt, at DocType
	if r.Books != nil {
		bt = docKind(r.Books.DocType)
	}
	if r.GSTR2A != nil {
		at = docKind(r.GSTR2A.DocType)
	}
	compared := amountFieldsOf(bt, at)
	for _, f := range amountFields {
		add(f.name, func(i *Invoice) string { return f.get(i).Decimal() }, func() (string, bool) {
			d := f.get(r.Books) - f.get(r.GSTR2A)
			return d.Decimal(), absPaise(d) <= opt.AmountTolerance
		})
		if !slices.ContainsFunc(compared, func(c amountField) bool { return c.name == f.name }) {
			// a bill of entry has no invoice value in the return, an ISD document no taxable value
			out[len(out)-1].Verdict, out[len(out)-1].Diff = "not_compared", ""
		}
	}
	return out
}
