package money

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestMarshalJSONIsRupeesWithTwoDecimals(t *testing.T) {
	for _, tc := range []struct {
		p    Paise
		want string
	}{
		{180000, "1800.00"}, {-50, "-0.50"}, {0, "0.00"}, {5, "0.05"}, {123456789, "1234567.89"}, {-Max, "-9999999999999.99"},
	} {
		b, err := json.Marshal(tc.p)
		if err != nil || string(b) != tc.want {
			t.Errorf("Marshal(%d) = %s, %v; want %s", tc.p, b, err, tc.want)
		}
		var back Paise
		if err := json.Unmarshal(b, &back); err != nil || back != tc.p {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", b, back, err, tc.p)
		}
	}
}

// The window (JavaScript) writes 1500.00 as 1500, a person writes "1,500.00": both are ₹1,500.00.
func TestUnmarshalJSONReadsRupees(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Paise
		bad  bool
	}{
		{"1500", 150000, false}, {"1500.00", 150000, false}, {"1500.5", 150050, false}, {"-0.5", -50, false},
		{`"1,500.00"`, 150000, false}, {`"₹1,500"`, 150000, false}, {"1.5e3", 150000, false}, {"null", 0, false},
		{"true", 0, true}, {`{}`, 0, true}, {`[1]`, 0, true}, {`"abc"`, 0, true},
	} {
		var p Paise
		err := json.Unmarshal([]byte(tc.in), &p)
		if (err != nil) != tc.bad || (!tc.bad && p != tc.want) {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d (error %v)", tc.in, p, err, tc.want, tc.bad)
		}
	}
	var in struct {
		Amount Paise `json:"amount"`
	}
	if err := json.Unmarshal([]byte(`{"amount":1500}`), &in); err != nil || in.Amount != 150000 || in.Amount.Indian() != "1,500.00" {
		t.Errorf("window's 1500 = %d (%s), %v; want ₹1,500.00", in.Amount, in.Amount.Indian(), err)
	}
}

type storedInner struct {
	Tax   Paise            `json:"tax"`
	Heads map[string]Paise `json:"heads,omitempty"`
	Count int              `json:"count"`
}

type storedEmbedded struct {
	Extra Paise `json:"extra"`
}

type storedBlob struct {
	storedEmbedded
	Name   string                 `json:"name"`
	Total  Paise                  `json:"total"`
	Opt    *Paise                 `json:"opt,omitempty"`
	Lines  []storedInner          `json:"lines"`
	ByKey  map[string]storedInner `json:"by_key"`
	Fixed  [2]Paise               `json:"fixed"`
	NoTag  Paise
	Rate   int64 `json:"rate"`
	hidden Paise
}

// A blob gstdesk stored before amounts were written in rupees holds integer paise: it reads back
// to the same paise, and what is stored now is in the same form.
func TestStoredFormIsIntegerPaise(t *testing.T) {
	old := `{"extra":7,"name":"x","total":180000,"opt":-50,"lines":[{"tax":1,"heads":{"igst":100},"count":3}],
		"by_key":{"a":{"tax":250,"count":1}},"fixed":[10,20],"NoTag":99,"rate":1800}`
	opt := Paise(-50)
	want := storedBlob{storedEmbedded: storedEmbedded{Extra: 7}, Name: "x", Total: 180000, Opt: &opt,
		Lines: []storedInner{{Tax: 1, Heads: map[string]Paise{"igst": 100}, Count: 3}},
		ByKey: map[string]storedInner{"a": {Tax: 250, Count: 1}}, Fixed: [2]Paise{10, 20}, NoTag: 99, Rate: 1800}
	var got storedBlob
	if err := UnmarshalStored([]byte(old), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("old blob read as %+v\nwant %+v", got, want)
	}
	b, err := MarshalStored(want)
	if err != nil {
		t.Fatal(err)
	}
	var again storedBlob
	if err := UnmarshalStored(b, &again); err != nil || !reflect.DeepEqual(again, want) {
		t.Fatalf("stored %s read back as %+v, %v", b, again, err)
	}
	var plain map[string]any
	json.Unmarshal(b, &plain)
	if plain["total"] != float64(180000) || plain["rate"] != float64(1800) {
		t.Errorf("stored form %s: total and rate should be integers 180000 and 1800", b)
	}
	// A type without amounts is stored as json.Marshal writes it.
	if b, _ := MarshalStored([]string{"a"}); string(b) != `["a"]` {
		t.Errorf("MarshalStored([a]) = %s", b)
	}
	if err := UnmarshalStored([]byte(`{"total":1.5}`), &got); err == nil {
		t.Error("a stored amount that is not a whole number of paise was read")
	}
}

func FuzzUnmarshalStored(f *testing.F) {
	f.Add([]byte(`{"total":180000,"lines":[{"tax":1}]}`))
	f.Add([]byte(`{"total":"12","by_key":{"a":{"tax":1e3}}}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v storedBlob
		if UnmarshalStored(b, &v) != nil {
			return
		}
		out, err := MarshalStored(v)
		if err != nil {
			t.Fatal(err)
		}
		var back storedBlob
		if err := UnmarshalStored(out, &back); err != nil || !reflect.DeepEqual(back, v) {
			t.Fatalf("%s: round trip %s gives %+v, %v; want %+v", b, out, back, err, v)
		}
	})
}
