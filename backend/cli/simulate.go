package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/simulator"
)

func init() {
	register(Command{Name: "simulate", Summary: "serve a simulator of the GST/TDS service (demo data, no credits used)", Run: runSimulate})
}

func runSimulate(ctx context.Context, env Env, args []string) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	addr := fs.String("addr", "127.0.0.1:8089", "address to listen on (host:port; port 0 picks a free one)")
	seed := fs.Int64("seed", 1, "seed of the simulated data: the same seed gives the same taxpayers and invoices")
	taxpayers := fs.Int("taxpayers", simulator.DefaultTaxpayers, "number of taxpayers in the simulated registry")
	invoices := fs.Int("invoices", simulator.DefaultInvoices, "about how many GSTR-2A invoices a month has")
	all := fs.Bool("all-sections", true, "serve every section of GSTR-2A and GSTR-2B (imports, ISD, amendments, credit notes), as real clients see; false: B2B and notes only")
	fs.Usage = func() {
		fmt.Fprintln(env.Stderr, "usage: gstdesk simulate [--addr 127.0.0.1:8089] [--seed N] [--taxpayers N] [--invoices N]")
		fmt.Fprintln(env.Stderr, "\nServes a simulator of the GST/TDS service until interrupted. Point gstdesk at the URL it prints")
		fmt.Fprintln(env.Stderr, "(GSTDESK_BASE_URL) with the demo API key and secret; taxpayer sign-in takes the printed OTP.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "gstdesk simulate: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return ExitUsage
	}
	if *taxpayers < 1 || *invoices < 1 {
		fmt.Fprintln(env.Stderr, "gstdesk simulate: --taxpayers and --invoices must be 1 or more")
		return ExitUsage
	}
	sim := simulator.New(simulator.Options{Seed: *seed, Taxpayers: *taxpayers, InvoicesPerMonth: *invoices, TDS: core.LocalTDS, AllSections: *all})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk simulate: cannot listen on %s: %v. Choose another --addr.\n", *addr, err)
		return ExitFailed
	}
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	o := sim.Options()
	fmt.Fprintf(env.Stderr, "gstdesk simulator listening on http://%s\n", ln.Addr())
	fmt.Fprintf(env.Stderr, "API key: %s\nAPI secret: %s\nTaxpayer OTP: %s\n", o.APIKey, o.APISecret, o.OTP)
	fmt.Fprintf(env.Stderr, "Demo taxpayer (GSTR-2A): %s; %d taxpayers in the registry (seed %d)\n", sim.DemoTaxpayer(), len(sim.KnownGSTINs()), *seed)
	fmt.Fprintln(env.Stderr, "Press Ctrl+C to stop.")
	select {
	case <-ctx.Done():
	case err := <-served:
		fmt.Fprintf(env.Stderr, "gstdesk simulate: %v\n", err)
		sim.Close()
		return ExitFailed
	}
	sim.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(sctx)
	fmt.Fprintln(env.Stderr, "gstdesk simulator stopped.")
	return ExitOK
}
