package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/export"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
)

func init() {
	gstSubcommands["scorecard"] = gstScorecard
	gstSubcommands["chaser"] = gstChaser
	localSubcommands["scorecard"] = true
	localSubcommands["chaser"] = true
}

// yearFlag checks --fy before any work: a usage error (exit 2) when it is not a year.
func (g *gstRun) yearFlag(fy string) bool {
	if _, err := period.ParseFY(fy); err != nil {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: --fy %q is not a financial year: write it as \"FY 2025-26\".\n", g.name, fy)
		return false
	}
	return true
}

// gstScorecard prints the supplier scorecard of a year: one JSON line per supplier (worst first,
// or --sort), or a CSV/XLSX table; the formula and notes go to stderr.
func gstScorecard(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("scorecard")
	fy := fs.String("fy", "", `the financial year, "FY 2025-26"`)
	purchases := fs.String("purchases", "", "the purchase register, CSV or XLSX (optional: adds documents missing in 2B and mismatches)")
	sortKey := fs.String("sort", "score", "order: "+strings.Join(itcrisk.SortKeys, ", "))
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 || *fy == "" {
		fmt.Fprintln(g.env.Stderr, `usage: gstdesk gst scorecard --fy "FY 2025-26" [--purchases FILE] [--sort score|lag|missing|mismatch|rejected|unfiled|supplier] [--format json|csv|xlsx] [--out FILE]`)
		return ExitUsage
	}
	if !g.yearFlag(*fy) {
		return ExitUsage
	}
	probe := itcrisk.Scorecard{}
	if !probe.Sort(*sortKey) {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst scorecard: --sort must be one of %s, not %q.\n", strings.Join(itcrisk.SortKeys, ", "), *sortKey)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	year, err := period.ReadFY(*fy)
	if err != nil {
		return g.fail(err)
	}
	sc, err := g.d.Recon.Scorecard(ctx, year, reconcile.Register{Path: *purchases})
	if err != nil {
		return g.fail(err)
	}
	sc.Sort(*sortKey)
	f := export.JSON
	if g.format != "" {
		f, _ = export.ParseFormat(g.format)
	}
	write := func(w io.Writer) error {
		if f != export.JSON {
			return export.Write(w, f, reconcile.ScorecardTable(sc))
		}
		enc := newJSON(w)
		for i := range sc.Rows {
			if err := enc.Encode(&sc.Rows[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := g.writeRaw(write); err != nil {
		return g.fail(err)
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst scorecard: %s, %d suppliers. Score: %s\n", sc.FYLabel, len(sc.Rows), sc.Formula)
	for _, n := range sc.Notes {
		fmt.Fprintln(g.env.Stderr, "gstdesk gst scorecard:", n)
	}
	return ExitOK
}

// gstChaser writes the chaser pack: one XLSX per supplier with something to fix, in the folder
// --out, and prints one JSON line per file.
func gstChaser(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("chaser")
	fy := fs.String("fy", "", `the financial year, "FY 2025-26"`)
	purchases := fs.String("purchases", "", "the purchase register, CSV or XLSX (optional: adds documents missing in 2B and mismatches)")
	supplier := fs.String("supplier", "", "only this supplier GSTIN")
	g.outDir = true // --out is the folder the workbooks go in (made when missing)
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 || *fy == "" || g.out == "" || g.format != "" {
		fmt.Fprintln(g.env.Stderr, `usage: gstdesk gst chaser --fy "FY 2025-26" [--purchases FILE] [--supplier GSTIN] --out DIR   (one XLSX per supplier: the message to send and the documents to fix)`)
		return ExitUsage
	}
	if !g.yearFlag(*fy) {
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	year, err := period.ReadFY(*fy)
	if err != nil {
		return g.fail(err)
	}
	files, err := g.d.Recon.ChaserPack(ctx, year, reconcile.Register{Path: *purchases}, g.out, *supplier)
	if err != nil {
		return g.fail(err)
	}
	replaced := 0
	for _, f := range files {
		b := jsonLine(f)
		g.env.Stdout.Write(append(b, '\n'))
		if f.Replaced {
			replaced++
		}
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst chaser: %d supplier pack(s) written to %s.\n", len(files), g.out)
	if replaced > 0 {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst chaser: %d of them replaced a pack of the same supplier already in the folder.\n", replaced)
	}
	return ExitOK
}
