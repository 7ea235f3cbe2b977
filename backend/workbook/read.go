package workbook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"gstdesk/backend/apperr"
)

// MaxInput bounds what ReadAll reads (256 MB), so a wrong file cannot exhaust memory.
const MaxInput = 256 << 20

// Parse reads one workbook from JSON.
func Parse(data []byte) (Workbook, error) {
	w, err := parse(data)
	if err != nil {
		return Workbook{}, apperr.Wrap(apperr.Invalid, err, "The workbook is not valid: %v.", err)
	}
	return w, nil
}

// Form is how a file of workbooks was written.
type Form int

// The forms ReadAll accepts.
const (
	Single Form = iota // one workbook object
	Array              // a JSON array of workbooks
	Lines              // several workbook objects one after another (NDJSON)
)

// ReadAll reads workbooks from r in any of three forms, detected from the content: one workbook
// object, a JSON array of workbooks, or one workbook per line (NDJSON; any whitespace between
// objects will do). Errors name the workbook by its position (1-based) and line.
func ReadAll(r io.Reader) ([]Workbook, error) {
	ws, _, err := ReadAllForm(r)
	return ws, err
}

// ReadAllForm is ReadAll that also says which form the input had, so an answer can take the same
// form (one workbook for one, an array otherwise).
func ReadAllForm(r io.Reader) ([]Workbook, Form, error) {
	ws, arr, err := readAll(r)
	switch {
	case err != nil:
		return nil, Single, err
	case arr:
		return ws, Array, nil
	case len(ws) == 1:
		return ws, Single, nil
	}
	return ws, Lines, nil
}

func readAll(r io.Reader) (ws []Workbook, array bool, err error) {
	defer func() {
		if err != nil {
			ws = nil
		}
	}()
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, false, apperr.Wrap(apperr.Invalid, err, "Could not read the workbooks: %v.", err)
	}
	if len(data) > MaxInput {
		return nil, false, apperr.New(apperr.Invalid, "The input is larger than %d MB: split it into smaller files.", MaxInput>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, false, apperr.New(apperr.Invalid, "The input is empty: give a salary workbook (JSON), an array of workbooks, or one workbook per line.")
	}
	switch trimmed[0] {
	case '[':
		var raws []json.RawMessage
		if err := json.Unmarshal(trimmed, &raws); err != nil {
			return nil, false, apperr.Wrap(apperr.Invalid, err, "The array of workbooks is not valid JSON: %s.", describe(err, trimmed))
		}
		if len(raws) == 0 {
			return nil, false, apperr.New(apperr.Invalid, "The array holds no workbooks.")
		}
		out := make([]Workbook, len(raws))
		for i, raw := range raws {
			w, err := parse(raw)
			if err != nil {
				return nil, false, apperr.Wrap(apperr.Invalid, err, "Workbook %d of the array is not valid: %v.", i+1, err)
			}
			out[i] = w
		}
		return out, true, nil
	case '{':
		dec := json.NewDecoder(bytes.NewReader(data))
		var out []Workbook
		for {
			off := int(dec.InputOffset())
			for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n') {
				off++
			}
			line := 1 + bytes.Count(data[:off], []byte("\n"))
			var raw json.RawMessage
			err := dec.Decode(&raw)
			if errors.Is(err, io.EOF) {
				break
			}
			n := len(out) + 1
			if err != nil {
				return nil, false, apperr.Wrap(apperr.Invalid, err, "Workbook %d (from line %d) is not valid JSON: %s.", n, line, describe(err, data))
			}
			w, err := parse(raw)
			if err != nil {
				if n == 1 && !dec.More() {
					return nil, false, apperr.Wrap(apperr.Invalid, err, "The workbook is not valid: %v.", err)
				}
				return nil, false, apperr.Wrap(apperr.Invalid, err, "Workbook %d (line %d) is not valid: %v.", n, line, err)
			}
			out = append(out, w)
		}
		return out, false, nil
	}
	return nil, false, apperr.New(apperr.Invalid, "The input does not start with { or [: give a salary workbook (JSON), an array of workbooks, or one workbook per line.")
}

// describe adds the line of a JSON syntax error.
func describe(err error, data []byte) string {
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset <= int64(len(data)) {
		return fmt.Sprintf("%v (line %d)", se, 1+bytes.Count(data[:se.Offset], []byte("\n")))
	}
	return err.Error()
}

// object decodes a JSON object into its members; what names it in the error.
func object(data []byte, what string) (map[string]json.RawMessage, error) {
	if b := bytes.TrimSpace(data); len(b) == 0 || b[0] != '{' {
		return nil, fmt.Errorf("%s must be a JSON object, not %s", what, jsonKind(data))
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", what, err)
	}
	return m, nil
}

// array decodes m[key] as a JSON array; present is false when the key is absent or null.
func array(m map[string]json.RawMessage, key, what string) (items []json.RawMessage, present bool, err error) {
	raw, ok := m[key]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return nil, false, nil
	}
	if b := bytes.TrimSpace(raw); len(b) == 0 || b[0] != '[' {
		return nil, true, fmt.Errorf("%s \"%s\" must be an array, not %s", what, key, jsonKind(raw))
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, true, fmt.Errorf("%s \"%s\" is not valid JSON: %v", what, key, err)
	}
	return items, true, nil
}

func member(m map[string]json.RawMessage, key string) *json.RawMessage {
	if raw, ok := m[key]; ok {
		return &raw
	}
	return nil
}

func optString(raw *json.RawMessage, what string) (string, error) {
	if raw == nil || string(*raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(*raw, &s); err != nil {
		return "", fmt.Errorf("%s must be text, not %s", what, clip(*raw))
	}
	return s, nil
}

func clip(b []byte) string {
	s := string(b)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return s
}

func jsonKind(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "text"
	case 't', 'f':
		return "true/false"
	case 'n':
		return "null"
	}
	return "a number"
}

// parse reads one workbook from valid or invalid JSON; errors are plain and lower-case so the
// callers can say which workbook they belong to.
func parse(data []byte) (Workbook, error) {
	m, err := object(data, "a workbook")
	if err != nil {
		return Workbook{}, err
	}
	var w Workbook
	if w.Name, err = optString(member(m, "name"), "the workbook's name"); err != nil {
		return Workbook{}, err
	}
	if w.Entity, err = optString(member(m, "@entity"), "the workbook's @entity"); err != nil {
		return Workbook{}, err
	}
	sheets, ok, err := array(m, "sheets", "the workbook's")
	if err != nil {
		return Workbook{}, err
	}
	if !ok {
		return Workbook{}, fmt.Errorf("it has no \"sheets\" array")
	}
	for si, raw := range sheets {
		s, err := parseSheet(raw, si+1)
		if err != nil {
			return Workbook{}, err
		}
		w.Sheets = append(w.Sheets, s)
	}
	return w, nil
}

func parseSheet(raw json.RawMessage, n int) (Sheet, error) {
	m, err := object(raw, fmt.Sprintf("sheet %d", n))
	if err != nil {
		return Sheet{}, err
	}
	var s Sheet
	if s.Name, err = optString(member(m, "name"), "the sheet's name"); err != nil {
		return Sheet{}, fmt.Errorf("sheet %d: %v", n, err)
	}
	if s.Entity, err = optString(member(m, "@entity"), "the sheet's @entity"); err != nil {
		return Sheet{}, fmt.Errorf("sheet %d: %v", n, err)
	}
	where := fmt.Sprintf("sheet %d", n)
	if s.Name != "" {
		where += " (" + s.Name + ")"
	}
	items, hasItems, err := array(m, "items", where)
	if err != nil {
		return Sheet{}, err
	}
	blocks, hasBlocks, err := array(m, "blocks", where)
	if err != nil {
		return Sheet{}, err
	}
	switch {
	case hasItems && hasBlocks:
		return Sheet{}, fmt.Errorf("%s has both \"items\" and \"blocks\": use one", where)
	case hasItems:
		if s.Items, err = parseItems(items, ""); err != nil {
			return Sheet{}, fmt.Errorf("%s, %v", where, err)
		}
	case hasBlocks:
		for bi, rb := range blocks {
			bwhere := fmt.Sprintf("%s, block %d", where, bi+1)
			bm, err := object(rb, bwhere)
			if err != nil {
				return Sheet{}, err
			}
			bitems, ok, err := array(bm, "items", bwhere)
			if err != nil {
				return Sheet{}, err
			}
			if !ok {
				return Sheet{}, fmt.Errorf("%s has no \"items\" array", bwhere)
			}
			got, err := parseItems(bitems, fmt.Sprintf("block %d, ", bi+1))
			if err != nil {
				return Sheet{}, fmt.Errorf("%s, %v", where, err)
			}
			s.Items = append(s.Items, got...)
		}
	default:
		return Sheet{}, fmt.Errorf("%s has no \"items\" (or \"blocks\") array", where)
	}
	return s, nil
}

func parseItems(raws []json.RawMessage, prefix string) ([]Item, error) {
	out := make([]Item, 0, len(raws))
	for i, raw := range raws {
		var pair []json.RawMessage
		if b := bytes.TrimSpace(raw); len(b) == 0 || b[0] != '[' || json.Unmarshal(b, &pair) != nil || len(pair) != 2 {
			return nil, fmt.Errorf("%sitem %d: %s is not a [key, value] pair", prefix, i+1, clip(bytes.TrimSpace(raw)))
		}
		var key string
		if err := json.Unmarshal(pair[0], &key); err != nil {
			return nil, fmt.Errorf("%sitem %d: the key must be text, not %s", prefix, i+1, jsonKind(pair[0]))
		}
		v := bytes.TrimSpace(pair[1])
		it := Item{Key: key}
		switch {
		case len(v) > 0 && v[0] == '"':
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, fmt.Errorf("%sitem %d (%s): %v", prefix, i+1, key, err)
			}
			it.Value = s
		case len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')):
			it.Value = json.Number(v)
		default:
			return nil, fmt.Errorf("%sitem %d (%s): the value must be a string or a number, not %s", prefix, i+1, key, jsonKind(v))
		}
		out = append(out, it)
	}
	return out, nil
}
