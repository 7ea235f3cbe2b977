package ims

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gstdesk/backend/gstapi"
	"gstdesk/backend/recon"
)

const (
	supA = "24ABCCU0123M1YZ"
	supB = "27AAACB1234C1Z5"
)

func rec(section, rtnprd, stin, number, action string) Record {
	return Record{Section: section, RtnPrd: rtnprd, STIN: stin, Number: number, Action: action, Taxable: 100000, IGST: 18000}
}

func TestIDOf(t *testing.T) {
	for _, c := range []struct {
		name          string
		a, b          ID
		same, sameDoc bool
	}{
		{"case, spaces and the one number rule", IDOf("b2b", "2025-05", " 24abccu0123m1yz ", "INV/2024-25/0042"), IDOf("b2b", "052025", supA, "inv-42"), true, true},
		{"another return period", IDOf("b2b", "052025", supA, "INV-42"), IDOf("b2b", "052026", supA, "INV-42"), false, true},
		{"another section", IDOf("b2b", "052025", supA, "INV-42"), IDOf("b2ba", "052025", supA, "INV-42"), false, true},
		{"another supplier", IDOf("b2b", "052025", supA, "INV-42"), IDOf("b2b", "052025", supB, "INV-42"), false, false},
		{"digits apart are another number", IDOf("b2b", "052025", supA, "1/234"), IDOf("b2b", "052025", supA, "1234"), false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.a.Key() == c.b.Key(); got != c.same {
				t.Errorf("same key = %v (%q, %q)", got, c.a.Key(), c.b.Key())
			}
			if got := c.a.Doc() == c.b.Doc(); got != c.sameDoc {
				t.Errorf("same doc = %v", got)
			}
		})
	}
	r := rec("b2b", "052025", supA, "INV/0042", NoAction)
	if r.Key() != KeyOf("b2b", "2025-05", strings.ToLower(supA), "INV-42") || r.ID() != IDOf("b2b", "052025", supA, "INV42") {
		t.Errorf("record key %q", r.Key())
	}
}

func TestResolve(t *testing.T) {
	lists := map[string][]Record{
		"b2b": {
			rec("b2b", "052025", supA, "INV-1", NoAction),
			rec("b2b", "052025", supA, "INV-2", Accepted),
			rec("b2b", "042024", supA, "INV-7", NoAction),
			rec("b2b", "042025", supA, "INV-7", NoAction),
			{Section: "b2b", RtnPrd: "052025", STIN: supB, Number: "B-9", Action: NoAction, PendingBlocked: true},
		},
		"b2bcn": {{Section: "b2bcn", RtnPrd: "052025", STIN: supA, Number: "CN-1", Action: NoAction, Taxable: 10000, IGST: 1800}},
	}
	for _, c := range []struct {
		name   string
		asks   []Ask
		kept   map[string][]string // supplier|number → sections the kept lists hold it in
		held   []string            // sections listed before
		want   []string            // per ask: the refusal's start, or "send <action>"
		loads  []string
		saves  int
		resets int
	}{
		{name: "accept found in the section held", asks: []Ask{{STIN: strings.ToLower(supA), Number: "inv/1", Action: "accept", Section: "B2B"}},
			held: []string{"b2b"}, want: []string{"send A"}, saves: 1},
		{name: "section read afresh when not held", asks: []Ask{{STIN: supA, Number: "INV-1", Action: "reject", Section: "b2b"}},
			want: []string{"send R"}, loads: []string{"b2b"}, saves: 1},
		{name: "section from the kept lists", asks: []Ask{{STIN: supA, Number: "CN-1", Action: "reset"}},
			kept: map[string][]string{supA + "|CN1": {"b2bcn"}}, want: []string{"Credit note CN-1 of " + supA + " is no action already."}, loads: []string{"b2bcn"}},
		{name: "every section until one lists it", asks: []Ask{{STIN: supA, Number: "INV-1", Action: "pending"}},
			want: []string{"send P"}, loads: []string{"b2b"}, saves: 1},
		{name: "unknown action", asks: []Ask{{STIN: supA, Number: "INV-1", Action: "approve"}}, want: []string{"The IMS action \"approve\""}},
		{name: "unknown section", asks: []Ask{{STIN: supA, Number: "INV-1", Action: "accept", Section: "xyz"}}, want: []string{"The IMS section \"xyz\" is not one IMS lists."}},
		{name: "not listed", asks: []Ask{{STIN: supA, Number: "NOPE", Action: "accept", Section: "b2b"}}, held: []string{"b2b"}, want: []string{"IMS does not list document NOPE"}},
		{name: "not listed in the period", asks: []Ask{{STIN: supA, Number: "INV-1", Action: "accept", Section: "b2b", Period: "2025-06"}}, held: []string{"b2b"},
			want: []string{"IMS does not list document INV-1 of " + supA + " in the return period"}},
		{name: "two periods", asks: []Ask{{STIN: supA, Number: "INV-7", Action: "accept", Section: "b2b"}}, held: []string{"b2b"}, want: []string{"IMS lists document INV-7"}},
		{name: "the period says which", asks: []Ask{{STIN: supA, Number: "INV-7", Action: "accept", Section: "b2b", Period: "2025-04"}}, held: []string{"b2b"},
			want: []string{"send A"}, saves: 1},
		{name: "already so", asks: []Ask{{STIN: supA, Number: "INV-2", Action: "accept", Section: "b2b"}}, held: []string{"b2b"}, want: []string{"Invoice INV-2 of " + supA + " is accepted already."}},
		{name: "pending blocked", asks: []Ask{{STIN: supB, Number: "B-9", Action: "pending", Section: "b2b"}}, held: []string{"b2b"}, want: []string{"Invoice B-9"}},
		{name: "saves and resets apart, in order", held: []string{"b2b", "b2bcn"},
			asks: []Ask{{STIN: supA, Number: "INV-2", Action: "reset", Section: "b2b"}, {STIN: supA, Number: "INV-1", Action: "accept", Section: "b2b"},
				{STIN: supA, Number: "CN-1", Action: "accept", Section: "cn"}},
			want: []string{"send N", "send A", "send A"}, saves: 2, resets: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			held := map[string][]Record{}
			for _, sec := range c.held {
				held[sec] = lists[sec]
			}
			var loads []string
			src := Source{Lists: NewLists(held),
				Load: func(sec string) ([]Record, error) { loads = append(loads, sec); return lists[sec], nil },
				Kept: func(stin, number string) ([]string, error) { return c.kept[IDOf("", "", stin, number).Doc()], nil }}
			p, err := Resolve(c.asks, src)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Asks) != len(c.want) {
				t.Fatalf("resolved %d of %d", len(p.Asks), len(c.want))
			}
			for i, a := range p.Asks {
				got := a.Refused
				if a.Change != nil {
					got = "send " + a.Change.Action
					if a.Refused != "" || a.From != a.Change.Record.Action || a.Period != a.Change.Record.RtnPrd {
						t.Errorf("ask %d = %+v", i, a)
					}
					if c, ok := p.Sent(a.Change.Record.ID()); !ok || c.Action != a.Action {
						t.Errorf("Sent(%v) = %+v, %v", a.Change.Record.ID(), c, ok)
					}
				}
				if !strings.HasPrefix(got, c.want[i]) {
					t.Errorf("ask %d = %q, want %q...", i, got, c.want[i])
				}
			}
			if !slices.Equal(loads, c.loads) {
				t.Errorf("loads = %v, want %v", loads, c.loads)
			}
			if len(p.Saves) != c.saves || len(p.Resets) != c.resets {
				t.Errorf("saves %d resets %d", len(p.Saves), len(p.Resets))
			}
		})
	}
}

func TestResolveProposesTheReduction(t *testing.T) {
	cn := Record{Section: "b2bcn", RtnPrd: "112025", STIN: supA, Number: "CN-1", Action: NoAction, Taxable: 10000, IGST: 1800}
	src := Source{Lists: NewLists(map[string][]Record{"b2bcn": {cn}})}
	p, err := Resolve([]Ask{{STIN: supA, Number: "CN-1", Action: "accept", Section: "b2bcn", Reason: "agreed"}}, src)
	if err != nil || len(p.Saves) != 1 {
		t.Fatalf("%+v, %v", p, err)
	}
	if c := p.Saves[0]; c.ITCRedReq != "Y" || !strings.HasPrefix(c.Reason, "agreed ") || p.Asks[0].Reason != c.Reason {
		t.Errorf("change = %+v", c)
	}
}

func TestResolveSaysTheReadError(t *testing.T) {
	boom := errors.New("offline")
	src := Source{Lists: NewLists(nil), Load: func(string) ([]Record, error) { return nil, boom }}
	if _, err := Resolve([]Ask{{STIN: supA, Number: "1", Action: "accept", Section: "b2b"}}, src); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
}

func TestJudge(t *testing.T) {
	sent := []Change{
		{Record: rec("b2b", "052025", supA, "INV-1", NoAction), Action: Accepted},
		{Record: rec("b2bdn", "052025", supA, "DN-1", NoAction), Action: Accepted},
	}
	for _, c := range []struct {
		name string
		st   gstapi.JobStatus
		want []string
	}{
		{"processed", gstapi.JobStatus{Status: gstapi.JobProcessed}, []string{ResultApplied, ResultApplied}},
		{"one refused, named with its period", gstapi.JobStatus{Status: gstapi.JobProcessedErrors,
			Report: []gstapi.IMSErrorEntry{{Section: "dn", STIN: supA, INum: "dn/1", RtnPrd: "052025", Code: "IMSSAV0010"}}}, []string{ResultApplied, ResultRefused}},
		{"one refused, named without its period", gstapi.JobStatus{Status: gstapi.JobProcessedErrors,
			Report: []gstapi.IMSErrorEntry{{Section: "b2b", STIN: supA, INum: "INV-1", Code: "IMSSAV0010"}}}, []string{ResultRefused, ResultApplied}},
		{"errors naming no document", gstapi.JobStatus{Status: gstapi.JobProcessedErrors}, []string{ResultUnknown, ResultUnknown}},
		{"an entry naming another document", gstapi.JobStatus{Status: gstapi.JobProcessedErrors,
			Report: []gstapi.IMSErrorEntry{{Section: "b2b", STIN: supA, INum: "", Code: "IMSSAV0010"}}}, []string{ResultUnknown, ResultUnknown}},
	} {
		t.Run(c.name, func(t *testing.T) {
			vs := Judge(&c.st, sent)
			for i, v := range vs {
				if v.Result != c.want[i] || (v.Result == ResultRefused) != (v.Code != "") {
					t.Errorf("verdict %d = %+v, want %s", i, v, c.want[i])
				}
			}
		})
	}
}

func TestOverlay(t *testing.T) {
	ix := IndexOf([]Record{{Section: "b2b", RtnPrd: "052025", STIN: supA, Number: "INV-1", Action: Accepted, PendingBlocked: true}})
	for _, c := range []struct {
		name    string
		id      ID
		listed  bool
		action  string
		blocked bool
	}{
		{"listed: IMS's status", IDOf("b2b", "2025-05", supA, "inv/1"), true, Accepted, true},
		{"not listed: as the run had it", IDOf("b2b", "2025-06", supA, "INV-1"), false, Pending, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, a, b := ix.Overlay(c.id, Pending, false)
			if l != c.listed || a != c.action || b != c.blocked {
				t.Errorf("= %v %q %v", l, a, b)
			}
		})
	}
}

func TestCarryChoices(t *testing.T) {
	old := map[string]recon.RowChoice{
		"k1": {RowKey: "k1", Choice: Rejected, Fingerprint: "f1"},
		"k2": {RowKey: "k2", Choice: Pending, Fingerprint: "f2"},
		"k3": {RowKey: "k3", Choice: Accepted, Fingerprint: "f3"},
		"k4": {RowKey: "k4", Choice: Leave, Fingerprint: "f4"},
	}
	in2B := ChoiceInput{Status: recon.Exact, In2B: true}
	for _, c := range []struct {
		name string
		rows []ChoiceRow
		want []string
	}{
		{"same rows", []ChoiceRow{{"k1", "f1", in2B}, {"k4", "f4", ChoiceInput{}}}, []string{"k1", "k4"}},
		{"the row reads otherwise", []ChoiceRow{{"k1", "changed", in2B}}, nil},
		{"pending blocked since", []ChoiceRow{{"k2", "f2", ChoiceInput{Status: recon.Exact, In2B: true, PendingBlocked: true}}}, nil},
		{"accept of a document no longer in the books", []ChoiceRow{{"k3", "f3", ChoiceInput{Status: recon.MissingInBooks, In2B: true}}}, nil},
		{"a row of no earlier choice", []ChoiceRow{{"k9", "f9", in2B}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, rc := range CarryChoices(old, c.rows) {
				got = append(got, rc.RowKey)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("= %v, want %v", got, c.want)
			}
		})
	}
}

func TestHold(t *testing.T) {
	d := &recon.Invoice{Taxable: -100000, IGST: -18000} // a credit note as the books carry it
	same := &Record{Taxable: 100000, IGST: 18000}
	other := &Record{Taxable: 90000, IGST: 16200}
	for _, c := range []struct {
		name            string
		send            string
		listed          bool
		status          string
		blocked         bool
		now             *Record
		result, message string
	}{
		{"not listed", Accepted, false, "", false, nil, ResultNotInIMS, "IMS does not list"},
		{"already so", Accepted, true, Accepted, false, same, ResultAlready, ""},
		{"pending blocked", Pending, true, NoAction, true, same, ResultRefused, "The portal does not allow pending"},
		{"changed since", Rejected, true, NoAction, false, other, ResultChanged, "Not sent: IMS now lists this document with taxable value ₹900.00 and tax ₹162.00, where the reconciliation had ₹1,000.00 and ₹180.00"},
		{"same amounts by size: sent", Rejected, true, NoAction, false, same, "", ""},
		{"not listed afresh: sent on the run's word", Accepted, true, NoAction, false, nil, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, m := Hold(c.send, c.listed, c.status, c.blocked, d, c.now)
			if r != c.result || !strings.HasPrefix(m, c.message) || (c.message == "" && m != "") {
				t.Errorf("= %q %q", r, m)
			}
		})
	}
}
