package recon

import (
	"strconv"
	"unicode/utf8"
)

// A run keeps each row as JSON (recon_rows.data). Writing 100,000 rows with encoding/json's
// reflection cost a third of a second of the three-way reconciliation's budget, so SaveRunWith
// writes them with the appenders below. They write exactly the bytes json.Marshal writes for the
// same value (same fields, order, omitempty, HTML-safe escaping, amounts as Paise.MarshalJSON):
// runs saved before and after read back the same. TestRowJSONMatchesEncodingJSON and
// FuzzRowJSONMatchesEncodingJSON hold them to it, with every field of every type set.

// JSONAppender is what a run's kind may give SaveRunWith as a row's data to have it written
// without reflection: AppendJSON appends the same bytes json.Marshal would write for it.
type JSONAppender interface {
	AppendJSON(dst []byte) []byte
}

// AppendRowJSON appends json.Marshal(r)'s bytes to dst.
func AppendRowJSON(dst []byte, r *Row) []byte {
	dst = append(dst, '{')
	dst = AppendRowFields(dst, r)
	return append(dst, '}')
}

// AppendRowFields appends the fields of r as json.Marshal writes them inside its object, without
// the braces: for a type that embeds Row and adds its own fields after it (encoding/json writes
// an embedded struct's fields in its place), which appends ',' and its fields next.
func AppendRowFields(dst []byte, r *Row) []byte {
	dst = append(dst, `"status":`...)
	dst = AppendJSONString(dst, string(r.Status))
	dst = append(dst, `,"books":`...)
	dst = appendInvoicePtr(dst, r.Books)
	dst = append(dst, `,"gstr2a":`...)
	dst = appendInvoicePtr(dst, r.GSTR2A)
	dst = appendField(dst, "rule", r.Rule)
	dst = appendField(dst, "rule_id", string(r.RuleID))
	dst = appendField(dst, "norm_books", r.NormBooks)
	dst = appendField(dst, "norm_gstr2a", r.Norm2A)
	dst = append(dst, `,"differences":`...)
	if r.Differences == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range r.Differences {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendDifference(dst, &r.Differences[i])
		}
		dst = append(dst, ']')
	}
	if len(r.Candidates) > 0 {
		dst = append(dst, `,"candidates":[`...)
		for i := range r.Candidates {
			c := &r.Candidates[i]
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"invoice":`...)
			dst = appendInvoice(dst, &c.Invoice)
			dst = appendField(dst, "norm", c.Norm)
			dst = appendField(dst, "reason", c.Reason)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	dst = appendField(dst, "period", r.Period)
	dst = appendField(dst, "key", r.Key)
	dst = AppendJSONStringField(dst, "action", string(r.Action), true)
	return AppendJSONBoolField(dst, "changed_since_action", r.Changed, true)
}

func appendInvoicePtr(dst []byte, in *Invoice) []byte {
	if in == nil {
		return append(dst, "null"...)
	}
	return appendInvoice(dst, in)
}

func appendInvoice(dst []byte, in *Invoice) []byte {
	dst = append(dst, `{"source":`...)
	dst = AppendJSONString(dst, string(in.Source))
	dst = appendField(dst, "row_ref", in.RowRef)
	dst = appendField(dst, "supplier_gstin", in.SupplierGSTIN)
	dst = AppendJSONStringField(dst, "supplier_name", in.SupplierName, true)
	dst = appendField(dst, "invoice_number", in.Number)
	dst = appendField(dst, "invoice_date", in.Date)
	dst = appendField(dst, "place_of_supply", in.PlaceOfSupply)
	dst = AppendJSONBoolField(dst, "reverse_charge", in.ReverseCharge, false)
	dst = appendField(dst, "document_type", string(in.DocType))
	dst = AppendJSONStringField(dst, "inv_type", in.InvType, true)
	dst = appendAmount(dst, "invoice_value", in.Value)
	dst = appendAmount(dst, "taxable_value", in.Taxable)
	dst = appendAmount(dst, "igst", in.IGST)
	dst = appendAmount(dst, "cgst", in.CGST)
	dst = appendAmount(dst, "sgst", in.SGST)
	dst = appendAmount(dst, "cess", in.Cess)
	dst = appendField(dst, "period", in.Period)
	dst = AppendJSONStringField(dst, "cfs", in.FiledGSTR1, true)
	dst = AppendJSONStringField(dst, "cfs3b", in.FiledGSTR3B, true)
	dst = AppendJSONStringField(dst, "cancelled_on", in.CancelledOn, true)
	dst = AppendJSONStringField(dst, "payment_date", in.PaymentDate, true)
	dst = AppendJSONStringField(dst, "port_code", in.PortCode, true)
	dst = AppendJSONStringField(dst, "itc_eligible", in.ITCEligible, true)
	dst = AppendJSONStringField(dst, "duplicate_of", in.DuplicateOf, true)
	return append(dst, '}')
}

func appendDifference(dst []byte, d *Difference) []byte {
	dst = append(dst, `{"field":`...)
	dst = AppendJSONString(dst, d.Field)
	dst = appendField(dst, "books", d.Books)
	dst = appendField(dst, "gstr2a", d.GSTR2A)
	dst = AppendJSONStringField(dst, "diff", d.Diff, true)
	dst = AppendJSONBoolField(dst, "within_tolerance", d.WithinTolerance, true)
	return append(dst, '}')
}

// appendField appends `,"name":"v"` (a field that is never omitted and is not the first).
func appendField(dst []byte, name, v string) []byte {
	return AppendJSONStringField(dst, name, v, false)
}

func appendAmount(dst []byte, name string, p Paise) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':')
	return p.AppendDecimal(dst)
}

// AppendJSONStringField appends `,"name":` and v as a JSON string, or nothing when omitEmpty
// and v is "" (a field tagged omitempty). name is written as is: a plain tag name.
func AppendJSONStringField(dst []byte, name, v string, omitEmpty bool) []byte {
	if omitEmpty && v == "" {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':')
	return AppendJSONString(dst, v)
}

// AppendJSONBoolField appends `,"name":true` or false, or nothing when omitEmpty and v is false.
func AppendJSONBoolField(dst []byte, name string, v, omitEmpty bool) []byte {
	if omitEmpty && !v {
		return dst
	}
	dst = append(dst, ',', '"')
	dst = append(dst, name...)
	dst = append(dst, '"', ':')
	return strconv.AppendBool(dst, v)
}

// AppendJSONString appends s as encoding/json writes a string: quoted, with ", \ and control
// characters escaped, <, > and & as \u003c, \u003e and \u0026, U+2028 and U+2029 as \u2028 and
// \u2029, and each byte that is not UTF-8 as \ufffd.
func AppendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
