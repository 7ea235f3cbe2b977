package gstr2b

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/period"
	"gstdesk/backend/utf8check"
)

// File kinds a portal JSON file can be.
const (
	FileGSTR2B = "gstr2b"
	FileGSTR2A = "gstr2a"
)

// MaxFileBytes is the largest portal file gstdesk reads (a 2B of several hundred thousand documents).
const MaxFileBytes = 256 << 20

// PortalFile is a JSON file downloaded from the GST portal, its kind told from its shape:
// GSTR-2B is {"chksum", "data": {gstin, rtnprd, ...}} (gstr2b-ims.md §3.1), GSTR-2A is
// {"gstin", "fp", "b2b", "cdn", ...} (§3.2).
type PortalFile struct {
	Kind   string `json:"kind"`
	GSTIN  string `json:"gstin"`
	Period string `json:"period"` // YYYY-MM
	// B2B is, for a GSTR-2A file, its b2b list as {"b2b": [...]} (what package gstr2a keeps).
	B2B []byte `json:"-"`
	// Others names the GSTR-2A sections besides b2b the file holds, with their counts.
	Others []string `json:"others,omitempty"`
	// Raw2A is, for a GSTR-2A file, the whole 2A object ({"gstin", "fp", "b2b", "cdn", ...}) taken
	// out of any envelope of the service's answer, for package gstr2a to read every section of.
	Raw2A []byte `json:"-"`
}

func fileError(name, format string, args ...any) error {
	return apperr.New(apperr.Invalid, "%s: %s Nothing was imported.", name, fmt.Sprintf(format, args...)).WithHint(apperr.Hint{
		Window:  "Download the GSTR-2A or GSTR-2B JSON file from the GST portal again and choose it.",
		Command: "Download the GSTR-2A or GSTR-2B JSON file from the GST portal again and give its path.",
	})
}

// DetectFile tells a portal file's kind, GSTIN and period, refusing what is not one: an empty,
// truncated or non-JSON file, text that is not UTF-8, or JSON of another shape. name is the file's
// name, for the error.
func DetectFile(name string, raw []byte) (PortalFile, error) {
	raw = bytes.TrimSpace(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	switch {
	case len(raw) == 0:
		return PortalFile{}, fileError(name, "the file is empty.")
	case len(raw) > MaxFileBytes:
		return PortalFile{}, fileError(name, "the file is larger than %d MB, more than any GSTR-2A or GSTR-2B.", MaxFileBytes>>20)
	}
	if at := utf8check.FirstInvalid(raw); at >= 0 {
		return PortalFile{}, fileError(name, "the file has bytes that are not text (at byte %d): it is not a JSON file from the portal.", at)
	}
	if raw[0] != '{' {
		return PortalFile{}, fileError(name, "the file is not JSON (it starts with %q); choose the JSON file, not an Excel or PDF download.", firstBytes(raw))
	}
	if !json.Valid(raw) {
		return PortalFile{}, fileError(name, "the file is not complete JSON (%s): it may have been cut short while downloading.", strings.TrimPrefix(syntaxProblem(raw), "is not valid JSON "))
	}
	// The return may be inside the service's answer saved whole ({"code", "data": {"data": ...}}):
	// every level of "data" is looked through.
	obj, _, found, why := locate(raw)
	if !found {
		if why.problem != "" {
			return PortalFile{}, fileError(name, "the file is JSON but not a GSTR-2B or GSTR-2A: %s %s.", why.field, why.problem)
		}
		return PortalFile{}, fileError(name, "the file is JSON but neither a GSTR-2B (chksum, data) nor a GSTR-2A (gstin, fp, b2b ...) from the portal.")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(obj, &top); err != nil {
		return PortalFile{}, fileError(name, "the file is not a JSON object.")
	}
	text := func(k string) string {
		var s string
		json.Unmarshal(top[k], &s)
		return strings.TrimSpace(s)
	}
	if _, ok := top["fp"]; ok {
		m, err := period.ParseMonth(text("fp"))
		if err != nil || text("gstin") == "" {
			return PortalFile{}, fileError(name, "the file looks like a GSTR-2A but has no GSTIN or return period (gstin, fp).")
		}
		f := PortalFile{Kind: FileGSTR2A, GSTIN: strings.ToUpper(text("gstin")), Period: m.String(), Raw2A: obj}
		b2b := top["b2b"]
		if len(b2b) == 0 || string(b2b) == "null" {
			b2b = json.RawMessage(`[]`)
		}
		f.B2B = append(append([]byte(`{"b2b":`), b2b...), '}')
		for k, v := range top {
			switch k {
			case "gstin", "fp", "b2b":
				continue
			}
			var list []json.RawMessage
			if json.Unmarshal(v, &list) == nil && len(list) > 0 {
				f.Others = append(f.Others, fmt.Sprintf("%s (%d)", k, len(list)))
			}
		}
		sort.Strings(f.Others)
		return f, nil
	}
	m, err := period.ParseMonth(text("rtnprd"))
	if err != nil || text("gstin") == "" {
		return PortalFile{}, fileError(name, "the file looks like a GSTR-2B but has no GSTIN or return period (data.gstin, data.rtnprd).")
	}
	return PortalFile{Kind: FileGSTR2B, GSTIN: strings.ToUpper(text("gstin")), Period: m.String()}, nil
}

func firstBytes(b []byte) string {
	if len(b) > 8 {
		b = b[:8]
	}
	return string(b)
}
