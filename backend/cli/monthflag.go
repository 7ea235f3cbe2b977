package cli

import (
	"flag"
	"fmt"
	"strconv"

	"gstdesk/backend/period"
)

// periodArgs are a command's --year and --month as a person writes them: --month 8, 08, Aug,
// August, 2025-08 or 08/2025 (a month that names its year gives --year too). flag.Int would read
// "08" as octal and refuse it.
type periodArgs struct {
	year, month int
	// monthYear is the year --month named (0: none); yearGiven says --year was given.
	monthYear int
	yearGiven bool
}

type yearValue struct{ p *periodArgs }

func (v yearValue) String() string {
	if v.p == nil || v.p.year == 0 {
		return "0"
	}
	return strconv.Itoa(v.p.year)
}

func (v yearValue) Set(s string) error {
	y, err := strconv.Atoi(s)
	if err != nil || y < 1900 || y > 2999 {
		return fmt.Errorf("%q is not a year: write four digits, such as 2025", s)
	}
	if v.p.monthYear != 0 && v.p.monthYear != y {
		return fmt.Errorf("--year %d disagrees with --month, which names %d", y, v.p.monthYear)
	}
	v.p.year, v.p.yearGiven = y, true
	return nil
}

type monthValue struct {
	p *int
	// args, when set, takes the year a month names; nil refuses a month with a year.
	args *periodArgs
}

func (v monthValue) String() string {
	if v.p == nil || *v.p == 0 {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v monthValue) Set(s string) error {
	m, y, err := period.ParseMonthArg(s)
	if err != nil {
		if v.args == nil {
			// A flag of the month alone: suggest only the forms it takes.
			return fmt.Errorf("%q is not a month: write 8, 08, Aug or August", s)
		}
		return err
	}
	if y != 0 {
		if v.args == nil {
			return fmt.Errorf("%q names a year: give the month alone, such as %d or %s", s, m, monthShort(m))
		}
		if v.args.yearGiven && v.args.year != y {
			return fmt.Errorf("%q names %d but --year is %d", s, y, v.args.year)
		}
		v.args.year, v.args.monthYear = y, y
	}
	*v.p = m
	return nil
}

func monthShort(m int) string {
	if m < 1 || m > 12 {
		return ""
	}
	return [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}[m-1]
}

// yearMonthFlags adds --year and --month to fs and returns where they are read to.
func yearMonthFlags(fs *flag.FlagSet, yearUsage, monthUsage string) (year, month *int) {
	a := &periodArgs{}
	fs.Var(yearValue{a}, "year", yearUsage)
	fs.Var(monthValue{p: &a.month, args: a}, "month", monthUsage+" (8, 08, Aug, August, 2025-08 or 08/2025)")
	return &a.year, &a.month
}

// monthFlag adds a month flag that takes no year (--to-month, or a month of a financial year).
func monthFlag(fs *flag.FlagSet, name, usage string) *int {
	p := new(int)
	fs.Var(monthValue{p: p}, name, usage+" (8, 08, Aug or August)")
	return p
}
