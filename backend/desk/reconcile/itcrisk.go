package reconcile

import (
	"context"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/ims"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// ITCRiskCalendar is the calendar of credit at risk of a financial year (itcrisk.Calendar).
type ITCRiskCalendar = itcrisk.Calendar

// ITCRisk builds the calendar of credit at risk of the financial year fy ("FY 2025-26") from what
// is stored (GSTR-2A, GSTR-2B, IMS as last listed) and, when path is given, the purchase register
// there (imported and checked as any register, and matched with the 2B of April of the year to
// November after it, with the workspace's tolerances and decisions, as the three-way run does).
func (s *Service) ITCRisk(ctx context.Context, fy, path string) (ITCRiskCalendar, error) {
	y, err := period.ParseFY(fy)
	if err != nil {
		return ITCRiskCalendar{}, apperr.New(apperr.Invalid, "%q is not a financial year: write it as FY 2025-26.", fy)
	}
	ws := s.Workspace().ID
	in := itcrisk.Input{FY: y, Today: itcrisk.Today(s.Now())}
	yearPeriods := period.Strings(y.Months())
	// Months whose returns should exist by now: a month's 2A and 2B follow its end.
	thisMonth := in.Today[:7]
	due := func(p string) bool { return p < thisMonth }

	// GSTR-2B of the year and of the months after it up to November, the last month credit of
	// the year can be claimed in (s.16(4)): a supplier may report the year's invoice late.
	twoBPeriods, err := ReconPeriods(yearPeriods[0], period.MonthOf(int(y)+1, time.November).String())
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	twoB, docs, snaps, err := ReconGSTR2B(ctx, s.DB.DB, ws, twoBPeriods)
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	have2B := map[string]bool{}
	for _, sn := range snaps {
		have2B[sn.Period] = true
	}
	for _, p := range yearPeriods {
		if !have2B[p] && due(p) {
			in.NoGSTR2B = append(in.NoGSTR2B, p)
		}
	}

	// GSTR-2A of the year, for the supplier's GSTR-3B flag.
	stored2A, err := s.Returns.GSTR2APeriods(ctx)
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	have2A := map[string]bool{}
	for _, p := range stored2A {
		have2A[p.Period] = true
	}
	for _, p := range yearPeriods {
		if !have2A[p] && due(p) {
			in.NoGSTR2A = append(in.NoGSTR2A, p)
		}
	}
	if in.GSTR2A, err = ReconGSTR2A(ctx, s.DB.DB, ws, yearPeriods); err != nil {
		return ITCRiskCalendar{}, err
	}
	if in.IMS, err = ims.Stored(ctx, s.DB.DB, ws, "", ims.Pending); err != nil {
		return ITCRiskCalendar{}, err
	}

	if strings.TrimSpace(path) != "" {
		v, books, err := s.booksAt(ctx, path)
		if err != nil {
			return ITCRiskCalendar{}, err
		}
		in.Register, in.RegisterName = true, v.File
		in.PaymentDates = v.Mapping[recon.FieldPaymentDate] != ""
		first, last := yearPeriods[0], yearPeriods[len(yearPeriods)-1]
		year := books[:0:0]
		for _, b := range books {
			if b.Period >= first && b.Period <= last {
				year = append(year, b)
			}
		}
		opt, err := s.reconOptions(ctx)
		if err != nil {
			return ITCRiskCalendar{}, err
		}
		if opt, err = recon.WithDecisions(ctx, s.DB.DB, ws, opt); err != nil {
			return ITCRiskCalendar{}, err
		}
		in.Rows = recon.Match(year, twoB, opt).Rows
		in.NoCredit = map[string]bool{}
		for ref, d := range docs {
			if d.doc.ITCAvailable != "Y" {
				in.NoCredit[ref] = true
			}
		}
	} else if len(snaps) == 0 && len(in.GSTR2A) == 0 && len(in.IMS) == 0 {
		return ITCRiskCalendar{}, apperr.New(apperr.NotFound, "Nothing is stored for %s to build the calendar from: pull or import GSTR-2A and GSTR-2B for its months, or give the purchase register.", y)
	}
	return itcrisk.Build(in), nil
}

// ITCRiskView is ITCRisk for a screen: at most perMonth items in each month (0: 500); the counts
// and amounts stay whole, and each month says how many items it left out.
func (s *Service) ITCRiskView(ctx context.Context, fy, path string, perMonth int) (ITCRiskCalendar, error) {
	c, err := s.ITCRisk(ctx, fy, path)
	if err != nil {
		return c, err
	}
	if perMonth <= 0 {
		perMonth = 500
	}
	return c.Trim(perMonth), nil
}

// ITCRiskExport writes the whole calendar (every item) as CSV, XLSX or JSON to the exports folder
// and returns the path.
func (s *Service) ITCRiskExport(ctx context.Context, fy, path, format string) (string, error) {
	c, err := s.ITCRisk(ctx, fy, path)
	if err != nil {
		return "", err
	}
	return s.WriteExport("itc-at-risk-"+strings.ReplaceAll(strings.TrimPrefix(c.FYLabel, "FY "), " ", ""), format, ITCRiskTable(c))
}

// ITCRiskTable is the calendar as one table (itcrisk.Table), for the command line's files.
func ITCRiskTable(c ITCRiskCalendar) export.Table { return itcrisk.Table(c) }
