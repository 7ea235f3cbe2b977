package cli

import (
	"context"
	"encoding/json"
	"fmt"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/lookup"
	"gstdesk/backend/period"
)

func init() {
	gstSubcommands["2b"] = gst2B
	gstSubcommands["2b-diff"] = gst2BDiff
	gstSubcommands["import"] = gstImport
	localSubcommands["2b-diff"] = true
	localSubcommands["import"] = true
}

// gst2B pulls (or, with --offline, reads the latest stored snapshot of) the GSTR-2B of one or more
// periods and prints one JSON line per period: {"period", "status", "source", "fetched_at",
// "data": {"chksum", "data": {...}}}; a period not generated yet says so with "expected_by".
func gst2B(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2b")
	periods, code, ok := g.periods(fs, addPeriodFlags(fs, true), args,
		"gstdesk gst 2b --year YYYY --month MM [--to-month MM] [--offline] [--fresh] [--format json|csv|xlsx] [--out FILE]")
	if !ok {
		return code
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	var got []periodReturn
	failed := false
	if g.offline {
		for _, p := range periods {
			m, err := period.ReadMonth(p)
			if err != nil {
				return g.fail(err)
			}
			snap, raw, err := g.d.Returns.StoredGSTR2B(ctx, m)
			if err != nil {
				g.emitSaid(map[string]any{"period": p, "error": errorObject(apperr.Command.Public(err))})
				failed = true
				continue
			}
			status, source := "pulled", g.source(lookup.FromCache)
			if snap.Status == gstr2b.StatusEmpty {
				status = "empty"
			}
			if snap.Source == gstr2b.SourceFile {
				status, source = "imported", "file" // a portal file, never "pulled" from the demo or a cache
			}
			rec := map[string]any{"period": p, "status": status, "source": source, "from": snap.SourceText(),
				"fetched_at": stamp(snap.FetchedAt), "transaction_id": snap.TransactionID, "data": returnData(raw)}
			if snap.Note != "" {
				rec["notice"] = snap.Note
			}
			if len(snap.Notices) > 0 {
				rec["notices"] = snap.Notices
			}
			got = append(got, periodReturn{p, raw})
			g.emitSaid(rec)
		}
		return g.finish2B(got, failed)
	}
	months, err := period.ReadMonths(periods)
	if err != nil {
		return g.fail(err)
	}
	res, err := g.d.Returns.PullGSTR2B(ctx, months, true, nil)
	if err != nil {
		for _, p := range periods {
			g.emitSaid(map[string]any{"period": p, "error": errorObject(apperr.Command.Public(err))})
		}
		return g.done(true)
	}
	for _, r := range res {
		if r.Error != nil {
			g.emitSaid(map[string]any{"period": r.Period, "status": "error", "error": errorObject(r.Error)})
			failed = true
			continue
		}
		rec := map[string]any{"period": r.Period, "status": r.Status, "source": g.source(lookup.FromRemote)}
		if r.TransactionID != "" {
			rec["transaction_id"] = r.TransactionID
		}
		if r.Notice != "" {
			rec["notice"] = r.Notice
		}
		switch r.Status {
		case "not_generated":
			if r.ExpectedBy != "" {
				rec["expected_by"] = r.ExpectedBy
			}
		default:
			rec["fetched_at"], rec["documents"], rec["rejected"], rec["data"] = r.FetchedAt, r.Documents, r.Rejected, returnData(r.Raw)
			if r.Files > 0 {
				rec["files"] = r.Files
			}
			got = append(got, periodReturn{r.Period, r.Raw})
		}
		g.emitSaid(rec)
	}
	return g.finish2B(got, failed)
}

type periodReturn struct {
	period string
	raw    []byte
}

// returnData is the stored return, or null for a period with nothing.
func returnData(raw []byte) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

// finish2B writes the file formats: JSON keeps the per-period records; CSV and XLSX are one row
// per document.
func (g *gstRun) finish2B(rs []periodReturn, failed bool) int {
	f, _ := export.ParseFormat(g.format)
	if f != export.CSV && f != export.XLSX {
		return g.done(failed)
	}
	g.records = nil
	t := gstr2b.ExportTable()
	for _, pr := range rs {
		if len(pr.raw) == 0 {
			continue
		}
		r, err := gstr2b.Parse(pr.raw, gstr2b.FromService)
		if err != nil {
			return g.fail(err)
		}
		for i := range r.Documents {
			gstr2b.AppendExportRow(&t, pr.period, &r.Documents[i])
		}
	}
	if err := g.writeTable(f, t); err != nil {
		return g.fail(err)
	}
	if failed {
		return ExitFailed
	}
	return ExitOK
}

// gst2BDiff prints what changed between the last two stored GSTR-2B snapshots of a period.
func gst2BDiff(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2b-diff")
	periods, code, ok := g.periods(fs, addPeriodFlags(fs, false), args, "gstdesk gst 2b-diff --year YYYY --month MM")
	if !ok {
		return code
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	m, err := period.ReadMonth(periods[0])
	if err != nil {
		return g.fail(err)
	}
	d, err := g.d.Returns.GSTR2BDiff(ctx, m, "", "")
	if err != nil {
		g.emit(map[string]any{"period": periods[0], "error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	fmt.Fprintln(g.env.Stderr, "gstdesk gst 2b-diff:", d.ScopeNote)
	b := jsonLine(d)
	g.emit(map[string]any{"period": periods[0], "from": stamp(d.From.FetchedAt), "to": stamp(d.To.FetchedAt),
		"diff": json.RawMessage(b)})
	return g.done(false)
}

// gstImport imports a GSTR-2A or GSTR-2B JSON file downloaded from the GST portal (no API call):
// one JSON line saying what it was and what was stored.
func gstImport(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("import")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst import FILE   (a GSTR-2A or GSTR-2B JSON file downloaded from the GST portal)")
		return ExitUsage
	}
	path := rest[0]
	failed := func(e *apperr.Error) int {
		g.emitSaid(map[string]any{"file": path, "error": errorObject(e)})
		return g.done(true)
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	res, err := g.d.Returns.ImportPortalPath(ctx, path)
	if err != nil {
		return failed(apperr.Command.Public(err))
	}
	rec := map[string]any{"file": path, "kind": res.Kind, "gstin": res.GSTIN, "period": res.Period, "source": "file",
		"snapshot_id": res.SnapshotID, "documents": res.Documents, "suppliers": res.Suppliers}
	if res.Notice != "" {
		rec["notice"] = res.Notice
	}
	// Every notice whole, on stderr too: the ones that say a document was left out of the
	// figures must not hide behind "and 2 more".
	if len(res.Notices) > 0 {
		rec["notices"] = res.Notices
	}
	said := res.Notices
	if len(said) == 0 && res.Notice != "" {
		said = []string{res.Notice}
	}
	for _, n := range said {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %s: %s\n", g.name, res.Period, n)
	}
	g.emit(rec)
	return g.done(false)
}
