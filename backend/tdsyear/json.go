package tdsyear

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/payroll"
)

// ReadFile reads a month file: CSV or XLSX with the template's headers and the month's own
// columns, or JSON as an array of objects keyed by the same headers (one object per employee;
// record n is reported as row n+1, as if the keys were a header row).
func ReadFile(ctx context.Context, name string, data []byte, limits payroll.Limits) (*payroll.Import, error) {
	head := data[:min(len(data), 512)]
	f, err := payroll.DetectFormat(name, head)
	if err != nil {
		return nil, err
	}
	if f == payroll.JSON {
		if data, err = jsonToCSV(name, data); err != nil {
			return nil, err
		}
		f = payroll.CSV
	}
	im, err := payroll.Read(ctx, name, bytes.NewReader(data), int64(len(data)), payroll.Options{Format: f, Own: Columns, Limits: limits})
	if err != nil {
		return nil, err
	}
	return im, nil
}

// jsonToCSV writes an array of flat JSON objects as CSV: the keys in the template's order, then
// the others by name.
func jsonToCSV(name string, data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	dec.UseNumber()
	var recs []map[string]any
	if err := dec.Decode(&recs); err != nil {
		return nil, apperr.New(apperr.Invalid, "%s is not a JSON array of employees (one object per employee, keyed by the template's headers): %v.", name, err)
	}
	order := map[string]int{}
	for i, t := range payroll.Targets() {
		order[t.Key] = i
	}
	for i, c := range Columns {
		order[c.Key] = 1000 + i
	}
	seen := map[string]bool{}
	var keys []string
	for n, r := range recs {
		for k, v := range r {
			switch v.(type) {
			case map[string]any, []any:
				return nil, apperr.New(apperr.Invalid, "%s, employee %d: %q holds an object or a list; give a number or text.", name, n+1, k)
			}
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, iok := order[keys[i]]
		oj, jok := order[keys[j]]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return keys[i] < keys[j]
	})
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(keys)
	row := make([]string, len(keys))
	for _, r := range recs {
		for i, k := range keys {
			switch v := r[k].(type) {
			case nil:
				row[i] = ""
			case string:
				row[i] = v
			case json.Number:
				row[i] = v.String()
			case bool:
				row[i] = fmt.Sprint(v)
			}
		}
		w.Write(row)
	}
	w.Flush()
	if strings.TrimSpace(b.String()) == "" {
		return nil, apperr.New(apperr.Invalid, "%s has no employees.", name)
	}
	return b.Bytes(), w.Error()
}
