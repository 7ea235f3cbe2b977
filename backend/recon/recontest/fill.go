// Package recontest holds helpers for the tests of the packages that store reconciliation rows.
package recontest

import "reflect"

// FillAll sets every exported field of the struct ptr points to, recursively: strings to s (with
// the field's name appended, so fields differ), bools to true, integers to n (plus a step per
// field), pointers to a new filled value and slices to two filled elements. A test comparing an
// appender with encoding/json on a filled value fails when a field is added and the appender
// does not write it.
func FillAll(ptr any, s string, n int64) {
	fill(reflect.ValueOf(ptr).Elem(), s, n)
}

func fill(v reflect.Value, s string, n int64) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(n)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), s, n)
		v.Set(p)
	case reflect.Slice:
		sl := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(sl.Index(i), s+string(rune('a'+i)), n+int64(i))
		}
		v.Set(sl)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				fill(v.Field(i), s+f.Name, n+int64(i)*37)
			}
		}
	}
}
