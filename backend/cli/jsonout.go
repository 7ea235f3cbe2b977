package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"time"
)

// The command line's JSON goes through one writer (newJSON, jsonLine): no HTML escaping, and every
// moment in one layout, RFC 3339 in UTC to the second ("2026-11-27T05:50:00Z"), whether a record
// holds a time.Time (which encoding/json writes with nanoseconds and the zone it was read in) or a
// string written with stamp. TestCommandLineJSONHasOneWriter keeps every writer on it.

// jsonOut writes JSON values, one a line (or indented).
type jsonOut struct {
	w      io.Writer
	indent bool
}

func newJSON(w io.Writer) *jsonOut { return &jsonOut{w: w} }

// newIndentedJSON is newJSON writing each value indented by two spaces.
func newIndentedJSON(w io.Writer) *jsonOut { return &jsonOut{w: w, indent: true} }

// Encode writes v and a newline.
func (j *jsonOut) Encode(v any) error {
	b, err := jsonBytes(v, j.indent)
	if err != nil {
		return err
	}
	_, err = j.w.Write(append(b, '\n'))
	return err
}

// jsonLine is v as one line of JSON, without the newline ("null" when v cannot be written, which
// the record types here never are).
func jsonLine(v any) []byte {
	b, err := jsonBytes(v, false)
	if err != nil {
		return []byte("null")
	}
	return b
}

func jsonBytes(v any, indent bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return stampsInUTC(bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})), nil
}

// moment matches a JSON string holding an RFC 3339 time.
var moment = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)"`)

// stampsInUTC rewrites every RFC 3339 time in b into stamp's layout.
func stampsInUTC(b []byte) []byte {
	if !bytes.Contains(b, []byte{'T'}) {
		return b
	}
	return moment.ReplaceAllFunc(b, func(m []byte) []byte {
		t, err := time.Parse(time.RFC3339Nano, string(m[1:len(m)-1]))
		if err != nil {
			return m
		}
		return []byte(`"` + stamp(t) + `"`)
	})
}
