package workbook

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/tds"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden reads testdata/<case>/input.json for the year in fy.txt and compares the whole
// response workbook with want.json byte for byte.
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("testdata/*/input.json")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			fyText, err := os.ReadFile(filepath.Join(dir, "fy.txt"))
			if err != nil {
				t.Fatal(err)
			}
			fy, err := tds.ParseFY(string(fyText))
			if err != nil {
				t.Fatal(err)
			}
			w, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			out, _, _, err := Calculate(&w, fy)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(out)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			wantPath := filepath.Join(dir, "want.json")
			if *update {
				if err := os.WriteFile(wantPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(wantPath)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("response differs from %s:\ngot  %s\nwant %s", wantPath, got, want)
			}
		})
	}
}

func TestReadForms(t *testing.T) {
	one := `{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[["pan_status","PANISVALID"],["salary_as_per_provisions_contained_in_section_17_1",1000000]]}]}`
	blocks := `{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","blocks":[{"items":[["pan_status","PANISVALID"]]},{"items":[["salary_as_per_provisions_contained_in_section_17_1",1000000]]}]}]}`
	tests := []struct {
		name  string
		input string
		n     int
	}{
		{"one", one, 1},
		{"one with BOM and spaces", "\ufeff \n" + one + "\n\n", 1},
		{"blocks", blocks, 1},
		{"array", "[" + one + "," + blocks + "]", 2},
		{"ndjson", one + "\n" + blocks + "\n" + one + "\n", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := ReadAll(strings.NewReader(tt.input))
			if err != nil {
				t.Fatal(err)
			}
			if len(ws) != tt.n {
				t.Fatalf("got %d workbooks, want %d", len(ws), tt.n)
			}
			for _, w := range ws {
				items, err := w.Items()
				if err != nil {
					t.Fatal(err)
				}
				if len(items) != 2 || items[0].Key != "pan_status" || items[1].Value != json.Number("1000000") {
					t.Errorf("items = %#v", items)
				}
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	wb := func(items string) string {
		return `{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[` + items + `]}]}`
	}
	good := wb(`["pan_status","PANISVALID"]`)
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"empty", "  ", []string{"empty"}},
		{"not json", "hello", []string{"does not start with { or ["}},
		{"broken json", `{"name":`, []string{"Workbook 1", "not valid JSON"}},
		{"no sheets", `{"name":"x"}`, []string{`no "sheets" array`}},
		{"sheets not array", `{"sheets":"x"}`, []string{`"sheets" must be an array, not text`}},
		{"sheet not object", `{"sheets":[1]}`, []string{"sheet 1 must be a JSON object"}},
		{"no items", `{"sheets":[{"name":"salary_details_list"}]}`, []string{`sheet 1 (salary_details_list) has no "items"`}},
		{"items and blocks", `{"sheets":[{"items":[],"blocks":[]}]}`, []string{`both "items" and "blocks"`}},
		{"block without items", `{"sheets":[{"blocks":[{}]}]}`, []string{`block 1 has no "items"`}},
		{"item not pair", wb(`["pan_status"]`), []string{"item 1", "not a [key, value] pair"}},
		{"item three", wb(`["a",1,2]`), []string{"item 1", "not a [key, value] pair"}},
		{"key number", wb(`[1,2]`), []string{"item 1", "key must be text"}},
		{"value null", wb(`["pan_status",null]`), []string{"item 1 (pan_status)", "string or a number, not null"}},
		{"value bool", wb(`["pan_status","x"],["salary_as_per_provisions_contained_in_section_17_1",true]`), []string{"item 2", "not true/false"}},
		{"value object", wb(`["a",{}]`), []string{"not an object"}},
		{"array with bad second", "[" + good + `,{"sheets":5}]`, []string{"Workbook 2 of the array"}},
		{"array empty", "[]", []string{"holds no workbooks"}},
		{"array of numbers", "[1]", []string{"Workbook 1 of the array", "not a number"}},
		{"ndjson bad third line", good + "\n" + good + "\n" + `{"sheets":[{"items":[[1,1]]}]}`, []string{"Workbook 3 (line 3)", "key must be text"}},
		{"ndjson garbage", good + "\n" + "xyz", []string{"Workbook 2 (from line 2)"}},
		{"name not text", `{"name":5,"sheets":[]}`, []string{"name must be text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadAll(strings.NewReader(tt.input))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestMissingInputSheet(t *testing.T) {
	w, err := Parse([]byte(`{"sheets":[{"name":"other","items":[]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, err = Calculate(&w, 2025)
	if err == nil || !strings.Contains(err.Error(), `no sheet "salary_details_list"`) || !strings.Contains(err.Error(), `"other"`) {
		t.Errorf("error = %v", err)
	}
}

func TestCalculateInvalidItems(t *testing.T) {
	w, _ := Parse([]byte(`{"sheets":[{"name":"salary_details_list","items":[["employee_category","child"],["bonus",5]]}]}`))
	_, _, _, err := Calculate(&w, 2025)
	if err == nil || !strings.Contains(err.Error(), `"bonus"`) || !strings.Contains(err.Error(), `"child"`) {
		t.Errorf("error = %v", err)
	}
}

// TestPropertyEcho: for random workbooks the response repeats every input pair in order with the
// value exactly as written, then the five result pairs, in both sheets.
func TestPropertyEcho(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	keys := tds.Keys()
	for i := range 500 {
		perm := rng.Perm(len(keys))[:rng.Intn(len(keys)+1)]
		var b strings.Builder
		b.WriteString(`{"sheets":[{"name":"salary_details_list","items":[`)
		var want []string
		for j, p := range perm {
			k := keys[p]
			var v string
			switch {
			case k == tds.KeyPANStatus:
				v = `"PANNOTAVBL"`
			case k == tds.KeyEmployeeCategory:
				v = `"senior_citizen"`
			case rng.Intn(3) == 0:
				v = fmt.Sprintf(`"%d.%02d"`, rng.Intn(1_000_000), rng.Intn(100))
			case rng.Intn(2) == 0:
				v = fmt.Sprintf("%d.%d0", rng.Intn(1_000_000), rng.Intn(10))
			default:
				v = fmt.Sprintf("%de%d", rng.Intn(100), rng.Intn(4))
			}
			if j > 0 {
				b.WriteByte(',')
			}
			pair := `["` + k + `",` + v + `]`
			b.WriteString(pair)
			want = append(want, pair)
		}
		b.WriteString(`]}]}`)
		w, err := Parse([]byte(b.String()))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		out, res, _, err := Calculate(&w, 2025)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, b.String())
		}
		js, _ := json.Marshal(out)
		for si, name := range []string{NewRegimeSheet, OldRegimeSheet} {
			f := res.New.Figures
			if si == 1 {
				f = res.Old.Figures
			}
			all := append(append([]string{}, want...),
				fmt.Sprintf(`["income_tax_payable",%d]`, f.IncomeTaxPayable), fmt.Sprintf(`["surcharge",%d]`, f.Surcharge),
				fmt.Sprintf(`["health_and_education_cess",%d]`, f.Cess), fmt.Sprintf(`["tds_on_salary",%d]`, f.TDSOnSalary),
				fmt.Sprintf(`["relief_us_87_a",%d]`, f.Relief87A))
			sheet := `{"name":"` + name + `","@entity":"list","items":[` + strings.Join(all, ",") + `]}`
			if !strings.Contains(string(js), sheet) {
				t.Fatalf("case %d: sheet %s not echoed as written:\n%s\nwant %s", i, name, js, sheet)
			}
		}
		if !strings.HasPrefix(string(js), `{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_new_regime_list"`) {
			t.Fatalf("case %d: response starts %s", i, js[:80])
		}
	}
}

func TestMarshalRefusesBadValues(t *testing.T) {
	for _, v := range []any{json.Number("12x"), 3.5, nil} {
		w := Workbook{Sheets: []Sheet{{Items: []Item{{Key: "k", Value: v}}}}}
		if _, err := json.Marshal(w); err == nil {
			t.Errorf("value %#v accepted", v)
		}
	}
}

func FuzzReadAll(f *testing.F) {
	for _, p := range []string{"testdata/cbdt-12-10-lakh/input.json", "testdata/blocks-strings-paise/input.json"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range []string{"", "[]", "[{}]", `{"sheets":[]}`, `{"sheets":[{"items":[["a",1]]}]}` + "\n" + `{"sheets":[{"blocks":[{"items":[["b","x"]]}]}]}`,
		`{"sheets":[{"items":[["a",-0.5e-3]]}]}`, `{"sheets":[{"items":[[]]}]}`, "\ufeff{", `[{"sheets":null}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ws, err := ReadAll(strings.NewReader(s))
		if err != nil {
			if err.Error() == "" {
				t.Error("empty error message")
			}
			return
		}
		for _, w := range ws {
			// What was read writes back, reads again the same, and computes without panicking.
			js, err := json.Marshal(w)
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			again, err := Parse(js)
			if err != nil {
				t.Fatalf("re-read %s: %v", js, err)
			}
			js2, _ := json.Marshal(again)
			if !bytes.Equal(js, js2) {
				t.Fatalf("round trip differs:\n%s\n%s", js, js2)
			}
			_, _, _, _ = Calculate(&w, 2025)
		}
	})
}

func TestReadAllForm(t *testing.T) {
	one := `{"sheets":[{"name":"salary_details_list","items":[]}]}`
	tests := []struct {
		in   string
		want Form
	}{{one, Single}, {"[" + one + "]", Array}, {one + "\n" + one, Lines}}
	for _, tt := range tests {
		_, got, err := ReadAllForm(strings.NewReader(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("ReadAllForm(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}
