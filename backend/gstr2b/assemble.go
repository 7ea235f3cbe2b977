package gstr2b

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"gstdesk/backend/apperr"
)

// Assemble puts a GSTR-2B sent in file_number pages back together: the summary answer (first:
// {"chksum", "data": {gstin, rtnprd, gendt, itcsumm, cpsumm, fc}}) and each page's data.data
// ({"chksum", "data": {docdata, docRejdata, gstin, rtnprd}}) make one return in the shape of the
// portal file, each section's list the concatenation of the pages' lists in page order. Every page
// must be of the summary's GSTIN and period and carry documents; the result has no fc.
func Assemble(first []byte, pages [][]byte) ([]byte, error) {
	if len(pages) == 0 {
		return first, nil
	}
	fail := func(fe *FieldError) error { return FromService.fail(fe) }
	head, chk, err := unwrap(first, FromService)
	if err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(head, &top); err != nil {
		return nil, fail(&FieldError{Part: "data", Field: "data", Problem: "is not an object"})
	}
	var gstin, rtnprd string
	json.Unmarshal(top["gstin"], &gstin)
	json.Unmarshal(top["rtnprd"], &rtnprd)
	lists := map[string]map[string][]json.RawMessage{"docdata": {}, "docRejdata": {}}
	for i, p := range pages {
		pd, _, err := unwrap(p, FromService)
		if err != nil {
			return nil, err
		}
		var pt struct {
			GSTIN      string                     `json:"gstin"`
			RtnPrd     string                     `json:"rtnprd"`
			DocData    map[string]json.RawMessage `json:"docdata"`
			DocRejData map[string]json.RawMessage `json:"docRejdata"`
		}
		where := fmt.Sprintf("file %d of %d", i+1, len(pages))
		if err := json.Unmarshal(pd, &pt); err != nil {
			return nil, fail(&FieldError{Part: where, Field: "docdata", Problem: "should be an object of sections"})
		}
		if pt.DocData == nil {
			return nil, fail(&FieldError{Part: where, Field: "docdata", Problem: "is missing: a file of a paged return carries its documents"})
		}
		if (pt.GSTIN != "" && pt.GSTIN != gstin) || (pt.RtnPrd != "" && pt.RtnPrd != rtnprd) {
			return nil, fail(&FieldError{Part: where, Field: "gstin/rtnprd", Problem: fmt.Sprintf("are %s %s, not the summary's %s %s", pt.GSTIN, pt.RtnPrd, gstin, rtnprd)})
		}
		for part, secs := range map[string]map[string]json.RawMessage{"docdata": pt.DocData, "docRejdata": pt.DocRejData} {
			for sec, raw := range secs {
				var items []json.RawMessage
				if err := json.Unmarshal(raw, &items); err != nil {
					return nil, fail(&FieldError{Part: where + " " + part, Section: sec, Field: sec, Problem: "should be a list"})
				}
				lists[part][sec] = append(lists[part][sec], items...)
			}
		}
	}
	delete(top, "fc")
	for part, secs := range lists {
		if len(secs) == 0 {
			continue
		}
		keys := make([]string, 0, len(secs))
		for k := range secs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteString(":[")
			for j, it := range secs[k] {
				if j > 0 {
					b.WriteByte(',')
				}
				b.Write(it)
			}
			b.WriteByte(']')
		}
		b.WriteByte('}')
		top[part] = b.Bytes()
	}
	if _, ok := top["docdata"]; !ok {
		top["docdata"] = json.RawMessage(`{}`)
	}
	data, err := json.Marshal(top)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "gstr2b: assemble")
	}
	return json.Marshal(map[string]json.RawMessage{"chksum": mustJSON(chk), "data": data})
}

func mustJSON(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}
