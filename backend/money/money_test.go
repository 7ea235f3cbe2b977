package money

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Paise
		err  error // nil, ErrSyntax or ErrRange
	}{
		// Plain decimals (tds, payroll, recon, gstr2a).
		{"", 0, nil},
		{"   ", 0, nil},
		{"0", 0, nil},
		{"150000", 15000000, nil},
		{" 42 ", 4200, nil},
		{"1234.5", 123450, nil},
		{"1234.50", 123450, nil},
		{"1234.56", 123456, nil},
		{"-12.50", -1250, nil},
		{"-200000", -20000000, nil},
		{"+5", 500, nil},
		{"+7", 700, nil},
		{"000123", 12300, nil},
		{".5", 50, nil},
		{"5.", 500, nil},
		{"1.", 100, nil},
		{"0.01", 1, nil},
		{"0.25", 25, nil},
		// Rounding: the third decimal rounds half away from zero.
		{"1.005", 101, nil},
		{"1.004", 100, nil},
		{"1.0049", 100, nil},
		{"-1.005", -101, nil},
		{"1234.565", 123457, nil},
		{"1234.564", 123456, nil},
		{"0.005", 1, nil},
		{"12.345", 1235, nil},
		// Exponents (spreadsheets, the service).
		{"1.5e5", 15000000, nil},
		{"1.5E+3", 150000, nil},
		{"1E2", 10000, nil},
		{"1e2", 10000, nil},
		{"25e-1", 250, nil},
		{"1.5E-1", 15, nil},
		{"5e-3", 1, nil},
		{"4e-3", 0, nil},
		{"5e-4", 0, nil},
		{"1e-30", 0, nil},
		{"0e999", 0, nil},
		// Grouping, Indian and international (recon, payroll).
		{"1,23,456.78", 12345678, nil},
		{"1,23,456.50", 12345650, nil},
		{"1,50,000", 15000000, nil},
		{"12,34,567.25", 123456725, nil},
		{"150,000", 15000000, nil},
		{"1,234,567", 123456700, nil},
		{"1,000", 100000, nil},
		{"10,00,00,00,00,000", 100000000000000, nil},
		// Currency prefixes and accounting negatives (recon, payroll).
		{"₹ 1,234", 123400, nil},
		{"₹ 1,000", 100000, nil},
		{"₹1000", 100000, nil},
		{"₹ 12,34,567.25", 123456725, nil},
		{"Rs. 1000", 100000, nil},
		{"Rs. 500", 50000, nil},
		{"Rs500", 50000, nil},
		{"RS. 5", 500, nil},
		{"rs.5", 500, nil},
		{"INR 12.5", 1250, nil},
		{"inr 12.5", 1250, nil},
		{"(500.00)", -50000, nil},
		{"( 500 )", -50000, nil},
		{"(₹ 500)", -50000, nil},
		{"500.00-", -50000, nil},
		{"500 -", -50000, nil},
		{"-500", -50000, nil},
		{"- 500", -50000, nil},
		{"₹-3.10", -310, nil},
		{"-₹3.10", -310, nil},
		{"\u00a01,000\u00a0", 100000, nil},
		{"\t7\r\n", 700, nil},
		// Bounds.
		{"9999999999999.99", 999999999999999, nil},
		{"-9999999999999.99", -999999999999999, nil},
		{"100000000000", 10000000000000, nil},
		{"12345678901234", 0, ErrRange},
		{"12345678901234.99", 0, ErrRange},
		{"9999999999999.995", 0, ErrRange},
		{"1e40", 0, ErrRange},
		{"1e400", 0, ErrRange},
		{"1e999", 0, ErrRange},
		{"1e99999999999999999999", 0, ErrRange},
		// Refused.
		{"abc", 0, ErrSyntax},
		{"12a", 0, ErrSyntax},
		{"1OO", 0, ErrSyntax},
		{".", 0, ErrSyntax},
		{"-", 0, ErrSyntax},
		{"+", 0, ErrSyntax},
		{"₹", 0, ErrSyntax},
		{"()", 0, ErrSyntax},
		{"1.2.3", 0, ErrSyntax},
		{"e5", 0, ErrSyntax},
		{"1e", 0, ErrSyntax},
		{"1e+", 0, ErrSyntax},
		{"1e5.5", 0, ErrSyntax},
		{"NaN", 0, ErrSyntax},
		{"Inf", 0, ErrSyntax},
		{"--1", 0, ErrSyntax},
		{"+-1", 0, ErrSyntax},
		{"-1-", 0, ErrSyntax},
		{"(-5)", 0, ErrSyntax},
		{"1,5", 0, ErrSyntax},
		{"12,34", 0, ErrSyntax},
		{",123", 0, ErrSyntax},
		{"1234,567", 0, ErrSyntax},
		{"123,45,678", 0, ErrSyntax},
		{"1,23,4567", 0, ErrSyntax},
		{"1,2345,678", 0, ErrSyntax},
		{"1,000e3", 0, ErrSyntax},
		{"128,5", 0, ErrSyntax},
		{"1 000", 0, ErrSyntax},
		{"1.5.", 0, ErrSyntax},
		{"$5", 0, ErrSyntax},
		{"5 rupees", 0, ErrSyntax},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("Parse(%q) = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.err)
		}
		if slow, err := general(tt.in); slow != got || (err == nil) != (tt.err == nil) {
			t.Errorf("general(%q) = %d, %v; Parse gave %d", tt.in, slow, err, got)
		}
		gotb, errb := ParseBytes([]byte(tt.in))
		if gotb != got || (errb == nil) != (err == nil) {
			t.Errorf("ParseBytes(%q) = %d, %v; Parse gave %d, %v", tt.in, gotb, errb, got, err)
		}
	}
}

func TestParseError(t *testing.T) {
	_, err := Parse("12a")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Text != "12a" || err.Error() != `money: "12a" is not an amount` {
		t.Errorf("Parse(12a) error = %v", err)
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		p                            Paise
		str, indian, decimal, number string
	}{
		{0, "0", "0.00", "0.00", "0"},
		{5, "0.05", "0.05", "0.05", "0.05"},
		{10, "0.10", "0.10", "0.10", "0.1"},
		{-5, "-0.05", "-0.05", "-0.05", "-0.05"},
		{1800, "18", "18.00", "18.00", "18"},
		{99900, "999", "999.00", "999.00", "999"},
		{100000, "1,000", "1,000.00", "1000.00", "1000"},
		{123450, "1,234.50", "1,234.50", "1234.50", "1234.5"},
		{1234550, "12,345.50", "12,345.50", "12345.50", "12345.5"},
		{15000000, "1,50,000", "1,50,000.00", "150000.00", "150000"},
		{-20000000, "-2,00,000", "-2,00,000.00", "-200000.00", "-200000"},
		{123456789, "12,34,567.89", "12,34,567.89", "1234567.89", "1234567.89"},
		{1234567800, "1,23,45,678", "1,23,45,678.00", "12345678.00", "12345678"}, // crore
		{123456789012, "1,23,45,67,890.12", "1,23,45,67,890.12", "1234567890.12", "1234567890.12"},
		{-9223372036854775808, "-92,23,37,20,36,85,47,758.08", "-92,23,37,20,36,85,47,758.08", "-92233720368547758.08", "-92233720368547758.08"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.str {
			t.Errorf("Paise(%d).String() = %q, want %q", int64(tt.p), got, tt.str)
		}
		if got := tt.p.Indian(); got != tt.indian {
			t.Errorf("Paise(%d).Indian() = %q, want %q", int64(tt.p), got, tt.indian)
		}
		if got := tt.p.Decimal(); got != tt.decimal {
			t.Errorf("Paise(%d).Decimal() = %q, want %q", int64(tt.p), got, tt.decimal)
		}
		if got := tt.p.Number(); got != tt.number {
			t.Errorf("Paise(%d).Number() = %q, want %q", int64(tt.p), got, tt.number)
		}
	}
}

func TestRupees(t *testing.T) {
	tests := []struct {
		p     Paise
		whole int64
		f     float64
	}{
		{0, 0, 0}, {49, 0, 0.49}, {50, 1, 0.5}, {150, 2, 1.5}, {-50, -1, -0.5}, {-49, 0, -0.49}, {FromRupees(1200), 1200, 1200},
	}
	for _, tt := range tests {
		if got := tt.p.WholeRupees(); got != tt.whole {
			t.Errorf("Paise(%d).WholeRupees() = %d, want %d", int64(tt.p), got, tt.whole)
		}
		if got := tt.p.Rupees(); got != tt.f {
			t.Errorf("Paise(%d).Rupees() = %v, want %v", int64(tt.p), got, tt.f)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"150000", "-1.5e3", "1,0", "0.005", "99999999999.995", "1e-30", "--1", "₹ 1,23,456.78", "(500.00)", "500-", "Rs. 1,234,567", "\u00a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if fast, ok := plain(s); ok {
			if slow, err := general(s); err != nil || slow != fast {
				t.Errorf("plain(%q) = %d, general = %d, %v", s, fast, slow, err)
			}
		}
		if err != nil {
			if p != 0 {
				t.Errorf("Parse(%q) = %d with error %v", s, p, err)
			}
			return
		}
		if p > Max || p < -Max {
			t.Errorf("Parse(%q) = %d, outside ±Max", s, p)
		}
		for _, out := range []string{p.String(), p.Indian(), p.Decimal(), p.Number(), "₹ " + p.Indian()} {
			if back, err := Parse(out); err != nil || back != p {
				t.Errorf("Parse(%q) = %d, %v; want %d (from %q)", out, back, err, p, s)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for _, in := range []string{"1285000", "1234.56", "₹ 12,34,567.89"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 120100: "1,20,100", 12345678: "1,23,45,678", -1500: "-1,500"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
