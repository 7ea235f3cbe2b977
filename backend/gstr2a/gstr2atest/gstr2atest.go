// Package gstr2atest makes GSTR-2A answers for tests and benchmarks: a deterministic listing of
// any size, in the shape the GST portal sends (what gstr2a.Parse and gstr2a.Ingest read). It lives
// apart from package gstr2a so that other packages' tests and benchmarks (backup's replication
// benchmark) can ingest the same data as gstr2a's own.
package gstr2atest

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"gstdesk/backend/money"
)

// GSTIN builds a well-shaped GSTIN for supplier i (check character not computed: the listing
// parser checks the shape only).
func GSTIN(i int) string {
	states := []string{"27", "29", "07", "24", "33", "09", "19", "06"}
	return fmt.Sprintf("%sAAB%c%c%04d%c1Z%c", states[i%len(states)], 'A'+rune(i/26%26), 'A'+rune(i%26), i%10000, 'A'+rune(i/7%26), 'A'+rune(i%26))
}

// Listing builds a deterministic GSTR-2A answer with n invoices spread over suppliers
// (about 50 invoices each), 1-3 items per invoice (2 on average), some e-invoices, reverse charge
// and SEZ invoices, omitted tax fields, non-filers and a cancelled supplier.
func Listing(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	rates := []int{5, 12, 18, 28, 18, 18}
	var b bytes.Buffer
	b.Grow(n * 360)
	b.WriteString(`{"b2b":[`)
	nsup := max(1, n/50)
	inv := 0
	for s := 0; s < nsup; s++ {
		count := n / nsup
		if s < n%nsup {
			count++
		}
		if s > 0 {
			b.WriteByte(',')
		}
		gstin := GSTIN(s)
		cfs := "Y"
		if s%7 == 3 {
			cfs = "N"
		}
		cfs3b := "Y"
		if s%5 == 4 {
			cfs3b = "N"
		}
		fmt.Fprintf(&b, `{"cfs":%q,"cfs3b":%q,"ctin":%q,`, cfs, cfs3b, gstin)
		if s%97 == 13 {
			b.WriteString(`"dtcancel":"15-03-2024",`)
		}
		fmt.Fprintf(&b, `"fldtr1":"%02d-Feb-24","flprdr1":"Jan-24","inv":[`, 1+s%28)
		for k := 0; k < count; k++ {
			if k > 0 {
				b.WriteByte(',')
			}
			inv++
			intra := gstin[:2] == "27"
			fmt.Fprintf(&b, `{"chksum":"%064x","idt":"%02d-01-2024","inum":"INV/%d/%05d",`, r.Uint64(), 1+r.IntN(31), s, k+1)
			typ := "R"
			switch {
			case inv%53 == 0:
				typ = "SEZWP"
			case inv%71 == 0:
				typ = "DE"
			}
			fmt.Fprintf(&b, `"inv_typ":%q,`, typ)
			if inv%3 == 0 {
				fmt.Fprintf(&b, `"irn":"%064x","irngendate":"%02d-01-2024","srctyp":"e-Invoice",`, r.Uint64(), 1+r.IntN(28))
			}
			if inv%41 == 0 {
				b.WriteString(`"diff_percent":0.65,`)
			}
			b.WriteString(`"itms":[`)
			items := 1 + r.IntN(3)
			var val int64
			for t := 0; t < items; t++ {
				if t > 0 {
					b.WriteByte(',')
				}
				rt := rates[r.IntN(len(rates))]
				tx := int64(r.IntN(5_000_000)) + 100 // paise
				tax := tx * int64(rt) / 100
				val += tx + tax
				b.WriteString(`{"itm_det":{`)
				if intra {
					half := tax / 2
					fmt.Fprintf(&b, `"camt":%s,`, money.Paise(half).Number())
					if inv%11 == 0 {
						fmt.Fprintf(&b, `"csamt":%s,`, money.Paise(tx/100).Number())
						val += tx / 100
					}
					fmt.Fprintf(&b, `"rt":%d,"samt":%s,`, rt, money.Paise(half).Number())
					val -= tax - 2*half
				} else {
					fmt.Fprintf(&b, `"iamt":%s,"rt":%d,`, money.Paise(tax).Number(), rt)
				}
				fmt.Fprintf(&b, `"txval":%s},"num":%d}`, money.Paise(tx).Number(), (t+1)*100+1)
			}
			rchrg := "N"
			if inv%29 == 0 {
				rchrg = "Y"
			}
			pos := "27"
			if inv%13 == 0 {
				pos = "29"
			}
			fmt.Fprintf(&b, `],"pos":%q,"rchrg":%q,"val":%s}`, pos, rchrg, money.Paise(val).Number())
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}
