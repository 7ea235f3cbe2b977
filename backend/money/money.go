// Package money is gstdesk's one amount of money: Paise, its parser (Parse, for what people,
// spreadsheets, registers and the GST service write) and its formatters (Indian lakh/crore
// grouping for people, plain decimals for files and wire formats).
//
// Decisions:
//   - Amounts are signed integer paise, so sums never drift and a credit note is just negative.
//   - Units (docs/RELIABILITY.md): every amount a person or a script reads is rupees with two
//     decimals. In JSON a Paise is a number of rupees with exactly two decimals (MarshalJSON:
//     1800.00, -0.50, 0.00) on every face: the command line's JSON, the window's bridge, exports.
//     It is the one money type of every domain and view type (recon.Paise and gstr2a.Paise are
//     aliases of it). A field that holds paise as a plain integer says so in its name (_paise).
//   - Reading JSON (UnmarshalJSON) is always rupees, as a person, a script and the window write
//     them: JavaScript writes 1500.00 as 1500, which is ₹1,500.00. Rupees as a service or a file
//     writes them (strings, grouping) are read by money.Parse in the API and file decoders.
//   - gstdesk's own stored JSON blobs (2B summaries, IMS declarations, the detail of a saved run
//     against 2B) keep integer paise, the form they were always written in: MarshalStored and
//     UnmarshalStored write and read them, so a row stored by an earlier version reads back to the
//     same paise without a migration. Saved reconciliation rows were always rupees and stay so.
//   - Parse rounds a third and further decimals half away from zero, as all four parsers it
//     replaces did (registers and the service write "12.345"); it never truncates silently.
package money

import (
	"strconv"
)

// Paise is an amount of money in paise (hundredths of a rupee), signed.
type Paise int64

// Max is the largest amount Parse accepts, just under ₹10 lakh crore, so that sums of a period
// cannot overflow; -Max is the smallest.
const Max Paise = 999_999_999_999_999

// FromRupees returns r whole rupees as Paise.
func FromRupees(r int64) Paise { return Paise(r * 100) }

// Rupees returns the amount in rupees, for spreadsheets and charts.
func (p Paise) Rupees() float64 { return float64(p) / 100 }

// WholeRupees returns the amount rounded to whole rupees, halves away from zero.
func (p Paise) WholeRupees() int64 {
	if p >= 0 {
		return int64(p+50) / 100
	}
	return -(int64(-p+50) / 100)
}

// abs returns the magnitude of p as an unsigned number, right for the smallest int64 too.
func (p Paise) abs() (u uint64, neg bool) {
	if p < 0 {
		return uint64(-p), true
	}
	return uint64(p), false
}

// String writes the amount for a person in Indian grouping, with paise only when there are any:
// "1,50,000", "-2,00,000", "12,34,567.89", "0.05". Salary TDS explanations are written with it.
func (p Paise) String() string {
	u, neg := p.abs()
	var buf [40]byte
	b := buf[:0]
	if neg {
		b = append(b, '-')
	}
	b = appendIndian(b, u/100)
	if f := u % 100; f != 0 {
		b = append(b, '.', byte('0'+f/10), byte('0'+f%10))
	}
	return string(b)
}

// Count writes a whole number in Indian grouping: "1,20,100".
func Count(n int) string {
	if n < 0 {
		return "-" + string(appendIndian(nil, uint64(-n)))
	}
	return string(appendIndian(nil, uint64(n)))
}

// Indian writes the amount in Indian grouping with exactly two decimals: "12,34,567.89",
// "-1,000.00", "0.00". Prefix "₹" for a sentence.
func (p Paise) Indian() string {
	u, neg := p.abs()
	var buf [40]byte
	b := buf[:0]
	if neg {
		b = append(b, '-')
	}
	b = appendIndian(b, u/100)
	f := u % 100
	b = append(b, '.', byte('0'+f/10), byte('0'+f%10))
	return string(b)
}

// Decimal writes the amount as rupees with exactly two decimals and no grouping: "1234.50",
// "-0.05", "0.00", as CSV files and registers want it.
func (p Paise) Decimal() string {
	var buf [24]byte
	return string(p.AppendDecimal(buf[:0]))
}

// AppendDecimal appends the Decimal form of the amount to b.
func (p Paise) AppendDecimal(b []byte) []byte {
	u, neg := p.abs()
	if neg {
		b = append(b, '-')
	}
	b = strconv.AppendUint(b, u/100, 10)
	f := u % 100
	return append(b, '.', byte('0'+f/10), byte('0'+f%10))
}

// Number writes the amount as rupees in the shortest plain decimal: "1234.5", "18", "-0.05",
// as a JSON number of rupees (the GST service's and the remote calculator's form).
func (p Paise) Number() string {
	var buf [24]byte
	return string(p.AppendNumber(buf[:0]))
}

// AppendNumber appends the Number form of the amount to b.
func (p Paise) AppendNumber(b []byte) []byte {
	u, neg := p.abs()
	if neg {
		b = append(b, '-')
	}
	b = strconv.AppendUint(b, u/100, 10)
	switch f := u % 100; {
	case f == 0:
	case f%10 == 0:
		b = append(b, '.', byte('0'+f/10))
	default:
		b = append(b, '.', byte('0'+f/10), byte('0'+f%10))
	}
	return b
}

// appendIndian appends n with lakh/crore grouping: the last three digits, then pairs.
func appendIndian(b []byte, n uint64) []byte {
	var d [20]byte
	s := strconv.AppendUint(d[:0], n, 10)
	if len(s) <= 3 {
		return append(b, s...)
	}
	head, tail := s[:len(s)-3], s[len(s)-3:]
	for i := range len(head) {
		if i > 0 && (len(head)-i)%2 == 0 {
			b = append(b, ',')
		}
		b = append(b, head[i])
	}
	b = append(b, ',')
	return append(b, tail...)
}
