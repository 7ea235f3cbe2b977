package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/export"
	"gstdesk/backend/figure"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

func init() {
	register(Command{Name: "itc-risk", Summary: "the calendar of input tax credit at risk of a financial year", Run: runITCRisk, UsesWorkspace: true})
}

func itcRiskUsage(w io.Writer) {
	fmt.Fprintln(w, `usage: gstdesk itc-risk --fy "FY 2025-26" [--purchases FILE] [--format json|csv|xlsx] [--out FILE] [--workspace NAME]`)
	fmt.Fprintln(w, "\nThe credit of the year at risk, each document with its amount and its date: Rule 37 (unpaid 180 days")
	fmt.Fprintln(w, "after the invoice date, from the register's payment_date column; empty is unpaid), Rule 37A (the supplier's")
	fmt.Fprintln(w, "GSTR-3B not filed, from the stored GSTR-2A: reverse by 30 November after the year), s.16(4) (kept pending in")
	fmt.Fprintln(w, "IMS: claim by 30 November after the year), and, with --purchases, books credit not in GSTR-2B and 2B credit")
	fmt.Fprintln(w, "not in the books. It reads what is stored (pull or import 2A and 2B first; gst ims list for IMS).")
	fmt.Fprintln(w, "With --format json (the default) it prints one JSON object per item, in date order; the totals per rule")
	fmt.Fprintln(w, "and what could not be checked go to standard error.")
	fmt.Fprintln(w, "Exit status: 0 done, 1 nothing to build it from or the register was rejected, 2 wrong command line.")
}

func runITCRisk(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("itc-risk", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fy := fs.String("fy", "", `the financial year, "FY 2025-26"`)
	purchases := fs.String("purchases", "", "the purchase register, CSV or XLSX (optional)")
	format := fs.String("format", "json", "output: json (one line per item), csv or xlsx")
	out := fs.String("out", "", "write to this file instead of standard output")
	fs.Usage = func() { itcRiskUsage(env.Stderr) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return ExitOK
		}
		return ExitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "gstdesk itc-risk: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 0 {
		return fail(ExitUsage, "unexpected argument %q: give the register with --purchases.", fs.Arg(0))
	}
	if *fy == "" {
		return fail(ExitUsage, `--fy is required: the financial year, such as --fy "FY 2025-26".`)
	}
	if _, err := period.ParseFY(*fy); err != nil {
		return fail(ExitUsage, `--fy %q is not a financial year: write it as "FY 2025-26".`, *fy)
	}
	outFormat, err := export.ParseFormat(*format)
	if err != nil {
		return fail(ExitUsage, "%s", publicMessage(env, err))
	}
	if msg := checkOut(env, *out); msg != "" {
		return fail(ExitUsage, "%s", msg)
	}
	if msg := checkBinaryOut(env, outFormat, *out); msg != "" {
		return fail(ExitUsage, "%s", msg)
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		return fail(exitFor(err), "%s", publicMessage(env, err))
	}
	defer d.Close()
	year, err := period.ReadFY(*fy)
	if err != nil {
		return fail(ExitUsage, "%s", publicMessage(env, err))
	}
	cal, err := d.Recon.ITCRisk(ctx, year, reconcile.Register{Path: *purchases})
	if err != nil {
		return fail(exitFor(err), "%s", publicMessage(env, err))
	}
	write := func(w io.Writer) error {
		if outFormat != export.JSON {
			return export.Write(w, outFormat, reconcile.ITCRiskTable(cal))
		}
		enc := newJSON(w)
		for _, g := range cal.Months {
			for i := range g.Items {
				if err := enc.Encode(&g.Items[i]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := writeOutput(env, *out, write); err != nil {
		return fail(ExitFailed, "cannot write the calendar: %v", err)
	}
	fmt.Fprintf(env.Stderr, "gstdesk itc-risk: %s on %s: %s items; %s ₹%s; %s ₹%s.\n",
		cal.FYLabel, cal.Today, money.Count(cal.Count), figure.Name(figure.CalendarAtRisk), cal.AtRisk.Indian(), figure.Name(figure.Reclaimable), cal.Reclaim.Indian())
	for _, r := range cal.Rules {
		if !r.Checked {
			fmt.Fprintf(env.Stderr, "gstdesk itc-risk:   %s: not checked.\n", r.Title)
			continue
		}
		fmt.Fprintf(env.Stderr, "gstdesk itc-risk:   %s (%s): %s, ₹%s at risk", r.Title, r.Law, money.Count(r.Count), r.AtRisk.Indian())
		if r.Reclaim != 0 {
			fmt.Fprintf(env.Stderr, ", ₹%s to take back", r.Reclaim.Indian())
		}
		fmt.Fprintln(env.Stderr, ".")
	}
	for _, n := range cal.Notes {
		fmt.Fprintln(env.Stderr, "gstdesk itc-risk:", n)
	}
	return ExitOK
}
