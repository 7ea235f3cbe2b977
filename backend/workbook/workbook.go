// Package workbook reads and writes the salary TDS workbook of interface.md 2.8: the request body
// of operation 4.8 (one sheet salary_details_list of [key, value] items) and its response (the
// new- and old-regime sheets). Items keep their order and their exact original values, so an
// answer echoes the input byte for byte.
package workbook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/tds"
)

// Names used on the wire.
const (
	WorkbookName   = "tds_on_salary"
	EntityWorkbook = "workbook"
	EntityList     = "list"
	InputSheet     = "salary_details_list"
	NewRegimeSheet = "salary_details_new_regime_list"
	OldRegimeSheet = "salary_details_old_regime_list"
)

// ResultKeys are the five pairs each output sheet adds after the input pairs, in order.
var ResultKeys = []string{"income_tax_payable", "surcharge", "health_and_education_cess", "tds_on_salary", "relief_us_87_a"}

// Item is one [key, value] pair. Value is a string or a json.Number holding the number exactly
// as it was written.
type Item struct {
	Key   string
	Value any
}

// Sheet is one list of items.
type Sheet struct {
	Name   string
	Entity string
	Items  []Item
}

// Workbook is a salary TDS workbook, input or output.
type Workbook struct {
	Name   string
	Entity string
	Sheets []Sheet
}

// Sheet finds a sheet by name.
func (w *Workbook) Sheet(name string) (*Sheet, bool) {
	for i := range w.Sheets {
		if w.Sheets[i].Name == name {
			return &w.Sheets[i], true
		}
	}
	return nil, false
}

// Items returns the items of the input sheet salary_details_list.
func (w *Workbook) Items() ([]Item, error) {
	s, ok := w.Sheet(InputSheet)
	if !ok {
		names := make([]string, len(w.Sheets))
		for i, s := range w.Sheets {
			names[i] = strconv.Quote(s.Name)
		}
		found := "it has no sheets"
		if len(names) > 0 {
			found = "it has " + strings.Join(names, ", ")
		}
		return nil, apperr.New(apperr.Invalid, "The workbook has no sheet %q (%s): put the employee's items in a sheet named %s.", InputSheet, found, InputSheet)
	}
	return s.Items, nil
}

// TDSItems converts items to the engine's form.
func TDSItems(items []Item) []tds.Item {
	out := make([]tds.Item, len(items))
	for i, it := range items {
		switch v := it.Value.(type) {
		case json.Number:
			out[i] = tds.Item{Key: it.Key, Value: string(v), Number: true}
		case string:
			out[i] = tds.Item{Key: it.Key, Value: v}
		default:
			out[i] = tds.Item{Key: it.Key, Value: fmt.Sprint(v)}
		}
	}
	return out
}

// Input reads the employee's input from the workbook: the tds.Input, warnings for missing items,
// and an error naming every invalid item.
func (w *Workbook) Input() (tds.Input, []string, error) {
	items, err := w.Items()
	if err != nil {
		return tds.Input{}, nil, err
	}
	return tds.ParseItems(TDSItems(items))
}

// Response builds the answer of operation 4.8: both regime sheets, each echoing the input items
// in order and then the five figures of its regime.
func Response(items []Item, res tds.Result) Workbook {
	sheet := func(name string, f tds.Figures) Sheet {
		s := Sheet{Name: name, Entity: EntityList, Items: make([]Item, 0, len(items)+len(ResultKeys))}
		s.Items = append(s.Items, items...)
		for i, v := range []int64{f.IncomeTaxPayable, f.Surcharge, f.Cess, f.TDSOnSalary, f.Relief87A} {
			s.Items = append(s.Items, Item{Key: ResultKeys[i], Value: json.Number(strconv.FormatInt(v, 10))})
		}
		return s
	}
	return Workbook{Name: WorkbookName, Entity: EntityWorkbook, Sheets: []Sheet{
		sheet(NewRegimeSheet, res.New.Figures),
		sheet(OldRegimeSheet, res.Old.Figures),
	}}
}

// Calculate reads an input workbook, computes both regimes for fy and returns the response
// workbook, the full result (for recommendations and explanations) and any warnings.
func Calculate(w *Workbook, fy tds.FY) (Workbook, tds.Result, []string, error) {
	items, err := w.Items()
	if err != nil {
		return Workbook{}, tds.Result{}, nil, err
	}
	in, warns, err := tds.ParseItems(TDSItems(items))
	if err != nil {
		return Workbook{}, tds.Result{}, warns, err
	}
	res, err := tds.Compute(in, fy)
	if err != nil {
		return Workbook{}, tds.Result{}, warns, err
	}
	return Response(items, res), res, warns, nil
}

// MarshalJSON writes the workbook compactly with keys in the order name, @entity, sheets (and
// name, @entity, items for each sheet); the same workbook always gives the same bytes.
func (w Workbook) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := w.appendJSON(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeString(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s) // a string always marshals
	b.Write(q)
}

func (w Workbook) appendJSON(b *bytes.Buffer) error {
	b.WriteString(`{"name":`)
	writeString(b, w.Name)
	b.WriteString(`,"@entity":`)
	writeString(b, w.Entity)
	b.WriteString(`,"sheets":[`)
	for si, s := range w.Sheets {
		if si > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":`)
		writeString(b, s.Name)
		b.WriteString(`,"@entity":`)
		writeString(b, s.Entity)
		b.WriteString(`,"items":[`)
		for ii, it := range s.Items {
			if ii > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('[')
			writeString(b, it.Key)
			b.WriteByte(',')
			switch v := it.Value.(type) {
			case string:
				writeString(b, v)
			case json.Number:
				if !isJSONNumber(string(v)) {
					return fmt.Errorf("workbook: item %q: %q is not a JSON number", it.Key, string(v))
				}
				b.WriteString(string(v))
			default:
				return fmt.Errorf("workbook: item %q: value of type %T is neither a string nor a number", it.Key, it.Value)
			}
			b.WriteByte(']')
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return nil
}

func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil && s[0] != '"'
}

// UnmarshalJSON reads a workbook in either form: sheets[].items or sheets[].blocks[].items.
func (w *Workbook) UnmarshalJSON(data []byte) error {
	got, err := parse(data)
	if err != nil {
		return err
	}
	*w = got
	return nil
}
