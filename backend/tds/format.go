package tds

import (
	"strings"
	"unicode/utf8"
)

// FormatLines writes computation lines as aligned plain text: label, amount, section, note.
func FormatLines(lines []Line) string {
	var b strings.Builder
	wl, wa, ws := 0, 0, 0
	for _, l := range lines {
		if l.Heading {
			continue
		}
		wl = max(wl, utf8.RuneCountInString(l.Label))
		wa = max(wa, len(l.Amount.String()))
		ws = max(ws, len(l.Section))
	}
	for _, l := range lines {
		if l.Heading { // the title line: no amount, no section column
			b.WriteString(l.Label)
			if l.Note != "" {
				b.WriteString(" (" + l.Note + ")")
			}
			b.WriteString("\n")
			continue
		}
		b.WriteString(l.Label)
		b.WriteString(strings.Repeat(" ", wl-utf8.RuneCountInString(l.Label)+2))
		a := l.Amount.String()
		b.WriteString(strings.Repeat(" ", wa-len(a)))
		b.WriteString(a)
		if l.Section != "" || l.Note != "" {
			b.WriteString("  ")
			b.WriteString(l.Section)
		}
		if l.Note != "" {
			b.WriteString(strings.Repeat(" ", ws-len(l.Section)+2))
			b.WriteString(l.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// FormatExplanation writes both computation sheets, the recommended regime and its saving, and
// the break-even deduction when there is one, as plain text for a terminal or a text file.
func FormatExplanation(e Explanation) string {
	var b strings.Builder
	b.WriteString(FormatLines(e.NewLines))
	b.WriteString("\n")
	b.WriteString(FormatLines(e.OldLines))
	b.WriteString("\n")
	if e.Saving == 0 {
		b.WriteString("Both regimes cost the same (" + FormatRupees(e.New.Liability) + "); recommended: the " + string(e.Recommended) + " regime, the default for " + YearLabel(e.FY) + ".\n")
	} else {
		b.WriteString("Recommended: the " + string(e.Recommended) + " regime, saving " + FormatRupees(e.Saving) + ".\n")
	}
	if e.BreakEvenOK {
		b.WriteString("The old regime would cost no more with " + FormatRupees(e.BreakEven) + " of further old-regime deductions.\n")
	}
	return b.String()
}
