package gstr2a

import (
	"context"
	"fmt"
	"strconv"
)

// An invoice's line items are stored in its row, in the `items` column, as a JSON array with one
// array per item in the order given:
//
//	[[num, rt, txval, iamt, camt, samt, csamt], ...]
//
// Amounts are paise, rates hundredths; a tax amount the service omitted is null. One text value
// per invoice instead of one row per item is what brings the ingest of 100,000 invoices under
// 2 s (issue 4). SQL still sees the items one row each through the `gstr2a_items` view
// (json_each over this column), and through json_each in the rate filter.

// appendItemsJSON appends the items column of items to dst.
func appendItemsJSON(dst []byte, items []Item) []byte {
	dst = append(dst, '[')
	for i := range items {
		it := &items[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, it.Num, 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(it.Detail.Rate), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(it.Detail.Taxable), 10)
		for _, p := range [4]*Paise{it.Detail.IGST, it.Detail.CGST, it.Detail.SGST, it.Detail.Cess} {
			dst = append(dst, ',')
			if p == nil {
				dst = append(dst, "null"...)
			} else {
				dst = strconv.AppendInt(dst, int64(*p), 10)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

// parseItemsJSON reads an items column written by appendItemsJSON (whitespace between tokens is
// allowed, as SQLite's json functions may write it). Anything else is an error, never a panic.
func parseItemsJSON(s []byte) ([]Item, error) {
	p := itemsParser{s: s}
	out := []Item{}
	p.space()
	if !p.eat('[') {
		return nil, p.fail("expected '['")
	}
	p.space()
	if p.eat(']') {
		return out, p.end()
	}
	for {
		p.space()
		if !p.eat('[') {
			return nil, p.fail("expected '[' to open an item")
		}
		var it Item
		var vals [7]*int64
		for f := 0; f < 7; f++ {
			p.space()
			if f > 0 {
				if !p.eat(',') {
					return nil, p.fail("expected ',' between an item's 7 values")
				}
				p.space()
			}
			v, null, err := p.value()
			if err != nil {
				return nil, err
			}
			if null {
				if f < 3 {
					return nil, p.fail("num, rt and txval cannot be null")
				}
				continue
			}
			vals[f] = &v
		}
		p.space()
		if !p.eat(']') {
			return nil, p.fail("expected ']' after an item's 7 values")
		}
		it.Num, it.Detail.Rate, it.Detail.Taxable = *vals[0], Rate(*vals[1]), Paise(*vals[2])
		amt := func(v *int64) *Paise {
			if v == nil {
				return nil
			}
			p := Paise(*v)
			return &p
		}
		it.Detail.IGST, it.Detail.CGST, it.Detail.SGST, it.Detail.Cess = amt(vals[3]), amt(vals[4]), amt(vals[5]), amt(vals[6])
		out = append(out, it)
		p.space()
		if p.eat(']') {
			return out, p.end()
		}
		if !p.eat(',') {
			return nil, p.fail("expected ',' or ']' after an item")
		}
	}
}

type itemsParser struct {
	s []byte
	i int
}

func (p *itemsParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *itemsParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *itemsParser) end() error {
	p.space()
	if p.i != len(p.s) {
		return p.fail("unexpected text after the items")
	}
	return nil
}

func (p *itemsParser) fail(msg string) error {
	return fmt.Errorf("gstr2a: stored line items: %s at byte %d", msg, p.i)
}

// value reads an integer or null.
func (p *itemsParser) value() (int64, bool, error) {
	if len(p.s)-p.i >= 4 && string(p.s[p.i:p.i+4]) == "null" {
		p.i += 4
		return 0, true, nil
	}
	start := p.i
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
	}
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	v, err := strconv.ParseInt(string(p.s[start:p.i]), 10, 64)
	if err != nil {
		p.i = start
		return 0, false, p.fail("expected a whole number or null")
	}
	return v, false, nil
}

// eachItems calls fn with the line items of every invoice whose id is in [lo, hi], in id order.
func eachItems(ctx context.Context, db querier, lo, hi int64, fn func(id int64, items []Item) error) error {
	rows, err := db.QueryContext(ctx, `SELECT id, items FROM gstr2a_invoices WHERE id BETWEEN ? AND ? ORDER BY id`, lo, hi)
	if err != nil {
		return fmt.Errorf("gstr2a: read line items: %w", err)
	}
	defer rows.Close()
	var raw []byte
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &raw); err != nil {
			return fmt.Errorf("gstr2a: read line items: %w", err)
		}
		items, err := parseItemsJSON(raw)
		if err != nil {
			return fmt.Errorf("invoice %d: %w", id, err)
		}
		if err := fn(id, items); err != nil {
			return err
		}
	}
	return rows.Err()
}
