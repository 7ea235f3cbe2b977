package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"gstdesk/backend/recon"
	"gstdesk/backend/store"
)

func init() {
	register(Command{Name: "data", Summary: "show the data folder's size and what takes it; pin runs; compact", Run: runData, UsesWorkspace: true})
}

func dataUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: gstdesk data [--format text|json] [--pin RUN] [--unpin RUN] [--compact]")
	fmt.Fprintln(w, "\nReports the data folder (GSTDESK_DATA_DIR, default: your config folder): its size, the files in it, and")
	fmt.Fprintln(w, "inside the database the space of each kind of record (lookups, GSTR-2A snapshots, reconciliation runs,")
	fmt.Fprintln(w, "payroll runs, audit log) and of each table. Measuring reads the whole database: a few seconds for gigabytes.")
	fmt.Fprintf(w, "\nEach reconciliation run stores all its rows; only the newest %d runs of the same periods are kept, and the\n", recon.KeepRuns)
	fmt.Fprintln(w, "pinned ones. --pin RUN keeps a run (its id as gstdesk recon prints it), --unpin RUN lets it go.")
	fmt.Fprintln(w, "\n--compact rewrites the database once so that removed runs give their space back to the disk from then on")
	fmt.Fprintln(w, "(a database made before this release keeps free space inside the file and reuses it). It needs free disk")
	fmt.Fprintln(w, "space about the size of the database and waits for any other gstdesk that is writing.")
	fmt.Fprintln(w, "Exit status: 0 done, 1 the folder could not be read or changed, 2 wrong command line.")
}

func runData(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("data", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	format := fs.String("format", "text", "text or json")
	pin := fs.String("pin", "", "pin this reconciliation run: it is kept however many newer runs are saved")
	unpin := fs.String("unpin", "", "unpin this reconciliation run")
	compact := fs.Bool("compact", false, "rewrite the database once so that removed records give their space back to the disk")
	fs.Usage = func() { dataUsage(env.Stderr) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "gstdesk data: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 0 {
		return fail(ExitUsage, "unexpected argument %q.", fs.Arg(0))
	}
	if *format != "text" && *format != "json" {
		return fail(ExitUsage, "--format must be text or json, not %q.", *format)
	}
	if *pin != "" && *pin == *unpin {
		return fail(ExitUsage, "--pin and --unpin name the same run: choose one.")
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		return fail(exitFor(err), "%s", publicMessage(env, err))
	}
	defer d.Close()
	for id, p := range map[string]bool{*pin: true, *unpin: false} {
		if id == "" {
			continue
		}
		if err := d.Recon.PinRun(ctx, id, p); err != nil {
			return fail(ExitFailed, "%s", publicMessage(env, err))
		}
		fmt.Fprintf(env.Stderr, "gstdesk data: run %s %s.\n", id, map[bool]string{true: "pinned", false: "unpinned"}[p])
	}
	if *compact {
		saved, err := d.Workspaces.Compact(ctx)
		if err != nil {
			return fail(ExitFailed, "%s", publicMessage(env, err))
		}
		fmt.Fprintf(env.Stderr, "gstdesk data: compacted; %s given back to the disk.\n", sizeText(saved))
	}
	u, err := d.Workspaces.DataUsage(ctx)
	if err != nil {
		return fail(ExitFailed, "%s", publicMessage(env, err))
	}
	if *format == "json" {
		enc := newIndentedJSON(env.Stdout)
		if err := enc.Encode(u); err != nil {
			return ExitFailed
		}
		return ExitOK
	}
	printUsage(env.Stdout, u)
	return ExitOK
}

// printUsage writes the data folder's usage for a person.
func printUsage(out io.Writer, u store.Usage) {
	fmt.Fprintf(out, "Data folder %s: %s\n", u.Dir, sizeText(u.TotalBytes))
	for _, f := range u.Files {
		fmt.Fprintf(out, "  %-32s %10s\n", f.Name, sizeText(f.Bytes))
	}
	fmt.Fprintf(out, "\nIn the database: %s\n", sizeText(u.DBBytes))
	for _, k := range u.Kinds {
		fmt.Fprintf(out, "  %-32s %10s\n", k.Kind, sizeText(k.Bytes))
	}
	fmt.Fprintf(out, "  %-32s %10s\n", "free space inside the file", sizeText(u.FreeBytes))
	fmt.Fprintf(out, "\n  %-32s %10s %12s\n", "Table", "Size", "Rows")
	for _, t := range u.Tables {
		fmt.Fprintf(out, "  %-32s %10s %12d\n", t.Name, sizeText(t.Bytes), t.Rows)
	}
	if u.AutoVacuum != "incremental" && u.FreeBytes > 0 {
		fmt.Fprintf(out, "\nThe database keeps %s of free space from removed records and reuses it; run gstdesk data --compact once to give it back to the disk.\n", sizeText(u.FreeBytes))
	}
}

// sizeText writes a size as a person reads it: 512 B, 3.4 KB, 760.0 MB, 1.2 GB.
func sizeText(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f %s", v, [...]string{"KB", "MB", "GB", "TB"}[i])
}
