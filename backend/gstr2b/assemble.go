package gstr2b

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
)

// Assemble puts a GSTR-2B sent in file_number pages back together: the summary answer (first:
// {"chksum", "data": {gstin, rtnprd, gendt, itcsumm, cpsumm, fc}}) and each page's data.data
// ({"chksum", "data": {docdata, docRejdata, gstin, rtnprd}}) make one return in the shape of the
// portal file, each section's list the concatenation of the pages' lists in page order. Every page
// must be of the summary's GSTIN and period and carry documents; the result has no fc.
func Assemble(first []byte, pages [][]byte) ([]byte, error) {
	return assemble(first, pages, FromService)
}

func assemble(first []byte, pages [][]byte, origin Origin) ([]byte, error) {
	if len(pages) == 0 {
		return first, nil
	}
	fail := func(fe *FieldError) error { return origin.fail(fe) }
	head, chk, err := unwrap(first, origin)
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
		pd, _, err := unwrap(p, origin)
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

// AssembleFiles puts together a GSTR-2B given as several files: its summary (the file with fc,
// itcsumm, gendt and no documents) and every part (file_number pages: docdata, gstin, rtnprd),
// in any order of the summary among them, the parts in the order given. Each may be a portal
// file or the service's answer saved whole. One file is returned as it is. The result is one
// return for SaveRequest.Raw, with parts the number of parts (SaveRequest.Files). A summary
// missing, two summaries, or a count of parts other than the summary's fc is refused.
func AssembleFiles(files [][]byte) (raw []byte, parts int, err error) {
	if len(files) == 1 {
		return files[0], 0, nil
	}
	if len(files) == 0 {
		return nil, 0, FromFile.fail(&FieldError{Field: "files", Problem: "are none: choose the GSTR-2B file, or its summary and every part"})
	}
	summary := -1
	var pages [][]byte
	fc := ""
	for i, f := range files {
		data, _, err := unwrap(f, FromFile)
		if err != nil {
			return nil, 0, err
		}
		var top struct {
			DocData    json.RawMessage `json:"docdata"`
			DocRejData json.RawMessage `json:"docRejdata"`
			FC         json.RawMessage `json:"fc"`
		}
		json.Unmarshal(data, &top)
		if absent(top.DocData) && absent(top.DocRejData) {
			if summary >= 0 {
				return nil, 0, FromFile.fail(&FieldError{Field: "files", Problem: fmt.Sprintf("%d and %d are both summaries without documents: give one summary and its parts", summary+1, i+1)})
			}
			summary, fc = i, strings.Trim(string(top.FC), `" `)
			continue
		}
		pages = append(pages, f)
	}
	if summary < 0 {
		return nil, 0, FromFile.fail(&FieldError{Field: "files", Problem: "have no summary (the file with fc, itcsumm and gendt): give it with the parts"})
	}
	if n, err := strconv.Atoi(fc); err == nil && n != len(pages) {
		return nil, 0, FromFile.fail(&FieldError{Field: "fc", Problem: fmt.Sprintf("says the return is in %d parts, and %d were given: give every part", n, len(pages))})
	}
	raw, err = assemble(files[summary], pages, FromFile)
	return raw, len(pages), err
}

// ParseFiles reads a GSTR-2B given as one file, or as its summary and every part together
// (AssembleFiles).
func ParseFiles(files [][]byte) (*Return, error) {
	raw, parts, err := AssembleFiles(files)
	if err != nil {
		return nil, err
	}
	r, err := Parse(raw, FromFile)
	if err != nil {
		return nil, err
	}
	r.Files = parts
	return r, nil
}
