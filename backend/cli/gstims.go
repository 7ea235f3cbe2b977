package cli

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

func init() {
	gstSubcommands["ims"] = gstIMS
	gstSubcommands["2b-regenerate"] = gst2BRegenerate
}

const imsUsage = `usage:
  gstdesk gst ims count
  gstdesk gst ims list [--section b2b|b2ba|cn|cna|dn|dna|ecom|ecoma] [--status accepted|rejected|pending|no_action_taken] [--offline]
  gstdesk gst ims set SUPPLIER_GSTIN DOCUMENT_NUMBER accept|reject|pending|reset [--period MMYYYY] [--reason TEXT]
  gstdesk gst ims apply --year YYYY --month MM [--to-month MM] --purchases FILE [--dry-run]
  gstdesk gst ims apply --run RUN [--dry-run]      (a saved run against GSTR-2B, with the actions you chose on it)
  gstdesk gst ims log`

// gstIMS runs the Invoice Management System subcommands.
func gstIMS(ctx context.Context, g *gstRun, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(g.env.Stderr, imsUsage)
		return ExitUsage
	}
	switch args[0] {
	case "count":
		return imsCount(ctx, g, args[1:])
	case "list":
		return imsList(ctx, g, args[1:])
	case "set":
		return imsSet(ctx, g, args[1:])
	case "log":
		return imsLog(ctx, g, args[1:])
	case "apply":
		return imsApply(ctx, g, args[1:])
	}
	fmt.Fprintf(g.env.Stderr, "gstdesk gst ims: unknown subcommand %q\n\n%s\n", args[0], imsUsage)
	return ExitUsage
}

func imsCount(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("ims count")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintln(g.env.Stderr, imsUsage)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	c, err := g.d.Returns.IMSCount(ctx)
	if err != nil {
		g.emit(map[string]any{"error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	for _, sec := range slices.Sorted(maps.Keys(c.Sections)) {
		n := c.Sections[sec]
		g.emit(map[string]any{"section": sec, "accepted": n.Accept, "rejected": n.Reject, "pending": n.Pending, "no_action": n.NoAction,
			"transaction_id": c.TransactionID})
	}
	return g.done(false)
}

// imsList prints one JSON line per IMS document.
func imsList(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("ims list")
	section := fs.String("section", "", "b2b, b2ba, cn, cna, dn, dna, ecom or ecoma (default: all)")
	status := fs.String("status", "", "accepted, rejected, pending or no_action_taken (default: all)")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintln(g.env.Stderr, imsUsage)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	list := g.d.Returns.IMSList
	if g.offline {
		list = g.d.Returns.IMSStored
	}
	recs, err := list(ctx, *section, *status)
	if err != nil {
		if apperr.KindOf(err) == apperr.Invalid {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst ims list: %s\n", apperr.Command.Public(err).Message)
			return ExitUsage
		}
		g.emit(map[string]any{"error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	for _, r := range recs {
		g.emit(map[string]any{"section": r.Section, "stin": r.STIN, "number": r.Number, "date": r.Date, "rtnprd": r.RtnPrd,
			"action": r.Action, "pending_blocked": r.PendingBlocked, "supplier_filed": r.SupplierFiled, "value": r.Value,
			"taxable_value": r.Taxable, "igst": r.IGST, "cgst": r.CGST, "sgst": r.SGST, "cess": r.Cess})
	}
	// A list shorter than the one it replaced is said (on stderr, so a pipe of the lines sees it).
	notices, err := g.d.Returns.IMSNotices(ctx)
	if err != nil {
		return g.fail(err)
	}
	for _, n := range notices {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims list: %s\n", n)
	}
	return g.done(false)
}

// imsSet acts on one document.
func imsSet(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("ims set")
	reason := fs.String("reason", "", "why (kept in the IMS log)")
	per := fs.String("period", "", "the supplier's return period of the document, MMYYYY (needed when IMS lists its number in two periods)")
	reduced := fs.String("itc-reduced", "", "IMS 2.0, accepting a credit note or an amendment: Y (the credit is reduced) or N (nothing was claimed to reduce); default: proposed from what gstdesk knows, the whole tax of a note when it knows nothing")
	declared := fs.String("declared", "", "with --itc-reduced Y: the reduction declared, rupees IGST,CGST,SGST,CESS (such as 0,90,90,0); default the whole tax of the note")
	remarks := fs.String("remarks", "", "remarks kept with the action on the portal")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 3 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst ims set SUPPLIER_GSTIN DOCUMENT_NUMBER accept|reject|pending|reset [--period MMYYYY] [--reason TEXT] [--itc-reduced Y|N] [--declared IGST,CGST,SGST,CESS] [--remarks TEXT]")
		return ExitUsage
	}
	switch rest[2] {
	case "accept", "reject", "pending", "reset":
	default:
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims set: the action %q is none of accept, reject, pending, reset\n", rest[2])
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if *per != "" {
		if _, err := period.ParseMonth(*per); err != nil {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst ims set: --period %q is not a return period MMYYYY\n", *per)
			return ExitUsage
		}
	}
	rq := returns.IMSChangeRequest{STIN: rest[0], Number: rest[1], Period: *per, Action: rest[2], Reason: *reason, ITCRedReq: strings.ToUpper(strings.TrimSpace(*reduced)), Remarks: *remarks}
	if rq.ITCRedReq != "" && rq.ITCRedReq != "Y" && rq.ITCRedReq != "N" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims set: --itc-reduced is Y or N, not %q\n", *reduced)
		return ExitUsage
	}
	if *declared != "" {
		d, err := parseDeclared(*declared)
		if err != nil {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst ims set: --declared %s\n", err)
			return ExitUsage
		}
		rq.Declared = &d
	}
	res, err := g.d.Returns.IMSApply(ctx, []returns.IMSChangeRequest{rq})
	return g.emitIMS(res, err)
}

// parseDeclared reads --declared: four amounts in rupees, IGST,CGST,SGST,CESS.
func parseDeclared(s string) (ims.Declared, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return ims.Declared{}, fmt.Errorf("%q: give four amounts in rupees, IGST,CGST,SGST,CESS (such as 0,90,90,0)", s)
	}
	var v [4]money.Paise
	for i, p := range parts {
		a, err := money.Parse(strings.TrimSpace(p))
		if err != nil || a < 0 {
			return ims.Declared{}, fmt.Errorf("%q: %q is not an amount in rupees", s, p)
		}
		v[i] = a
	}
	return ims.Declared{IGST: v[0], CGST: v[1], SGST: v[2], Cess: v[3]}, nil
}

// emitIMS prints one line per document acted on; exit 1 unless every one was applied.
func (g *gstRun) emitIMS(res returns.IMSApplyResult, err error) int {
	if err != nil {
		g.emit(map[string]any{"error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	if res.Notice != "" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims: %s\n", res.Notice)
	}
	for _, r := range res.Results {
		rec := map[string]any{"section": r.Section, "supplier": r.STIN, "document": r.Number, "action": r.Action, "result": r.Result}
		for k, v := range map[string]string{"rtnprd": r.Period, "from": r.From, "reason": r.Reason, "error_code": r.ErrorCode, "message": r.Message, "reference_id": r.ReferenceID} {
			if v != "" {
				rec[k] = v
			}
		}
		g.emit(rec)
	}
	return g.done(res.Applied != len(res.Results))
}

func imsLog(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("ims log")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintln(g.env.Stderr, imsUsage)
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	log, err := g.d.Returns.IMSLog(ctx)
	if err != nil {
		return g.fail(err)
	}
	for _, e := range log {
		g.emit(map[string]any{"at": e.At, "who": e.Who, "section": e.Section, "supplier": e.STIN, "document": e.Number, "from": e.PrevStatus,
			"action": e.Action, "reason": e.Reason, "reference_id": e.ReferenceID, "result": e.Result, "error_code": e.ErrorCode, "message": e.Message})
	}
	return g.done(false)
}

// gst2BRegenerate regenerates a period's GSTR-2B after IMS actions and pulls the new one.
func gst2BRegenerate(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("2b-regenerate")
	year, month := yearMonthFlags(fs, "year of the period, YYYY", "month of the period")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	periods, err := returns.PeriodRange(*year, *month, 0)
	if len(rest) > 0 || err != nil {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst 2b-regenerate --year YYYY --month MM")
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	m, err := period.ReadMonth(periods[0])
	if err != nil {
		return g.fail(err)
	}
	res, err := g.d.Returns.RegenerateGSTR2B(ctx, m)
	if err != nil {
		g.emit(map[string]any{"period": periods[0], "error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	rec := map[string]any{"period": res.Period, "reference_id": res.ReferenceID, "status": res.Pull.Status, "snapshot_id": res.Pull.SnapshotID,
		"documents": res.Pull.Documents, "rejected": res.Pull.Rejected}
	if res.Pull.Error != nil {
		rec["error"] = errorObject(res.Pull.Error)
	}
	g.emit(rec)
	return g.done(res.Pull.Error != nil)
}

// imsApply reconciles a register with GSTR-2B and applies (or, with --dry-run, lists) each row's
// recommended IMS action: one line per document with supplier, document, action, reason, result.
func imsApply(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("ims apply")
	year, month := yearMonthFlags(fs, "year of the first period, YYYY", "month of the first period")
	toMonth := monthFlag(fs, "to-month", "last month")
	purchases := fs.String("purchases", "", "the purchase register, CSV or XLSX")
	dryRun := fs.Bool("dry-run", false, "say what would be sent, send nothing")
	runID := fs.String("run", "", "a saved run against GSTR-2B (gstdesk recon runs): send its actions as you left them")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	var from, to string
	if *runID != "" {
		if len(rest) > 0 || *year != 0 || *month != 0 || *toMonth != 0 || *purchases != "" {
			fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst ims apply --run RUN [--dry-run] (the run names its periods and register)")
			return ExitUsage
		}
	} else {
		periods, err := returns.PeriodRange(*year, *month, *toMonth)
		if len(rest) > 0 || err != nil || *year == 0 || *month == 0 || *purchases == "" {
			fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst ims apply --year YYYY --month MM [--to-month MM] --purchases FILE [--dry-run]\n       gstdesk gst ims apply --run RUN [--dry-run]")
			return ExitUsage
		}
		from, to = periods[0], periods[len(periods)-1]
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if *runID != "" {
		// Paid calls are said before they are spent: IMS is listed afresh only when an action can be sent.
		// A plan that cannot be told stops here: nothing is spent that was not said first.
		plan, err := g.d.Recon.PlanApplyThreeWay(ctx, *runID)
		if err != nil {
			g.emit(map[string]any{"error": errorObject(apperr.Command.Public(err))})
			return g.done(true)
		}
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims apply: %d paid call(s) for %s.\n", plan.Calls, plan.What)
	}
	fromM, err := period.ReadMonth(from)
	if err != nil {
		return g.fail(err)
	}
	toM, err := period.ReadMonth(to)
	if err != nil {
		return g.fail(err)
	}
	res, err := g.d.Recon.ApplyThreeWay(ctx, *purchases, fromM, toM, *runID, *dryRun)
	if err != nil {
		g.emit(map[string]any{"error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	if res.RunID != "" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims apply: run %s; %d paid call(s) made listing IMS.\n", res.RunID, res.Calls)
	}
	if res.Notice != "" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst ims apply: %s\n", res.Notice)
	}
	failed := false
	for _, l := range res.Lines {
		rec := map[string]any{"supplier": l.Supplier, "document": l.Document, "section": l.Section, "action": l.Action, "reason": l.Reason, "result": l.Result}
		if l.Chosen {
			rec["chosen"] = true
		}
		if l.From != "" {
			rec["from"] = l.From
		}
		if l.Message != "" {
			rec["message"] = l.Message
		}
		switch l.Result {
		case ims.ResultApplied, "already", "dry_run", "not_in_ims":
		default: // refused, failed, unknown, or still "sent": not known to be applied
			failed = true
		}
		g.emit(rec)
	}
	return g.done(failed)
}
