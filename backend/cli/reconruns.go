package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/export"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// reconSubcommands are the words after "gstdesk recon" that name saved runs rather than a new run.
var reconSubcommands = map[string]func(ctx context.Context, env Env, args []string) int{
	"runs":   reconRuns,
	"show":   reconShow,
	"choose": reconChoose,
}

// reconRuns lists the saved runs, newest first: one JSON line each with its kind (against).
func reconRuns(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("recon runs", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	against := fs.String("against", "", "2a or 2b: only the runs of that kind (default: all)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fs.NArg() > 0 || (*against != "" && *against != recon.AgainstGSTR2A && *against != recon.AgainstGSTR2B) {
		fmt.Fprintln(env.Stderr, "usage: gstdesk recon runs [--against 2a|2b]")
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon runs: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	runs, err := d.Recon.Runs(ctx)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon runs: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	recommended := map[string]reconcile.ThreeWayRunInfo{}
	if *against != recon.AgainstGSTR2A {
		tw, err := d.Recon.ThreeWayRuns(ctx)
		if err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk recon runs: %s\n", publicMessage(env, err))
			return ExitFailed
		}
		for _, r := range tw {
			recommended[r.ID] = r
		}
	}
	enc := newJSON(env.Stdout)
	for _, r := range runs {
		if *against != "" && r.Against != *against {
			continue
		}
		rec := map[string]any{"id": r.ID, "against": r.Against, "from": r.FromPeriod, "to": r.ToPeriod, "register": r.RegisterName,
			"created_at": r.CreatedAt, "pinned": r.Pinned, "counts": r.Counts}
		if info, ok := recommended[r.ID]; ok {
			rec["recommended"] = info.Recommended
			rec["calendar"] = info.Calendar
			if info.Rows > 0 {
				rec["rows"] = info.Rows
			}
			if info.Summary != nil {
				rec["summary"] = info.Summary.Figures // the ₹ strip as run (gstdesk recon show RUN prints it again)
			}
		}
		enc.Encode(rec)
	}
	return ExitOK
}

// reconShow reopens a saved run against GSTR-2B: its rows with the choices made on them.
func reconShow(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("recon show", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	format := fs.String("format", "json", "output: json (one line per row), csv or xlsx")
	out := fs.String("out", "", "write to this file instead of standard output")
	asOf := fs.String("as-of", "", "view the run as it stood at the end of this month (YYYY-MM): what the supplier reported later is missing in 2B there")
	pos, code := parseAnywhere(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(env.Stderr, "usage: gstdesk recon show RUN|latest [--as-of YYYY-MM] [--format json|csv|xlsx] [--out FILE]")
		return ExitUsage
	}
	asOfMonth, err := period.ReadMonth(*asOf) // "" is none: the run as it was saved
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	f, err := export.ParseFormat(*format)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", publicMessage(env, err))
		return ExitUsage
	}
	if msg := checkOut(env, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", msg)
		return ExitUsage
	}
	if msg := checkBinaryOut(env, f, *out); msg != "" {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", msg)
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	id := pos[0]
	if id == "latest" {
		// The newest saved run against GSTR-2B: the one the window's dashboard opens.
		runs, err := d.Recon.ThreeWayRuns(ctx)
		if err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", publicMessage(env, err))
			return ExitFailed
		}
		if len(runs) == 0 {
			fmt.Fprintln(env.Stderr, "gstdesk recon show: no run against GSTR-2B is saved yet: run one (gstdesk recon --against 2b --purchases FILE ...).")
			return ExitFailed
		}
		id = runs[0].ID
	}
	tw, err := d.Recon.ThreeWayRunAsOf(ctx, id, asOfMonth)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon show: %s\n", publicMessage(env, err))
		return ExitFailed
	}
	return writeThreeWay(env, tw, f, *out)
}

// reconChoose changes the IMS action of one row of a saved run against GSTR-2B.
func reconChoose(ctx context.Context, env Env, args []string) int {
	if len(args) != 3 {
		fmt.Fprintln(env.Stderr, "usage: gstdesk recon choose RUN ROW_KEY accept|reject|pending|reset|leave|clear")
		return ExitUsage
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon choose: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	defer d.Close()
	if err := d.Recon.SetThreeWayAction(ctx, args[0], args[1], args[2]); err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk recon choose: %s\n", publicMessage(env, err))
		return exitFor(err)
	}
	enc := newJSON(env.Stdout)
	enc.Encode(map[string]any{"run": args[0], "key": args[1], "choice": args[2]})
	return ExitOK
}
