package payroll

import (
	"strings"
	"unicode"

	"gstdesk/backend/tds"
)

// Keys of the columns a payroll sheet may have besides the 46 workbook items: who the employee
// is (carried through to every output) and the TDS already deducted this year.
const (
	ColName     = "name"
	ColCode     = "employee_code"
	ColPAN      = "pan"
	ColDeducted = "tds_deducted_so_far"
	// ColRegime is the regime the employee chose: new or old; empty means the year's default
	// (the new regime from FY 2023-24 unless the employee opted out).
	ColRegime = "regime"
)

// Target is a column gstdesk understands: a workbook item or one of the identifier columns.
type Target struct {
	Key         string `json:"key"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Example     string `json:"example"`
	// Required says a sheet must have the column and every row a value in it (0 is a value): a
	// payroll without the salary would compute a TDS of 0 for everyone.
	Required bool `json:"required"`
}

// KeySalary is the salary u/s 17(1), the one column a payroll sheet must have.
const KeySalary = "salary_as_per_provisions_contained_in_section_17_1"

// Required lists the keys of the columns a payroll sheet must have.
func Required() []string { return []string{KeySalary} }

// isIdentifier reports whether key is one of the identifier columns, which a file may have twice
// (employee_id and employee_code): the second is carried under its own header.
func isIdentifier(key string) bool { return key == ColName || key == ColCode || key == ColPAN }

// outputKeys are the columns a run's full table adds after the inputs: a file that is such a
// table imported again has them, and they are results, not input to carry.
var outputKeys = func() map[string]bool {
	m := map[string]bool{"recommended_regime": true, "saving": true}
	for _, g := range []string{"new_", "old_"} {
		for _, c := range resultKeys {
			m[g+c.key] = true
		}
	}
	return m
}()

// targets is every column in template order: identifiers, the 46 items, TDS deducted so far.
var targets = buildTargets()

var targetIndex = func() map[string]int {
	m := make(map[string]int, len(targets))
	for i, t := range targets {
		m[t.Key] = i
	}
	return m
}()

// Targets lists every column gstdesk reads, in the template's order, with a short description
// and an example value.
func Targets() []Target { return append([]Target(nil), targets...) }

// IsTarget reports whether key is a column gstdesk reads.
func IsTarget(key string) bool { _, ok := targetIndex[key]; return ok }

// item describes one workbook item: friendly title, description, example and extra aliases.
type itemInfo struct {
	title, desc, example string
	aliases              []string
}

// chapterVIA are the Chapter VI-A sections in key order: key suffix and how people write it.
var chapterVIA = []struct{ suffix, section string }{
	{"us_80_c", "80C"}, {"us_80_ccc", "80CCC"}, {"us_80_ccd_1", "80CCD(1)"}, {"us_80_ccd_1_b", "80CCD(1B)"},
	{"us_80_ccd_2", "80CCD(2)"}, {"us_80_ccg", "80CCG"}, {"us_80_cch", "80CCH"}, {"us_80_d", "80D"},
	{"us_80_e", "80E"}, {"us_80_g", "80G"}, {"us_80_tta", "80TTA"}, {"for_other_deductions", "other deductions"},
}

var items = map[string]itemInfo{
	tds.KeyPANStatus:                                                  {"PAN status", "PANISVALID, PANNOTAVBL, PANINVALID or PANAPPLIED; empty means PANISVALID", "PANISVALID", nil},
	tds.KeyEmployeeCategory:                                           {"Employee category", "general (below 60), senior_citizen (60-79) or super_senior_citizen (80+); empty means general", "general", []string{"category", "age category", "age band"}},
	"gross_salary_from_previous_employers":                            {"Salary from previous employers", "salary paid by earlier employers this year (Form 12B), rupees", "0", []string{"previous employer salary", "salary previous employer", "form 12b salary"}},
	"tds_by_previous_employers":                                       {"TDS by previous employers", "TDS deducted by earlier employers this year, rupees", "0", []string{"previous employer tds", "tds previous employer"}},
	"salary_as_per_provisions_contained_in_section_17_1":              {"Salary u/s 17(1)", "salary u/s 17(1) for the year: basic, DA, allowances, bonus, rupees", "1285000", []string{"salary 17(1)", "basic salary 17(1)", "salary", "gross salary", "basic salary"}},
	"value_of_perquisites_us_17_2":                                    {"Perquisites 17(2)", "value of perquisites u/s 17(2), rupees", "0", []string{"perquisites", "perquisites u/s 17(2)"}},
	"profits_in_lieu_of_salary_us_17_3":                               {"Profits in lieu of salary 17(3)", "profits in lieu of salary u/s 17(3), rupees", "0", []string{"profits in lieu of salary", "17(3)"}},
	"travel_concession_or_assistance_us_10_5":                         {"LTA exemption 10(5)", "leave travel concession exempt u/s 10(5) (old regime only), rupees", "0", []string{"lta", "lta exemption", "leave travel allowance", "travel concession 10(5)", "10(5)"}},
	"death_cum_retirement_gratuity_us_10_10":                          {"Gratuity 10(10)", "exempt gratuity u/s 10(10), rupees", "0", []string{"gratuity", "10(10)"}},
	"commuted_value_of_pension_us_10_10_a":                            {"Commuted pension 10(10A)", "exempt commuted pension u/s 10(10A), rupees", "0", []string{"commuted pension", "pension 10(10a)", "10(10a)"}},
	"cash_equivalent_of_leave_salary_encashment_us_10_10_aa":          {"Leave encashment 10(10AA)", "exempt leave encashment u/s 10(10AA), rupees", "0", []string{"leave encashment", "10(10aa)"}},
	"house_rent_allowance_us_10_13_a":                                 {"HRA exemption 10(13A)", "HRA exempt u/s 10(13A) (old regime only), rupees", "0", []string{"hra", "hra exemption", "house rent allowance", "10(13a)"}},
	"other_special_allowances_under_section_10_14":                    {"Special allowances 10(14)", "special allowances exempt u/s 10(14) (old regime only), rupees", "0", []string{"special allowances", "special allowance", "10(14)"}},
	"total_amount_of_any_other_exemption_us_10":                       {"Other exemptions u/s 10", "any other amount exempt u/s 10 (old regime only), rupees", "0", []string{"other exemption", "other exemptions", "other exemptions 10"}},
	"standard_deduction_us_16_ia":                                     {"Standard deduction 16(ia)", "standard deduction u/s 16(ia), rupees (applied by law whatever is given here)", "75000", []string{"standard deduction", "16(ia)"}},
	"entertainment_allowance_us_16_ii":                                {"Entertainment allowance 16(ii)", "entertainment allowance u/s 16(ii) (old regime only), rupees", "0", []string{"entertainment allowance", "16(ii)"}},
	"tax_on_employment_us_16_iii":                                     {"Professional tax 16(iii)", "professional tax u/s 16(iii) (old regime only, at most 2,500), rupees", "2400", []string{"professional tax", "tax on employment", "pt", "16(iii)"}},
	"income_from_house_property_reported_by_employee_offered_for_tds": {"House property income", "income from house property offered for TDS; a loss is negative, rupees", "0", []string{"house property", "income from house property", "house property loss"}},
	"income_under_the_head_other_sources_offered_for_tds":             {"Other sources income", "income from other sources offered for TDS u/s 192(2B), rupees", "0", []string{"other sources", "income from other sources", "other income"}},
}

func buildTargets() []Target {
	ts := []Target{
		{Key: ColName, Title: "Employee name", Description: "the employee's name, carried through to every output under the file's own header", Example: "Asha Rao"},
		{Key: ColCode, Title: "Employee code", Description: "the payroll code of the employee (employee_id, emp code...), carried through under the file's own header", Example: "EMP001"},
		{Key: ColPAN, Title: "PAN", Description: "the employee's PAN, carried through (not checked)", Example: "ABCPR1234K"},
	}
	for _, k := range tds.Keys() {
		if info, ok := items[k]; ok {
			ts = append(ts, Target{Key: k, Title: info.title, Description: info.desc, Example: info.example})
			continue
		}
		ts = append(ts, chapterTarget(k))
	}
	ts = append(ts, Target{Key: ColDeducted, Title: "TDS deducted so far", Description: "TDS this employer has already deducted this year, rupees (for the monthly schedule)", Example: "0"})
	ts = append(ts, Target{Key: ColRegime, Title: "Regime chosen", Description: "new or old: the regime the employee chose, which the monthly TDS follows; empty means the year's default (new from FY 2023-24 unless the employee opted out)", Example: "new"})
	for i := range ts {
		for _, k := range Required() {
			if ts[i].Key == k {
				ts[i].Required = true
				ts[i].Description = "required: " + ts[i].Description + "; every row needs a value, 0 where there is none"
			}
		}
	}
	return ts
}

// chapterTarget describes a Chapter VI-A item from its key.
func chapterTarget(k string) Target {
	kind, suffix := "", ""
	for _, p := range []string{"gross_amount_", "deductible_amount_", "qualifying_amount_"} {
		if strings.HasPrefix(k, p) {
			kind, suffix = strings.TrimSuffix(strings.TrimSuffix(p, "_"), "_amount"), strings.TrimPrefix(k, p)
		}
	}
	section := suffix
	for _, c := range chapterVIA {
		if c.suffix == suffix {
			section = c.section
		}
	}
	ex := "0"
	switch k {
	case "gross_amount_us_80_c":
		ex = "150000"
	case "deductible_amount_us_80_c":
		ex = "150000"
	}
	switch kind {
	case "gross":
		return Target{Key: k, Title: section + " gross", Description: "gross amount paid or invested u/s " + section + ", rupees", Example: ex}
	case "qualifying":
		return Target{Key: k, Title: section + " qualifying", Description: "qualifying amount u/s " + section + " (shown, not added), rupees", Example: ex}
	}
	return Target{Key: k, Title: section, Description: "deductible amount u/s " + section + " (the law's caps are applied), rupees", Example: ex}
}

// normHeader reduces a header to lower-case letters and digits, so "Basic Salary 17(1)",
// "basic_salary_17_1" and "BASIC SALARY 17 (1)" are the same.
func normHeader(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// aliases maps a normalised friendly header to its column key.
var aliases = buildAliases()

func buildAliases() map[string]string {
	m := map[string]string{}
	add := func(alias, key string) {
		n := normHeader(alias)
		if _, dup := m[n]; !dup && n != "" {
			m[n] = key
		}
	}
	for _, t := range targets {
		add(t.Key, t.Key)
	}
	for _, t := range targets {
		add(t.Title, t.Key)
		if info, ok := items[t.Key]; ok {
			for _, a := range info.aliases {
				add(a, t.Key)
			}
		}
	}
	for _, a := range []string{"employee name", "employee", "name of employee", "emp name"} {
		add(a, ColName)
	}
	for _, a := range []string{"emp code", "code", "employee id", "emp id", "employee no", "emp no", "staff id"} {
		add(a, ColCode)
	}
	for _, a := range []string{"employee pan", "pan no", "pan number"} {
		add(a, ColPAN)
	}
	for _, a := range []string{"tds deducted", "tds deducted so far", "tds already deducted", "tds paid so far"} {
		add(a, ColDeducted)
	}
	for _, a := range []string{"tax regime", "regime chosen", "regime opted", "chosen regime"} {
		add(a, ColRegime)
	}
	for _, c := range chapterVIA {
		sec := c.section
		add("deductible_amount_"+c.suffix, "deductible_amount_"+c.suffix)
		for _, a := range []string{sec, sec + " deduction", "deduction " + sec, sec + " deductible", "deductible " + sec, "u/s " + sec} {
			add(a, "deductible_amount_"+c.suffix)
		}
		for _, a := range []string{sec + " gross", "gross " + sec, sec + " gross amount"} {
			add(a, "gross_amount_"+c.suffix)
		}
		if c.suffix == "us_80_g" || c.suffix == "us_80_tta" || c.suffix == "for_other_deductions" {
			for _, a := range []string{sec + " qualifying", "qualifying " + sec} {
				add(a, "qualifying_amount_"+c.suffix)
			}
		}
	}
	return m
}

// Mapping says which column key each header of a file stands for: header text (trimmed) to
// key; "" means the column is ignored.
type Mapping map[string]string

// Match is the suggestion for one header of a file.
type Match struct {
	Index  int    `json:"index"`  // 0-based column
	Column string `json:"column"` // spreadsheet letter: A, B, ..., AA
	Header string `json:"header"`
	Key    string `json:"key"` // "" when ignored
	// How says why: "key" (the header is the key), "alias" (a friendly header), "saved" (the
	// user's earlier choice), "output" (a result column of an earlier run: ignored), "" (not a
	// column gstdesk reads: carried through to the outputs as text).
	How string `json:"how"`
	// Duplicate is the key an earlier column already has that this one claims too; the column is
	// not read as it. For an identifier the column is carried under its own header; for a workbook
	// item the import stops, since which of the two amounts is meant cannot be known.
	Duplicate string `json:"duplicate,omitempty"`
	// DuplicateOf is the letter of that earlier column.
	DuplicateOf string `json:"duplicate_of,omitempty"`
}

// Suggest maps each header to a column: the user's saved choice first, then the exact key, then
// a friendly alias, all compared ignoring case, spaces and punctuation. Each key is given to the
// first header that claims it; a later one gets no key and says which key and column it
// duplicates.
func Suggest(headers []string, saved Mapping) []Match {
	out := make([]Match, len(headers))
	used := map[string]int{}
	for i, h := range headers {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		m := Match{Index: i, Column: ColumnName(i), Header: h}
		if k, ok := saved[h]; ok && (k == "" || IsTarget(k)) {
			m.Key, m.How = k, "saved"
			if k == "" {
				m.How = "saved"
			}
		} else if k, ok := targetIndex[strings.ToLower(h)]; ok {
			m.Key, m.How = targets[k].Key, "key"
		} else if k, ok := aliases[normHeader(h)]; ok {
			m.Key, m.How = k, "alias"
		} else if outputKeys[strings.ToLower(h)] {
			m.How = "output"
		}
		if first, dup := used[m.Key]; m.Key != "" && dup {
			m.Duplicate, m.DuplicateOf = m.Key, ColumnName(first)
			m.Key, m.How = "", ""
		}
		if m.Key != "" {
			used[m.Key] = i
		}
		out[i] = m
	}
	return out
}

// Apply turns a confirmed mapping into matches for the headers: a header the mapping names gets
// its key ("" ignores it); headers it does not name are suggested as by Suggest.
func Apply(headers []string, m Mapping) []Match {
	return Suggest(headers, m)
}

// MappingOf is the mapping the matches stand for, to save for next time.
func MappingOf(ms []Match) Mapping {
	m := Mapping{}
	for _, x := range ms {
		if x.Header != "" {
			m[x.Header] = x.Key
		}
	}
	return m
}

// ColumnName is the spreadsheet letter of a 0-based column: 0 is A, 26 is AA.
func ColumnName(i int) string {
	if i < 0 {
		return "?"
	}
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}

// EmployeeCode is the one identity of an employee code, used wherever codes are compared or
// stored: spaces at the ends dropped, runs of spaces inside made one, letters in upper case.
// "EMP001", "emp001" and " Emp001 " are one employee; "EMP-001" and "EMP001" are two.
func EmployeeCode(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), " "))
}
