package cli

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// Months are read as a person writes them on every command that takes one (--month 08 was read
// as octal by flag.Int and refused).
func TestMonthFlagsAsWritten(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []string{"8", "08", "Aug", "august", "2024-08", "08/2024"} {
		args := []string{"2b", "--offline", "--month", m}
		if !strings.Contains(m, "2024") {
			args = append(args, "--year", "2024")
		}
		_, recs, errs := gstCLI(t, dir, args...)
		if len(recs) != 1 || recs[0]["period"] != "2024-08" {
			t.Errorf("gst %s: %v %s", strings.Join(args, " "), recs, errs)
		}
	}
	// Every flag set that reads a month: a table, so a new command's month joins it.
	for _, c := range []struct {
		name  string
		flags func(fs *flag.FlagSet) (year, month *int)
	}{
		{"gst periods", func(fs *flag.FlagSet) (*int, *int) { pf := addPeriodFlags(fs, true); return pf.year, pf.month }},
		{"year and month", func(fs *flag.FlagSet) (*int, *int) { return yearMonthFlags(fs, "y", "m") }},
		{"month alone", func(fs *flag.FlagSet) (*int, *int) { return new(int), monthFlag(fs, "month", "m") }},
	} {
		for _, in := range []string{"09", "Sep", "September", "9"} {
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			_, month := c.flags(fs)
			if err := fs.Parse([]string{"--month", in}); err != nil || *month != 9 {
				t.Errorf("%s: --month %s = %d, %v", c.name, in, *month, err)
			}
		}
	}
	for _, bad := range [][]string{{"--year", "2025", "--month", "2024-08"}, {"--month", "2024-08", "--year", "2025"}, {"--month", "13"}, {"--month", "0x8"}} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		yearMonthFlags(fs, "y", "m")
		if err := fs.Parse(bad); err == nil {
			t.Errorf("%v was taken", bad)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	monthFlag(fs, "to-month", "m")
	if err := fs.Parse([]string{"--to-month", "2025-08"}); err == nil {
		t.Error("--to-month 2025-08 was taken, its year dropped")
	}
	// A flag of the month alone suggests only the forms it takes.
	fs = flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	monthFlag(fs, "month", "m")
	if err := fs.Parse([]string{"--month", "13"}); err == nil || strings.Contains(err.Error(), "2025-08") || !strings.Contains(err.Error(), "Aug") {
		t.Errorf("--month 13 of a month-alone flag: %v", err)
	}
}
