package export

import "reflect"

// SafeCell neutralises a text cell for a spreadsheet: text that begins with = + - @, a tab or a
// carriage return is what Excel, LibreOffice and Google Sheets read as a formula (a supplier name
// `=HYPERLINK(...)` from the remote service, an invoice number `=1+1`, `=cmd|' /C calc'!A0`), so it
// gets a leading apostrophe and is shown as the text it is. Only text goes through here: a number
// written as a number (a negative amount -123.45) is never passed to SafeCell and stays a number.
// Every CSV, TSV and clipboard writer of gstdesk calls this one function (the window's clipboard
// has its twin, safeCell in frontend/src/lib/clipboard.ts).
func SafeCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// isText reports whether v is a text value (a string or a named string type such as a status),
// which a spreadsheet could take for a formula; numbers, booleans and money are not.
func isText(v any) bool {
	if _, ok := v.(string); ok {
		return true
	}
	return v != nil && reflect.TypeOf(v).Kind() == reflect.String
}
