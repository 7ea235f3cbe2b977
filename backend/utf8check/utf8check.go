// Package utf8check finds where bytes stop being UTF-8, so that a reader refusing text in another
// encoding can say where: answers of the remote service (gstapi), GSTR-2A listings (gstr2a) and
// payroll workbooks (payroll). It imports nothing of gstdesk, so any package may use it.
package utf8check

import "unicode/utf8"

// FirstInvalid returns the offset of the first byte of b that is not part of valid UTF-8, or -1
// when all of b is valid UTF-8.
func FirstInvalid(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1 // not reached: b is not valid, so some rune of it is not
}
