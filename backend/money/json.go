package money

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// MarshalJSON writes the amount as a JSON number of rupees with exactly two decimals: 1800.00,
// -0.50, 0.00. It is the one form of an amount on every face (command line, window, exports).
func (p Paise) MarshalJSON() ([]byte, error) { return p.AppendDecimal(nil), nil }

// UnmarshalJSON reads rupees: a JSON number (1500, 1500.5, 1.5e3) or a string Parse reads
// ("1,500.00"); null is zero. A person, a script and the window always write rupees (JavaScript
// writes 1500.00 as 1500). Amounts gstdesk itself stored as integer paise are read with
// UnmarshalStored, never with this.
func (p *Paise) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	} else if len(b) == 0 || b[0] == '{' || b[0] == '[' || b[0] == 't' || b[0] == 'f' {
		return fmt.Errorf("money: %s is not an amount", b)
	}
	v, err := ParseBytes(b)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// MarshalStored writes v as JSON with every Paise in it (at any depth of structs, pointers,
// slices, arrays and maps) as its integer number of paise: the form gstdesk's own stored blobs
// have always had, so that a blob written by an earlier version and one written now read back
// alike. It is for the database only; no person or script reads this form.
func MarshalStored(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return restate(b, reflect.TypeOf(v), func(n json.Number) (json.Number, error) {
		p, err := ParseBytes([]byte(n))
		if err != nil {
			return n, err
		}
		return json.Number(fmt.Sprint(int64(p))), nil
	})
}

// UnmarshalStored reads JSON written by MarshalStored (or by json.Marshal before amounts were
// written in rupees) into v: every Paise in v's type is read as an integer number of paise.
func UnmarshalStored(data []byte, v any) error {
	b, err := restate(data, reflect.TypeOf(v), func(n json.Number) (json.Number, error) {
		p, err := n.Int64()
		if err != nil {
			f, ferr := n.Float64() // 1.5e3 or 1500.0: still a whole number of paise
			if ferr != nil || f != float64(int64(f)) {
				return n, fmt.Errorf("money: stored amount %s is not a whole number of paise", n)
			}
			p = int64(f)
		}
		return json.Number(Paise(p).Decimal()), nil
	})
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

var (
	paiseType   = reflect.TypeOf(Paise(0))
	marshaler   = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	unmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	plans       sync.Map // reflect.Type → *plan (nil: holds no Paise)
)

// plan is where a type holds Paise, by JSON name: the parts that cannot hold one are left out, so
// restate touches only the numbers it rewrites.
type plan struct {
	paise  bool
	elem   *plan // slice, array or map (values); a pointer has its value's plan
	fields []fieldPlan
}

type fieldPlan struct {
	name string
	plan *plan
}

// restate decodes data, rewrites the number at every place v's type t holds a Paise with conv,
// and encodes the result. A type with its own JSON methods (other than Paise) is left as it is.
func restate(data []byte, t reflect.Type, conv func(json.Number) (json.Number, error)) ([]byte, error) {
	p := planOf(t)
	if p == nil {
		return data, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	tree, err := walk(tree, p, conv)
	if err != nil {
		return nil, err
	}
	return json.Marshal(tree)
}

func planOf(t reflect.Type) *plan {
	if t == nil {
		return nil
	}
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := build(t, map[reflect.Type]*plan{})
	plans.Store(t, p)
	return p
}

// build makes t's plan; busy holds the plans being built, for types that hold themselves.
func build(t reflect.Type, busy map[reflect.Type]*plan) *plan {
	if t == paiseType {
		return &plan{paise: true}
	}
	if p, ok := busy[t]; ok {
		return p
	}
	if t.Kind() == reflect.Pointer { // a pointer is its value in JSON
		return build(t.Elem(), busy)
	}
	if opaque(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		p := &plan{}
		busy[t] = p
		if p.elem = build(t.Elem(), busy); p.elem == nil {
			return nil
		}
		return p
	case reflect.Struct:
		p := &plan{}
		busy[t] = p
		p.fields = structFields(t, busy)
		if len(p.fields) == 0 {
			return nil
		}
		return p
	}
	return nil
}

// structFields are the fields of struct type t that hold Paise, by their JSON names (embedded
// structs without a name give their fields to the outer object, as encoding/json does).
func structFields(t reflect.Type, busy map[reflect.Type]*plan) []fieldPlan {
	var out []fieldPlan
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct && !opaque(et) {
				out = append(out, structFields(et, busy)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if fp := build(f.Type, busy); fp != nil {
			out = append(out, fieldPlan{name, fp})
		}
	}
	return out
}

// opaque says t writes or reads itself (it has its own JSON methods).
func opaque(t reflect.Type) bool {
	return t != paiseType && (t.Implements(marshaler) || t.Implements(unmarshaler) ||
		reflect.PointerTo(t).Implements(unmarshaler) || reflect.PointerTo(t).Implements(marshaler))
}

func walk(v any, p *plan, conv func(json.Number) (json.Number, error)) (any, error) {
	if v == nil || p == nil {
		return v, nil
	}
	if p.paise {
		switch n := v.(type) {
		case json.Number:
			return conv(n)
		case string: // written as text: read as a number the same way
			return conv(json.Number(strings.TrimSpace(n)))
		}
		return v, nil
	}
	var err error
	switch x := v.(type) {
	case []any:
		if p.elem != nil {
			for i := range x {
				if x[i], err = walk(x[i], p.elem, conv); err != nil {
					return nil, err
				}
			}
		}
	case map[string]any:
		if p.fields != nil {
			for _, f := range p.fields {
				key, ok := f.name, false
				if _, ok = x[key]; !ok {
					for k := range x {
						if strings.EqualFold(k, f.name) {
							key, ok = k, true
							break
						}
					}
				}
				if ok {
					if x[key], err = walk(x[key], f.plan, conv); err != nil {
						return nil, fmt.Errorf("%s: %w", f.name, err)
					}
				}
			}
		} else if p.elem != nil {
			for k := range x {
				if x[k], err = walk(x[k], p.elem, conv); err != nil {
					return nil, err
				}
			}
		}
	}
	return v, nil
}
