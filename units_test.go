package main

import (
	"encoding/json"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gstdesk/backend/money"
)

// Units (docs/RELIABILITY.md): every amount the window reads over the bridge is a money.Paise,
// which goes out as rupees with two decimals. This walks every type a bound method takes or
// returns and names each number field whose JSON name says it is an amount but whose Go type is
// a plain number (paise or rupees left to the reader to guess). A field in paise on purpose ends
// in _paise; whole rupees of the tax engine are listed in wholeRupees.
var (
	bridgeAmount = regexp.MustCompile(`(^|_)(amount|tax|igst|cgst|sgst|cess|value|taxable|txval|val|exempt|received|salary|share|rupees|at_risk|reclaim|itc|paid|gross|income|deducted|payable|relief|surcharge|difference|diff|tolerance|rent|net|figure|reduction|declared|opening|closing|balance|hra|credit|liability|tds|perquisites|profits|saving|remaining)($|_)`)
	bridgeCount  = regexp.MustCompile(`(^|_)(count|counts|days|day|points|score|pct|percent|rate|rates|rt|months|documents|docs|invoices|suppliers|rows|lines|files|seq|id|version|lag|num|number|flags|pairs|items|employees|bytes|seconds|calls)($|_)`)
)

// wholeRupees are the packages of the salary TDS engine, whose income and tax figures are whole
// rupees (rounded as s.288A and s.288B say) held in plain integers: the one exception left, named
// in docs/RELIABILITY.md (Units). Their money.Paise fields (salary components, HRA, explanation
// lines) are rupees with two decimals like every other.
var wholeRupees = map[string]bool{"gstdesk/backend/tds": true, "gstdesk/backend/payroll": true, "gstdesk/backend/tdsyear": true}

// settingsInRupees are settings a person types in rupees (a float the window sends and reads back).
var settingsInRupees = map[string]bool{"config.Settings.AmountTolerance": true}

var (
	paiseT     = reflect.TypeOf(money.Paise(0))
	marshalerT = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
)

func TestBridgeAmountsAreMoney(t *testing.T) {
	seen := map[reflect.Type]bool{}
	bad := map[string]bool{}
	var walk func(t reflect.Type, where string)
	walk = func(t reflect.Type, where string) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t.Implements(marshalerT) {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if f.Anonymous && name == "" {
				walk(f.Type, where)
				continue
			}
			if name == "" {
				name = f.Name
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array || ft.Kind() == reflect.Map {
				ft = ft.Elem()
			}
			switch ft.Kind() {
			case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
				if ft != paiseT && bridgeAmount.MatchString(name) && !bridgeCount.MatchString(name) && !wholeRupees[t.PkgPath()] &&
					!settingsInRupees[t.String()+"."+f.Name] &&
					!strings.HasSuffix(name, "_paise") && !strings.HasSuffix(name, "_rupees") {
					bad[t.String()+"."+f.Name+" ("+name+" "+ft.String()+")"] = true
				}
			default:
				walk(f.Type, where)
			}
		}
	}
	a := NewApp(nil)
	for _, b := range a.Bindings() {
		bt := reflect.TypeOf(b)
		for i := range bt.NumMethod() {
			m := bt.Method(i)
			for j := 1; j < m.Type.NumIn(); j++ {
				walk(m.Type.In(j), m.Name)
			}
			for j := range m.Type.NumOut() {
				walk(m.Type.Out(j), m.Name)
			}
		}
	}
	var list []string
	for k := range bad {
		list = append(list, k)
	}
	sort.Strings(list)
	for _, k := range list {
		t.Errorf("an amount on the bridge is a plain number, not money.Paise: %s", k)
	}
	if len(seen) < 50 {
		t.Fatalf("walked only %d types: the bindings were not found", len(seen))
	}
}
