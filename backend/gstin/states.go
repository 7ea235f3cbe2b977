package gstin

// State is a GST state or union territory code with its name.
type State struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	Legacy bool   `json:"legacy,omitempty"` // a code no longer issued but still seen in old data
}

// states lists every code that may start a GSTIN, in code order.
var states = []State{
	{"01", "Jammu and Kashmir", false},
	{"02", "Himachal Pradesh", false},
	{"03", "Punjab", false},
	{"04", "Chandigarh", false},
	{"05", "Uttarakhand", false},
	{"06", "Haryana", false},
	{"07", "Delhi", false},
	{"08", "Rajasthan", false},
	{"09", "Uttar Pradesh", false},
	{"10", "Bihar", false},
	{"11", "Sikkim", false},
	{"12", "Arunachal Pradesh", false},
	{"13", "Nagaland", false},
	{"14", "Manipur", false},
	{"15", "Mizoram", false},
	{"16", "Tripura", false},
	{"17", "Meghalaya", false},
	{"18", "Assam", false},
	{"19", "West Bengal", false},
	{"20", "Jharkhand", false},
	{"21", "Odisha", false},
	{"22", "Chhattisgarh", false},
	{"23", "Madhya Pradesh", false},
	{"24", "Gujarat", false},
	{"25", "Daman and Diu", true},
	{"26", "Dadra and Nagar Haveli and Daman and Diu", false},
	{"27", "Maharashtra", false},
	{"28", "Andhra Pradesh (before division)", true},
	{"29", "Karnataka", false},
	{"30", "Goa", false},
	{"31", "Lakshadweep", false},
	{"32", "Kerala", false},
	{"33", "Tamil Nadu", false},
	{"34", "Puducherry", false},
	{"35", "Andaman and Nicobar Islands", false},
	{"36", "Telangana", false},
	{"37", "Andhra Pradesh", false},
	{"38", "Ladakh", false},
	{"97", "Other Territory", false},
	{"99", "Centre Jurisdiction", false},
}

// OtherCountries is the place-of-supply code for supplies outside India; it never starts a GSTIN.
const OtherCountries = "96"

var stateByCode = func() map[string]State {
	m := make(map[string]State, len(states))
	for _, s := range states {
		m[s.Code] = s
	}
	return m
}()

// States returns every state code that may start a GSTIN, in code order (a fresh copy).
func States() []State {
	return append([]State(nil), states...)
}

// StateName returns the name of a state code ("27" → "Maharashtra"), "Other Countries" for the
// place-of-supply code 96, and "" for a code that does not exist.
func StateName(code string) string {
	if code == OtherCountries {
		return "Other Countries"
	}
	return stateByCode[code].Name
}

// ValidStateCode reports whether code may start a GSTIN (01-38, 97, 99; legacy 25 and 28 included).
func ValidStateCode(code string) bool {
	_, ok := stateByCode[code]
	return ok
}

// IsLegacyState reports whether code is a state code no longer issued (25, 28) but still valid in old data.
func IsLegacyState(code string) bool {
	return stateByCode[code].Legacy
}
