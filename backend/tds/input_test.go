package tds

import (
	"errors"
	"strings"
	"testing"

	"gstdesk/backend/money"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in      string
		want    money.Paise
		wantErr string
	}{
		{"150000", 15000000, ""},
		{" 42 ", 4200, ""},
		{"1234.5", 123450, ""},
		{"1234.56", 123456, ""},
		{"1234.565", 123457, ""},
		{"1234.564", 123456, ""},
		{"0.005", 1, ""},
		{"-200000", -20000000, ""},
		{"+5", 500, ""},
		{"1.5e5", 15000000, ""},
		{"1E2", 10000, ""},
		{"25e-1", 250, ""},
		{"", 0, ""},
		{"0", 0, ""},
		{"000123", 12300, ""},
		{"100000000000", 10000000000000, ""},
		{"100000000001", 0, "more than"},
		{"1e40", 0, "more than"},
		{"1,50,000", 15000000, ""},
		{"₹ 1,234.50", 123450, ""},
		{"1,5", 0, "not an amount"},
		{"abc", 0, "not an amount"},
		{"12a", 0, "not an amount"},
		{".", 0, "not an amount"},
		{"-", 0, "not an amount"},
		{"1.2.3", 0, "not an amount"},
		{"e5", 0, "not an amount"},
		{"1e", 0, "not an amount"},
		{"NaN", 0, "not an amount"},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseAmount(%q) error = %v, want one containing %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseAmount(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"150000", "-1.5e3", "1,0", "0.005", "99999999999.995", "1e-30", "--1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseAmount(s)
		if err == nil && (p > MaxAmount || p < -MaxAmount) {
			t.Errorf("ParseAmount(%q) = %v, outside the bound", s, p)
		}
	})
}

func TestPaiseString(t *testing.T) {
	tests := []struct {
		in   money.Paise
		want string
	}{
		{0, "0"}, {money.FromRupees(999), "999"}, {money.FromRupees(1000), "1,000"}, {money.FromRupees(150000), "1,50,000"},
		{money.FromRupees(12345678), "1,23,45,678"}, {-money.FromRupees(200000), "-2,00,000"}, {1234550, "12,345.50"}, {5, "0.05"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("money.Paise(%d).String() = %q, want %q", int64(tt.in), got, tt.want)
		}
	}
}

func allItems(v string) []Item {
	items := []Item{{Key: KeyPANStatus, Value: "PANISVALID"}, {Key: KeyEmployeeCategory, Value: "general"}}
	for _, k := range fieldKeys {
		items = append(items, Item{Key: k, Value: v, Number: true})
	}
	return items
}

func TestParseItems(t *testing.T) {
	t.Run("complete", func(t *testing.T) {
		items := allItems("0")
		items[4] = Item{Key: "salary_as_per_provisions_contained_in_section_17_1", Value: "1200000.50"} // digit string
		items[1].Value = "Senior_Citizen"
		in, warns, err := ParseItems(items)
		if err != nil || len(warns) != 0 {
			t.Fatalf("ParseItems = %v, %v; want no error and no warnings", warns, err)
		}
		if got, want := in.Amounts[Salary17_1], money.Paise(120000050); got != want {
			t.Errorf("salary = %v, want %v", got, want)
		}
		if in.Category != SeniorCitizen || in.PANStatus != PANValid {
			t.Errorf("category, pan = %v, %v", in.Category, in.PANStatus)
		}
	})
	t.Run("missing", func(t *testing.T) {
		in, warns, err := ParseItems([]Item{{Key: "salary_as_per_provisions_contained_in_section_17_1", Value: "500000", Number: true}})
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(warns, "\n")
		for _, want := range []string{"pan_status is missing", "employee_category is missing", "tds_by_previous_employers", "qualifying_amount_for_other_deductions"} {
			if !strings.Contains(all, want) {
				t.Errorf("warnings %q do not mention %q", all, want)
			}
		}
		if strings.Contains(all, "section_17_1") {
			t.Errorf("warnings %q name an item that is present", all)
		}
		if in.PANStatus != PANValid || in.Category != General {
			t.Errorf("defaults = %v, %v", in.PANStatus, in.Category)
		}
	})
	tests := []struct {
		name  string
		items []Item
		want  []string
	}{
		{"unknown key", []Item{{Key: "salary", Value: "1", Number: true}}, []string{`"salary" is not an item`}},
		{"repeated key", []Item{{Key: "value_of_perquisites_us_17_2", Value: "1", Number: true}, {Key: "value_of_perquisites_us_17_2", Value: "2", Number: true}}, []string{"value_of_perquisites_us_17_2 appears more than once"}},
		{"text amount", []Item{{Key: "value_of_perquisites_us_17_2", Value: "ten"}}, []string{"value_of_perquisites_us_17_2", `"ten" is not an amount`}},
		{"number as pan", []Item{{Key: KeyPANStatus, Value: "1", Number: true}}, []string{"pan_status must be text"}},
		{"negative", []Item{{Key: "deductible_amount_us_80_c", Value: "-5", Number: true}}, []string{"deductible_amount_us_80_c is -5", "only income from house property"}},
		{"category", []Item{{Key: KeyEmployeeCategory, Value: "minor"}}, []string{`employee_category "minor" is not known`}},
		{"pan", []Item{{Key: KeyPANStatus, Value: "PANMAYBE"}}, []string{`pan_status "PANMAYBE" is not known`}},
		{"two problems", []Item{{Key: "x", Value: "1", Number: true}, {Key: KeyPANStatus, Value: "?"}}, []string{"2 problems", `"x"`, `"?"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseItems(tt.items)
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
	t.Run("negative house property", func(t *testing.T) {
		in, _, err := ParseItems([]Item{{Key: "income_from_house_property_reported_by_employee_offered_for_tds", Value: "-250000", Number: true}})
		if err != nil || in.Amounts[HouseProperty] != -money.FromRupees(250000) {
			t.Errorf("got %v, %v", in.Amounts[HouseProperty], err)
		}
	})
}

func TestKeys(t *testing.T) {
	keys := Keys()
	if len(keys) != 46 {
		t.Fatalf("len(Keys()) = %d, want 46", len(keys))
	}
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			t.Errorf("key %q twice", k)
		}
		seen[k] = true
	}
	for f := Field(0); f < NumFields; f++ {
		if got, ok := FieldByKey(f.Key()); !ok || got != f {
			t.Errorf("FieldByKey(%q) = %v, %v", f.Key(), got, ok)
		}
	}
}

// TestParseAmountErrorsAreMoneys checks that ParseAmount's errors say which of money's errors they
// are, so that callers test them with errors.Is rather than by their words.
func TestParseAmountErrorsAreMoneys(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"100000000001", money.ErrRange},  // beyond MaxAmount, within money.Max
		{"-100000000001", money.ErrRange}, // below -MaxAmount
		{"1e40", money.ErrRange},          // beyond money.Max
		{"abc", money.ErrSyntax},
		{"1,5", money.ErrSyntax},
	}
	for _, tt := range tests {
		_, err := ParseAmount(tt.in)
		if !errors.Is(err, tt.want) {
			t.Errorf("ParseAmount(%q) = %v, want an error that is %v", tt.in, err, tt.want)
		}
		other := money.ErrSyntax
		if tt.want == money.ErrSyntax {
			other = money.ErrRange
		}
		if errors.Is(err, other) {
			t.Errorf("ParseAmount(%q) = %v is %v too", tt.in, err, other)
		}
	}
}
