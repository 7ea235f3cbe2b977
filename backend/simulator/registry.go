package simulator

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/gstin"
)

// Taxpayer is a registration in the simulator's registry.
type Taxpayer struct {
	GSTIN                                      string
	LegalName                                  string
	TradeName                                  string
	StateCode                                  string
	PAN                                        string // "" for non-resident registrations
	Status                                     string // Active, Cancelled, Suspended, Inactive
	StatusText                                 string // as verification writes it, e.g. "Cancelled on application of Taxpayer"
	RegDate                                    time.Time
	CancelDate                                 time.Time // zero unless Cancelled
	LastUpdated                                time.Time
	Constitution                               string // ctb
	Type                                       string // dty
	Nature                                     []string
	EInvoice                                   bool
	Address                                    Address   // principal place; zero for non-residents
	Additional                                 []Address // additional places
	Preference                                 string    // return filing preference, M or Q
	NonResident                                bool
	StateJurisdiction, StateJurisdictionCode   string
	CentreJurisdiction, CentreJurisdictionCode string
}

// Address is a place of business.
type Address struct {
	Floor, BuildingNo, BuildingName, Street, Location, District, Pincode string
	Nature                                                               string
}

// Applicant is an unregistered applicant (operations 4.4, 4.5).
type Applicant struct {
	EnrolmentNumber, Name, PAN, StateCode, Mobile, Email, Status string
	RegDate, CancelDate                                          time.Time
}

type registry struct {
	list       []*Taxpayer
	byGSTIN    map[string]*Taxpayer
	applicants []*Applicant
	byEnrol    map[string]*Applicant
}

var (
	firstWords = []string{"Shree Ganesh", "Sai Krishna", "Balaji", "Laxmi", "Om Sai", "Mahalaxmi", "Sri Venkateswara",
		"Jai Ambe", "Kaveri", "Ganga", "Himalaya", "Sahyadri", "Narmada", "Annapurna", "Vinayak", "Siddhivinayak",
		"Trimurti", "Navkar", "Parshva", "Gurukripa", "Shubh Labh", "Rajlaxmi", "Vardhman", "Bharat", "Hindustan",
		"Deccan", "Malabar", "Konark", "Coromandel", "Indus", "Surya", "Chandra", "Kalpataru", "Kamdhenu", "Amrit",
		"Pragati", "Unnati", "Samarth", "Yash", "Aarav"}
	trades = []string{"Traders", "Textiles", "Steel Industries", "Agro Foods", "Pharmaceuticals", "Electricals",
		"Plastics", "Auto Components", "Logistics", "Packaging", "Chemicals", "Enterprises", "Hardware", "Paper Mills",
		"Spices", "Tiles and Ceramics", "Garments", "Engineering Works", "Dairy Products", "Fasteners", "Polymers",
		"Cables", "Stationers", "Infotech Services", "Marketing"}
	people = []string{"Ramesh Kumar", "Suresh Patel", "Anita Sharma", "Mohammed Irfan", "Priya Nair", "Rajesh Gupta",
		"Sunita Reddy", "Vikram Singh", "Kavita Joshi", "Arjun Menon", "Deepak Agarwal", "Meena Iyer"}
	districts = map[string][2]string{ // state code → district, pincode prefix
		"01": {"Srinagar", "190"}, "03": {"Ludhiana", "141"}, "06": {"Gurugram", "122"}, "07": {"New Delhi", "110"},
		"08": {"Jaipur", "302"}, "09": {"Lucknow", "226"}, "10": {"Patna", "800"}, "18": {"Guwahati", "781"},
		"19": {"Kolkata", "700"}, "21": {"Bhubaneswar", "751"}, "23": {"Indore", "452"}, "24": {"Ahmedabad", "380"},
		"27": {"Pune", "411"}, "29": {"Bengaluru Urban", "560"}, "30": {"North Goa", "403"}, "32": {"Ernakulam", "682"},
		"33": {"Chennai", "600"}, "36": {"Hyderabad", "500"}, "37": {"Visakhapatnam", "530"},
	}
	streets = []string{"MG Road", "Station Road", "Industrial Estate Road", "Ring Road", "Gandhi Nagar Main Road",
		"Nehru Chowk", "Market Yard", "MIDC Area", "GIDC Estate", "Sector 18"}
)

type constitution struct {
	name, holder, suffix string
}

var constitutions = []constitution{
	{"Proprietorship", "P", ""},
	{"Partnership", "F", ""},
	{"Private Limited Company", "C", "Private Limited"},
	{"Private Limited Company", "C", "Private Limited"},
	{"Public Limited Company", "C", "Limited"},
	{"Limited Liability Partnership", "F", "LLP"},
	{"Hindu Undivided Family", "H", "HUF"},
}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// newRegistry makes n taxpayers: a few fixed well-known ones (those of the specification's
// examples with valid GSTINs, and the demo recipient), then generated ones.
func newRegistry(seed int64, n int) *registry {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	r := &registry{byGSTIN: map[string]*Taxpayer{}, byEnrol: map[string]*Applicant{}}
	add := func(t *Taxpayer) {
		if _, dup := r.byGSTIN[t.GSTIN]; dup {
			return
		}
		r.list = append(r.list, t)
		r.byGSTIN[t.GSTIN] = t
	}
	// The demo recipient: the taxpayer whose GSTR-2A the demo pulls.
	add(&Taxpayer{GSTIN: "27AAPFU0939F1ZV", LegalName: "UMIYA ENTERPRISES", TradeName: "Umiya Enterprises", StateCode: "27",
		PAN: "AAPFU0939F", Status: "Active", StatusText: "Active", RegDate: date(2017, 7, 1), LastUpdated: date(2023, 4, 1),
		Constitution: "Partnership", Type: "Regular", Nature: []string{"Wholesale Business", "Retail Business"}, EInvoice: true,
		Address:    Address{Floor: "Ground Floor", BuildingNo: "12", BuildingName: "Umiya Bhavan", Street: "Market Yard", Location: "Pune", District: "Pune", Pincode: "411037", Nature: "Wholesale Business"},
		Preference: "M", StateJurisdiction: "Ghorpadi_701", StateJurisdictionCode: "MHCG0701", CentreJurisdiction: "RANGE-V", CentreJurisdictionCode: "ZM0205"})
	add(&Taxpayer{GSTIN: "24ABKCS2033B1ZV", LegalName: "SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED", TradeName: "SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED",
		StateCode: "24", PAN: "ABKCS2033B", Status: "Active", StatusText: "Active", RegDate: date(2023, 2, 6), LastUpdated: date(2023, 2, 6),
		Constitution: "Private Limited Company", Type: "Regular", Nature: []string{"Service Provider and Others"}, EInvoice: true,
		Address:    Address{Floor: "Level 3", BuildingNo: "B-301", BuildingName: "GIFT One", Street: "GIFT City Road", Location: "Gandhinagar", District: "Gandhinagar", Pincode: "382355", Nature: "Service Provider and Others"},
		Preference: "M", StateJurisdiction: "Ghatak 1 (Gandhinagar)", StateJurisdictionCode: "GJ031", CentreJurisdiction: "RANGE-I", CentreJurisdictionCode: "WT0101"})
	add(&Taxpayer{GSTIN: "33EIUPS5109E1ZZ", LegalName: "SRINIVASAN", TradeName: "SRI MURUGAN STORES", StateCode: "33", PAN: "EIUPS5109E",
		Status: "Cancelled", StatusText: "Cancelled on application of Taxpayer", RegDate: date(2021, 2, 11), CancelDate: date(2024, 3, 31), LastUpdated: date(2024, 3, 31),
		Constitution: "Proprietorship", Type: "Regular", Nature: nil,
		Address:    Address{BuildingNo: "45", BuildingName: "", Street: "Usman Road", Location: "T Nagar", District: "Chennai", Pincode: "600017", Nature: "Retail Business"},
		Preference: "Q", StateJurisdiction: "T Nagar", StateJurisdictionCode: "TN086", CentreJurisdiction: "RANGE-II", CentreJurisdictionCode: "XA0402"})
	add(&Taxpayer{GSTIN: "27AACCA8432H2ZP", LegalName: "AVENUE SUPERMARTS LIMITED", TradeName: "DMART", StateCode: "27", PAN: "AACCA8432H",
		Status: "Active", StatusText: "Active", RegDate: date(2017, 7, 1), LastUpdated: date(2023, 4, 1),
		Constitution: "Public Limited Company", Type: "Input Service Distributor (ISD)", Nature: []string{"Recipient of Goods or Services"}, EInvoice: true,
		Address:    Address{BuildingNo: "Anjaneya", BuildingName: "Powai", Street: "Powai", Location: "Mumbai", District: "Mumbai", Pincode: "400076", Nature: "Recipient of Goods or Services"},
		Additional: []Address{{Floor: "Opp Hiranandani Foundation School", BuildingNo: "Anjaneya", BuildingName: "Powai", Street: "Powai", Location: "Mumbai", District: "Mumbai", Pincode: "400076", Nature: "Recipient of Goods or Services"}},
		Preference: "M", StateJurisdiction: "WARD-1", StateJurisdictionCode: "MHCG0101", CentreJurisdiction: "RANGE-I", CentreJurisdictionCode: "VU0101"})
	add(&Taxpayer{GSTIN: "9917SGP29002OSR", LegalName: "LINKEDIN SINGAPORE PTE. LTD.", TradeName: "", StateCode: "99",
		Status: "Active", StatusText: "Active", RegDate: date(2017, 7, 1), Constitution: "NA",
		Type: "Non-Resident Online Services Provider and/or Non-Resident Online Money Gaming Supplier", NonResident: true, Preference: "M",
		StateJurisdiction: "NA", StateJurisdictionCode: "NA",
		CentreJurisdiction:     "State - CBIC,Zone - BENGALURU,Commissionerate - BENGALURU WEST,Division - WEST OIDAR SERVICES,Range - RANGE-BOIDAR (Jurisdictional Office)",
		CentreJurisdictionCode: "YU1002"})

	codes := make([]string, 0, len(districts))
	for c := range districts {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	usedPAN := map[string]bool{}
	for i := 0; len(r.list) < n && i < n*10; i++ {
		t := generateTaxpayer(rng, codes, usedPAN)
		add(t)
	}
	// A few applicants (unregistered e-commerce applicants).
	for i := 0; i < 6; i++ {
		st := codes[rng.IntN(len(codes))]
		a := &Applicant{
			EnrolmentNumber: fmt.Sprintf("%s%02dUAE%08d", st, 19+rng.IntN(6), rng.IntN(100_000_000)),
			Name:            people[rng.IntN(len(people))],
			StateCode:       st,
			Mobile:          fmt.Sprintf("9%09d", rng.IntN(1_000_000_000)),
			Status:          "A",
			RegDate:         date(2019+rng.IntN(5), time.Month(1+rng.IntN(12)), 1+rng.IntN(28)),
		}
		a.PAN = randomPAN(rng, "P", a.Name)
		a.Email = strings.ToLower(strings.ReplaceAll(a.Name, " ", ".")) + "@example.in"
		if i == 5 {
			a.Status, a.CancelDate = "C", a.RegDate.AddDate(1, 0, 0)
		}
		if r.byEnrol[a.EnrolmentNumber] == nil {
			r.applicants = append(r.applicants, a)
			r.byEnrol[a.EnrolmentNumber] = a
		}
	}
	return r
}

func randomLetters(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('A' + rng.IntN(26))
	}
	return string(b)
}

func randomPAN(rng *rand.Rand, holder, name string) string {
	initial := "X"
	if name != "" {
		initial = strings.ToUpper(name[:1])
	}
	return randomLetters(rng, 3) + holder + initial + fmt.Sprintf("%04d", rng.IntN(10000)) + randomLetters(rng, 1)
}

func generateTaxpayer(rng *rand.Rand, codes []string, usedPAN map[string]bool) *Taxpayer {
	c := constitutions[rng.IntN(len(constitutions))]
	var legal, trade string
	switch c.holder {
	case "P":
		legal = strings.ToUpper(people[rng.IntN(len(people))])
		trade = firstWords[rng.IntN(len(firstWords))] + " " + trades[rng.IntN(len(trades))]
	case "H":
		p := people[rng.IntN(len(people))]
		legal = p + " HUF"
		trade = firstWords[rng.IntN(len(firstWords))] + " " + trades[rng.IntN(len(trades))]
	default:
		legal = firstWords[rng.IntN(len(firstWords))] + " " + trades[rng.IntN(len(trades))]
		if c.suffix != "" {
			legal += " " + c.suffix
		}
		trade = legal
		legal = strings.ToUpper(legal)
	}
	pan := randomPAN(rng, c.holder, strings.TrimSpace(legal))
	for usedPAN[pan] {
		pan = randomPAN(rng, c.holder, legal)
	}
	usedPAN[pan] = true
	st := codes[rng.IntN(len(codes))]
	entity := byte('1')
	if rng.IntN(8) == 0 {
		entity = '2'
	}
	d := districts[st]
	reg := date(2017+rng.IntN(7), time.Month(1+rng.IntN(12)), 1+rng.IntN(28))
	if reg.Year() == 2017 && reg.Month() < 7 {
		reg = date(2017, 7, 1)
	}
	t := &Taxpayer{
		GSTIN: gstin.Make(st, pan, entity), LegalName: legal, TradeName: trade, StateCode: st, PAN: pan,
		Status: "Active", StatusText: "Active", RegDate: reg, LastUpdated: reg,
		Constitution: c.name, Type: "Regular", EInvoice: rng.IntN(3) == 0,
		Nature:     []string{[]string{"Wholesale Business", "Retail Business", "Factory / Manufacturing", "Supplier of Services", "Office / Sale Office"}[rng.IntN(5)]},
		Preference: []string{"M", "M", "Q"}[rng.IntN(3)],
		Address: Address{BuildingNo: fmt.Sprintf("%d", 1+rng.IntN(400)), BuildingName: firstWords[rng.IntN(len(firstWords))] + " Complex",
			Street: streets[rng.IntN(len(streets))], Location: d[0], District: d[0], Pincode: fmt.Sprintf("%s%03d", d[1], rng.IntN(100))},
		StateJurisdiction: "Ward " + fmt.Sprint(1+rng.IntN(40)), StateJurisdictionCode: st + fmt.Sprintf("%03d", rng.IntN(1000)),
		CentreJurisdiction: "RANGE-" + []string{"I", "II", "III", "IV", "V"}[rng.IntN(5)], CentreJurisdictionCode: randomLetters(rng, 2) + fmt.Sprintf("%04d", rng.IntN(10000)),
	}
	t.Address.Nature = t.Nature[0]
	if rng.IntN(6) == 0 {
		t.Type = []string{"Composition", "SEZ Unit"}[rng.IntN(2)]
	}
	if rng.IntN(5) == 0 {
		t.Additional = []Address{{BuildingNo: fmt.Sprintf("Plot %d", 1+rng.IntN(90)), BuildingName: "Godown", Street: streets[rng.IntN(len(streets))],
			Location: d[0], District: d[0], Pincode: fmt.Sprintf("%s%03d", d[1], rng.IntN(100)), Nature: "Warehouse / Depot"}}
		t.Nature = append(t.Nature, "Warehouse / Depot")
	}
	switch k := rng.IntN(20); {
	case k < 2:
		t.Status, t.StatusText = "Cancelled", []string{"Cancelled on application of Taxpayer", "Cancelled suo-moto"}[k]
		t.CancelDate = reg.AddDate(1+rng.IntN(2), rng.IntN(12), 0)
		t.LastUpdated = t.CancelDate
	case k == 2:
		t.Status, t.StatusText = "Suspended", "Suspended"
		t.LastUpdated = reg.AddDate(1, 0, 0)
	case k == 3:
		t.Status, t.StatusText = "Inactive", "Inactive"
	}
	return t
}

// KnownGSTINs returns every GSTIN of the registry, in registry order (the demo recipient first).
func (s *Server) KnownGSTINs() []string {
	out := make([]string, len(s.reg.list))
	for i, t := range s.reg.list {
		out[i] = t.GSTIN
	}
	return out
}

// Taxpayer returns the registration of a GSTIN (a copy), or false when the registry has none.
func (s *Server) Taxpayer(g string) (Taxpayer, bool) {
	t, ok := s.reg.byGSTIN[strings.ToUpper(strings.TrimSpace(g))]
	if !ok {
		return Taxpayer{}, false
	}
	return *t, true
}

// Taxpayers returns copies of every registration.
func (s *Server) Taxpayers() []Taxpayer {
	out := make([]Taxpayer, len(s.reg.list))
	for i, t := range s.reg.list {
		out[i] = *t
	}
	return out
}

// DemoTaxpayer returns the GSTIN whose GSTR-2A the demo pulls (it has many suppliers).
func (s *Server) DemoTaxpayer() string { return s.reg.list[0].GSTIN }

// Applicants returns copies of the unregistered applicants.
func (s *Server) Applicants() []Applicant {
	out := make([]Applicant, len(s.reg.applicants))
	for i, a := range s.reg.applicants {
		out[i] = *a
	}
	return out
}

func ddmmyyyy(t time.Time, sep string) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("02" + sep + "01" + sep + "2006")
}

func (a Address) json(stateName string) map[string]any {
	return map[string]any{"addr": map[string]any{
		"bnm": a.BuildingName, "bno": a.BuildingNo, "dst": a.District, "flno": a.Floor, "geocodelvl": "NA",
		"landMark": "", "lg": "", "loc": a.Location, "locality": "", "lt": "", "pncd": a.Pincode, "st": a.Street, "stcd": stateName,
	}, "ntr": a.Nature}
}

// searchPayload is data.data of the search operation (4.6) for t.
func (t *Taxpayer) searchPayload() map[string]any {
	p := map[string]any{
		"ctb": t.Constitution, "ctj": t.CentreJurisdiction, "ctjCd": t.CentreJurisdictionCode, "cxdt": ddmmyyyy(t.CancelDate, "/"),
		"dty": t.Type, "einvoiceStatus": map[bool]string{true: "Yes", false: "No"}[t.EInvoice], "gstin": t.GSTIN, "lgnm": t.LegalName,
		"lstupdt": ddmmyyyy(t.LastUpdated, "/"), "rgdt": ddmmyyyy(t.RegDate, "/"), "stj": t.StateJurisdiction, "stjCd": t.StateJurisdictionCode,
		"sts": t.Status, "tradeNam": t.TradeName,
	}
	if t.NonResident {
		p["canclDt"], p["rsnCd"], p["typeOfSup"] = ddmmyyyy(t.CancelDate, "/"), "", "OIDAR"
		return p
	}
	name := gstin.StateName(t.StateCode)
	p["pradr"] = t.Address.json(name)
	ad := []any{}
	for _, a := range t.Additional {
		ad = append(ad, a.json(name))
	}
	p["adadr"] = ad
	nba := t.Nature
	if nba == nil {
		nba = []string{}
	}
	p["nba"] = nba
	return p
}

// verifyPayload is data.data of the verify operation (4.3) for t.
func (t *Taxpayer) verifyPayload() map[string]any {
	nature := ""
	if len(t.Nature) > 0 {
		nature = strings.Join(t.Nature, ", ")
	}
	pan := t.PAN
	if t.NonResident {
		pan = t.GSTIN[2:12]
	}
	return map[string]any{"legalName": t.LegalName, "bussNature": nature, "stateName": gstin.StateName(t.StateCode),
		"validGstin": true, "stateCode": t.StateCode, "pan": pan, "gstin": t.GSTIN, "regStartDate": ddmmyyyy(t.RegDate, "/"),
		"status": t.StatusText}
}
