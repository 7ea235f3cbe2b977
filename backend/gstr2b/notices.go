package gstr2b

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// noticer gathers a return's notices, each said once: the first place it was seen and how many
// times.
type noticer struct {
	keys []string
	m    map[string]*notice
}

type notice struct {
	text, first string
	n           int
}

// add counts one occurrence of the notice key (its text given), seen at where ("" for the return).
func (ns *noticer) add(key, text, where string) {
	if ns.m == nil {
		ns.m = map[string]*notice{}
	}
	if n, ok := ns.m[key]; ok {
		n.n++
		return
	}
	ns.m[key] = &notice{text: text, first: where, n: 1}
	ns.keys = append(ns.keys, key)
}

// list is the notices in the order first seen, each with where it was seen.
func (ns *noticer) list() []string {
	out := make([]string, 0, len(ns.keys))
	for _, k := range ns.keys {
		n := ns.m[k]
		s := n.text
		switch {
		case n.first != "" && n.n == 1:
			s += " At " + n.first + "."
		case n.first != "":
			s += fmt.Sprintf(" %d times; the first at %s.", n.n, n.first)
		case n.n > 1:
			s += fmt.Sprintf(" (%d times.)", n.n)
		}
		out = append(out, s)
	}
	return out
}

// unknownKey names a key gstdesk does not read, once for its path (indexes written []).
func unknownKey(ns *noticer, path string) {
	ns.add("key:"+path, fmt.Sprintf("The return has %s, which gstdesk does not read; it is kept in the stored answer.", path), "")
}

// Keys gstdesk reads, at each level of a return.
var (
	topKeys      = keySet("gstin", "rtnprd", "version", "gendt", "fc", "itcsumm", "cpsumm", "docdata", "docRejdata", "cpSummRej")
	sectionKeys  = keySet(append(append([]string{}, Sections...), "itcrev")...)
	revKeys      = keySet(revSections...)
	supplierKeys = keySet("ctin", "trdnm", "supfildt", "supprd", "inv", "nt", "doclist", "boe")
	docKeys      = tagSet(reflect.TypeOf(docJSON{}))
	itemKeys     = tagSet(reflect.TypeOf(itemJSON{}))
)

func keySet(keys ...string) []string { return keys }

func tagSet(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if tag := strings.Split(t.Field(i).Tag.Get("json"), ",")[0]; tag != "" && tag != "-" {
			out = append(out, tag)
		}
	}
	sort.Strings(out)
	return out
}

// known says whether k is one of keys, matched as encoding/json matches a key to a field (exactly,
// else without regard to case), so a key the typed reading takes is never named unknown.
func known(keys []string, k string) bool {
	for _, x := range keys {
		if x == k || strings.EqualFold(x, k) {
			return true
		}
	}
	return false
}

// unknownKeys names every key of the return's data object gstdesk does not read: at the top, in
// docdata and docRejdata (sections, itcrev's sub-sections, supplier entries, documents, items).
// itcsumm, cpsumm and cpSummRej are looked through as they are read (summary.go). data has been
// read already (valid JSON).
func unknownKeys(data []byte, ns *noticer) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return
	}
	for _, k := range sortedKeys(top) {
		if !known(topKeys, k) {
			unknownKey(ns, "data."+k)
			continue
		}
		if strings.EqualFold(k, "docdata") || strings.EqualFold(k, "docRejdata") {
			walkSections("data."+k, top[k], ns)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func walkSections(path string, raw json.RawMessage, ns *noticer) {
	var secs map[string]json.RawMessage
	if json.Unmarshal(raw, &secs) != nil {
		return
	}
	for _, sec := range sortedKeys(secs) {
		p := path + "." + sec
		switch {
		case !known(sectionKeys, sec):
			unknownKey(ns, p)
		case strings.EqualFold(sec, "itcrev"):
			var entries []map[string]json.RawMessage
			if json.Unmarshal(secs[sec], &entries) != nil {
				continue
			}
			for _, e := range entries {
				for _, sub := range sortedKeys(e) {
					if !known(revKeys, sub) {
						unknownKey(ns, p+"[]."+sub)
						continue
					}
					walkList(p+"[]."+sub+"[]", e[sub], supplierKeys, ns, walkSupplier)
				}
			}
		case strings.EqualFold(sec, "impg"):
			walkList(p+"[]", secs[sec], docKeys, ns, walkDoc)
		default:
			walkList(p+"[]", secs[sec], supplierKeys, ns, walkSupplier)
		}
	}
}

// walkList looks at each object of a list: keys not in keys are named, and inner lets the caller
// look deeper into each.
func walkList(path string, raw json.RawMessage, keys []string, ns *noticer, inner func(string, map[string]json.RawMessage, *noticer)) {
	var list []map[string]json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return
	}
	for _, o := range list {
		for _, k := range sortedKeys(o) {
			if !known(keys, k) {
				unknownKey(ns, path+"."+k)
			}
		}
		if inner != nil {
			inner(path, o, ns)
		}
	}
}

func walkSupplier(path string, o map[string]json.RawMessage, ns *noticer) {
	for _, k := range sortedKeys(o) {
		if known([]string{"inv", "nt", "doclist", "boe"}, k) {
			walkList(path+"."+k+"[]", o[k], docKeys, ns, walkDoc)
		}
	}
}

func walkDoc(path string, o map[string]json.RawMessage, ns *noticer) {
	for _, k := range sortedKeys(o) {
		if strings.EqualFold(k, "items") {
			walkList(path+"."+k+"[]", o[k], itemKeys, ns, nil)
		}
	}
}
