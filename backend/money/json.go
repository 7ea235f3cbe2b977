package money

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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
)

// restate decodes data, rewrites the number at every place v's type t holds a Paise with conv,
// and encodes the result. A type with its own JSON methods (other than Paise) is left as it is.
func restate(data []byte, t reflect.Type, conv func(json.Number) (json.Number, error)) ([]byte, error) {
	if !holdsPaise(t, map[reflect.Type]bool{}) {
		return data, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	tree, err := walk(tree, t, conv)
	if err != nil {
		return nil, err
	}
	return json.Marshal(tree)
}

// holdsPaise says whether a value of type t can hold a Paise that restate would reach.
func holdsPaise(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == nil {
		return false
	}
	if t == paiseType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return !opaque(t) && holdsPaise(t.Elem(), seen)
	case reflect.Struct:
		if opaque(t) {
			return false
		}
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() || f.Anonymous {
				if holdsPaise(f.Type, seen) {
					return true
				}
			}
		}
	}
	return false
}

// opaque says t writes or reads itself (it has its own JSON methods).
func opaque(t reflect.Type) bool {
	return t != paiseType && (t.Implements(marshaler) || t.Implements(unmarshaler) ||
		reflect.PointerTo(t).Implements(unmarshaler) || reflect.PointerTo(t).Implements(marshaler))
}

func walk(v any, t reflect.Type, conv func(json.Number) (json.Number, error)) (any, error) {
	for t.Kind() == reflect.Pointer && t != paiseType {
		t = t.Elem()
	}
	if v == nil {
		return nil, nil
	}
	if t == paiseType {
		switch n := v.(type) {
		case json.Number:
			return conv(n)
		case string: // written as text: read as a number the same way
			return conv(json.Number(strings.TrimSpace(n)))
		}
		return v, nil
	}
	if opaque(t) {
		return v, nil
	}
	var err error
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if l, ok := v.([]any); ok {
			for i := range l {
				if l[i], err = walk(l[i], t.Elem(), conv); err != nil {
					return nil, err
				}
			}
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok {
			for k := range m {
				if m[k], err = walk(m[k], t.Elem(), conv); err != nil {
					return nil, err
				}
			}
		}
	case reflect.Struct:
		if m, ok := v.(map[string]any); ok {
			if err := walkFields(m, t, conv); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// walkFields rewrites the fields of struct type t in m, by their JSON names (embedded structs
// without a name give their fields to the outer object, as encoding/json does).
func walkFields(m map[string]any, t reflect.Type, conv func(json.Number) (json.Number, error)) error {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct && !opaque(et) {
				if err := walkFields(m, et, conv); err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		key, ok := name, false
		if _, ok = m[key]; !ok {
			for k := range m {
				if strings.EqualFold(k, name) {
					key, ok = k, true
					break
				}
			}
		}
		if !ok {
			continue
		}
		var err error
		if m[key], err = walk(m[key], ft, conv); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}
