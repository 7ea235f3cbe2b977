package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/export"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/lookup"
)

func init() {
	register(Command{Name: "gst", Summary: "GST lookups, changed GSTINs, applicants, taxpayer sign-in, GSTR-2A", Run: runGST, UsesWorkspace: true})
}

const gstUsage = `usage:
  gstdesk gst verify [flags] GSTIN...
  gstdesk gst search [--accept-cache] [flags] GSTIN...
  gstdesk gst preference --fy "FY 2025-26" [flags] GSTIN...
  gstdesk gst changed --date DD-MM-YYYY --state NN [--page N | --all] [flags]
  gstdesk gst applicant [flags] ENROLMENT
  gstdesk gst applicant-check ENROLMENT [--email E] [--mobile M]
  gstdesk gst login --username U --gstin G [--otp NNNNNN]
  gstdesk gst logout [--gstin G]
  gstdesk gst 2a-b2b --year YYYY --month MM [--to-month MM] [--supplier GSTIN] [--from DD/MM/YYYY] [flags]
  gstdesk gst 2a-diff --year YYYY --month MM
  gstdesk gst 2b --year YYYY --month MM [--to-month MM] [flags]
  gstdesk gst 2b-diff --year YYYY --month MM
  gstdesk gst import FILE   (a GSTR-2A or GSTR-2B JSON file from the GST portal; the kind is detected)
  gstdesk gst 2b-regenerate --year YYYY --month MM
  gstdesk gst ims count | list [--section S] [--status S] | set SUPPLIER_GSTIN DOCUMENT accept|reject|pending|reset [--itc-reduced Y|N] [--declared IGST,CGST,SGST,CESS] [--remarks T] | log
  gstdesk gst ims apply --year YYYY --month MM --purchases FILE [--dry-run]
  gstdesk gst scorecard --fy "FY 2025-26" [--purchases FILE] [--sort score|lag|missing|mismatch|rejected|unfiled|supplier] [flags]
  gstdesk gst chaser --fy "FY 2025-26" [--purchases FILE] [--supplier GSTIN] --out DIR   (one XLSX per supplier to chase)
  gstdesk gst 3b --year YYYY --month MM [--record] [--format json|xlsx --out FILE]   (GSTR-3B Table 4 from the 2B, with its bridge)
  gstdesk gst 3b claim|hold|block|unblock SUPPLIER DOCUMENT ... | ledger --year YYYY --month MM | log
  gstdesk gst 9 --fy "FY 2025-26" [--format json|xlsx --out FILE]   (GSTR-9 Tables 6, 8 and 13)
  gstdesk gst 2a-docs --year YYYY --month MM [--to-month MM] [--section S]   (GSTR-2A documents besides B2B)

Common flags: --offline (answer from stored answers only), --fresh (ignore stored answers),
--format json|csv|xlsx with --out FILE (write a file instead of JSON lines on stdout; a period's
notice or error is said on stderr too, and the exit status says a failed one).
Output: one JSON object per line: {"gstin"|"key": ..., "source": "remote"|"demo"|"cache", "fetched_at": ...,
"data": ...} or {..., "error": {"kind", "message", "status"}}; a GSTIN no taxpayer has is the
answer {"gstin": ..., "not_registered": true, "message": ...}, not a failure. Exit 0 when every item
was answered, 1 when any failed, 2 for a usage error. Configuration comes from the current workspace, overridden by
GSTDESK_DATA_DIR, GSTDESK_BASE_URL, GSTDESK_API_KEY, GSTDESK_API_SECRET (and GSTDESK_TAXPAYER_TOKEN).`

// gstSubcommands maps each "gstdesk gst" subcommand to its runner; other files add to it.
var gstSubcommands = map[string]func(ctx context.Context, g *gstRun, args []string) int{
	"verify":          gstLookup(lookup.OpVerify),
	"search":          gstLookup(lookup.OpSearch),
	"preference":      gstLookup(lookup.OpPreference),
	"changed":         gstChanged,
	"applicant":       gstApplicant,
	"applicant-check": gstApplicantCheck,
	"login":           gstLogin,
	"logout":          gstLogout,
}

// localSubcommands read only what is stored: they call no service, so credentials given to the
// demo workspace do not stop them.
var localSubcommands = map[string]bool{"2a-diff": true}

// gstRun is one invocation: its streams, flags common to every subcommand, and the opened desk.
type gstRun struct {
	env     Env
	name    string
	offline bool
	fresh   bool
	format  string
	out     string
	// outDir says --out names a folder (a command that writes several files).
	outDir  bool
	d       *desk.Desk
	records []map[string]any
}

func (g *gstRun) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("gst "+name, flag.ContinueOnError)
	fs.SetOutput(g.env.Stderr)
	fs.BoolVar(&g.offline, "offline", false, "answer from stored answers only")
	fs.BoolVar(&g.fresh, "fresh", false, "ignore stored answers and ask the service")
	fs.StringVar(&g.format, "format", "", "json, csv or xlsx (with --out)")
	fs.StringVar(&g.out, "out", "", "write to this file instead of stdout")
	fs.Usage = func() { fmt.Fprintln(g.env.Stderr, gstUsage) }
	return fs
}

// periodFlags are a command's --year, --month and (for a range) --to-month.
type periodFlags struct{ year, month, toMonth *int }

// addPeriodFlags adds --year and --month to fs, and --to-month when the command takes a range.
func addPeriodFlags(fs *flag.FlagSet, toMonth bool) periodFlags {
	of := "the period"
	if toMonth {
		of = "the first period"
	}
	pf := periodFlags{toMonth: new(int)}
	pf.year, pf.month = yearMonthFlags(fs, "year of "+of+", YYYY", "month of "+of)
	if toMonth {
		pf.toMonth = monthFlag(fs, "to-month", "last month (a range; crosses into the next year when smaller than --month)")
	}
	return pf
}

// periods parses fs (parse) and gives the periods (YYYY-MM) its period flags name; when there is
// nothing to do (help, or a usage error said with usage) it returns the exit status (ok false).
func (g *gstRun) periods(fs *flag.FlagSet, pf periodFlags, args []string, usage string) (periods []string, code int, ok bool) {
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return nil, code, false
	}
	if len(rest) > 0 || *pf.year == 0 || *pf.month == 0 {
		fmt.Fprintln(g.env.Stderr, "usage: "+usage)
		return nil, ExitUsage, false
	}
	periods, err := returns.PeriodRange(*pf.year, *pf.month, *pf.toMonth)
	if err != nil {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %v\n", g.name, err)
		return nil, ExitUsage, false
	}
	return periods, ExitOK, true
}

// parse parses flags wherever they stand among the arguments (GSTINs first or flags first).
func (g *gstRun) parse(fs *flag.FlagSet, args []string) ([]string, int) {
	pos, code := parseAnywhere(fs, args)
	if code >= 0 {
		return nil, code
	}
	if g.format != "" {
		if _, err := export.ParseFormat(g.format); err != nil {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %v\n", g.name, err)
			return nil, ExitUsage
		}
		if strings.EqualFold(g.format, "xlsx") && g.out == "" {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: --format xlsx needs --out FILE\n", g.name)
			return nil, ExitUsage
		}
	}
	check := checkOut
	if g.outDir {
		check = checkOutDir
	}
	if msg := check(g.env, g.out); msg != "" && g.out != "" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %s\n", g.name, msg)
		return nil, ExitUsage
	}
	if g.offline && g.fresh {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: --offline and --fresh cannot go together\n", g.name)
		return nil, ExitUsage
	}
	return pos, -1
}

func (g *gstRun) open(ctx context.Context) error {
	d, err := openDesk(ctx, g.env)
	if err != nil {
		return err
	}
	d.Core.SetOffline(g.offline)
	g.d = d
	if !g.offline && !localSubcommands[g.name] {
		// Credentials given to a demo workspace: the person meant a real service.
		if err := d.Core.CheckDemoSource(); err != nil {
			return usageError{err}
		}
	}
	return nil
}

// ask answers one lookup through the lookups service's Ask, the window's road, opening the data
// folder first; ok is false (and code the exit status, after saying why) when it could not.
func (g *gstRun) ask(ctx context.Context, q lookups.Question) (a lookup.Answer, cl *gstapi.ChangedList, code int, ok bool) {
	if g.d == nil {
		if err := g.open(ctx); err != nil {
			return a, nil, g.fail(err), false
		}
	}
	a, cl, err := g.d.Lookups.Ask(ctx, q)
	if err != nil {
		return a, nil, g.fail(err), false
	}
	return a, cl, ExitOK, true
}

func runGST(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, gstUsage)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	run, ok := gstSubcommands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "gstdesk gst: unknown subcommand %q\n\n%s\n", args[0], gstUsage)
		return ExitUsage
	}
	g := &gstRun{env: env, name: args[0]}
	code := run(ctx, g, args[1:])
	if g.d != nil {
		g.d.Close()
	}
	return code
}

// errorObject is the "error" of an output line.
func errorObject(e *apperr.Error) map[string]any {
	o := map[string]any{"kind": e.Kind, "message": e.Message}
	if e.Status != 0 {
		o["status"] = e.Status
	}
	if e.TransactionID != "" {
		o["transaction_id"] = e.TransactionID
	}
	return o
}

// emit writes one output record: a JSON line now, or keeps it for a file at the end.
func (g *gstRun) emit(rec map[string]any) {
	if g.format == "" && g.out == "" {
		b := jsonLine(rec)
		g.env.Stdout.Write(append(b, '\n'))
		return
	}
	g.records = append(g.records, rec)
}

// emitSaid emits rec and says on stderr what a person must not miss of it: its notice always (so
// it is seen when the lines go to a pipe), and its error when the records are kept for a file or
// a table (--out, --format) rather than printed as lines; the exit status says a failure too.
// Each is "gstdesk gst NAME: KEY: text", KEY the record's period or file.
func (g *gstRun) emitSaid(rec map[string]any) {
	key, _ := rec["period"].(string)
	if key == "" {
		key, _ = rec["file"].(string)
	}
	if n, _ := rec["notice"].(string); n != "" {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %s: %s\n", g.name, key, n)
	}
	if e, ok := rec["error"].(map[string]any); ok && (g.format != "" || g.out != "") {
		fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %s: %v\n", g.name, key, e["message"])
	}
	g.emit(rec)
}

// answerRecord is the output record of a lookup answer under keyName ("gstin" or "key").
func answerRecord(keyName, key string, a lookup.Answer) map[string]any {
	rec := map[string]any{keyName: key}
	if a.Error != nil {
		rec["error"] = errorObject(a.Error)
		return rec
	}
	rec["source"] = a.Source
	if a.Stored && a.Source == lookup.FromDemo {
		rec["stored"] = true // a stored demo answer: "demo" says what it is, this says it was not asked now
	}
	rec["fetched_at"] = stamp(a.FetchedAt)
	if a.TransactionID != "" {
		rec["transaction_id"] = a.TransactionID
	}
	if a.Note != "" {
		rec["note"] = a.Note
	}
	if a.StandsIn {
		rec["stands_in"] = true // --fresh was asked and not had: the exit status says it failed
	}
	rec["data"] = json.RawMessage(a.Data)
	return rec
}

// finish writes the kept records to the file or stdout in the chosen format.
func (g *gstRun) finish() error {
	if g.format == "" && g.out == "" {
		return nil
	}
	f := export.JSON
	if g.format != "" {
		f, _ = export.ParseFormat(g.format)
	}
	if f == export.JSON {
		// The records as they would have been printed, as one JSON array.
		return g.writeRaw(func(w io.Writer) error {
			enc := newIndentedJSON(w)
			if g.records == nil {
				g.records = []map[string]any{}
			}
			return enc.Encode(g.records)
		})
	}
	return g.writeTable(f, recordsTable(g.name, g.records))
}

// writeTable writes t to --out, or to stdout.
func (g *gstRun) writeTable(f export.Format, t export.Table) error {
	return g.writeRaw(func(w io.Writer) error { return export.Write(w, f, t) })
}

func (g *gstRun) writeRaw(write func(io.Writer) error) error {
	err := writeOutput(g.env, g.out, write)
	if err != nil && g.out != "" {
		return apperr.New(apperr.Invalid, "Cannot write %s: %v", g.out, err)
	}
	return err
}

// recordsTable is the one place a gst command's output records become table rows (--format csv or
// xlsx): every value of a record comes out whole, never dropped. Its keys at any depth become
// columns named by their path ("data.lgnm", "diff.to.totals.igst"); a list of objects gives one row
// per item, each with the keys of the record around it (a record with two lists gives the rows of
// the first, then those of the second); a list of plain values is one cell, its values joined by
// "; ". The first columns are the key, source, time, transaction id and error; the others follow
// in the order first met. TestGSTTablesHoldEveryFigure runs every gst command that writes a table.
func recordsTable(name string, recs []map[string]any) export.Table {
	t := export.Table{Name: name}
	base := []string{"gstin", "key", "period", "financial_year", "source", "stored", "fetched_at", "transaction_id", "not_registered", "message", "note", "error"}
	isBase := map[string]bool{}
	for _, k := range base {
		isBase[k] = true
	}
	present := map[string]bool{}
	var others []string
	var rows []map[string]any
	for _, r := range recs {
		v := map[string]any{}
		for k, x := range r {
			switch k {
			case "data":
				if raw, ok := x.(json.RawMessage); ok {
					var d any
					if json.Unmarshal(raw, &d) == nil {
						x = d
					} else {
						x = string(raw)
					}
				}
			case "error":
				if m, ok := x.(map[string]any); ok {
					// The message under "error" as before; its kind, status and id beside it.
					e := map[string]any{}
					for ek, ev := range m {
						if ek != "message" {
							e[ek] = ev
						}
					}
					v["error"] = fmt.Sprint(m["message"])
					if len(e) > 0 {
						v["error_detail"] = e
					}
					continue
				}
			}
			v[k] = x
		}
		for _, row := range flattenRows("", plain(v)) {
			for _, k := range sortedKeys(row) {
				if present[k] {
					continue
				}
				present[k] = true
				if !isBase[k] {
					others = append(others, k)
				}
			}
			rows = append(rows, row)
		}
	}
	var cols []string
	for _, k := range base {
		if present[k] {
			cols = append(cols, k)
		}
	}
	cols = append(cols, others...)
	for _, c := range cols {
		t.Columns = append(t.Columns, export.Column{Key: c, Title: c})
	}
	for _, row := range rows {
		vals := make([]any, len(cols))
		for i, c := range cols {
			vals[i] = row[c]
		}
		t.Rows = append(t.Rows, vals)
	}
	return t
}

// plain turns v (a record as a command builds it: maps, slices, structs, raw JSON) into what JSON
// decoding gives (map[string]any, []any, string, float64, bool, nil), so that flattenRows sees
// every value the JSON line would hold.
func plain(v map[string]any) any {
	var out any
	if err := json.Unmarshal(jsonLine(v), &out); err != nil {
		return v
	}
	return out
}

// flattenRows is v as table rows, its columns named under prefix (see recordsTable).
func flattenRows(prefix string, v any) []map[string]any {
	rows, _ := flatten(prefix, v)
	return rows
}

// flatten is flattenRows also saying whether the rows come from a list of objects (listed): such
// rows stay rows of their own beside another list's, even when there is one, never merged into
// them (a document removed never reads as a part of each document added).
func flatten(prefix string, v any) (rows []map[string]any, listed bool) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch x := v.(type) {
	case map[string]any:
		base := map[string]any{}
		var groups [][]map[string]any
		for _, k := range sortedKeys(x) {
			sub, subListed := flatten(join(k), x[k])
			switch {
			case len(sub) == 0:
			case len(sub) == 1 && !subListed:
				for sk, sv := range sub[0] {
					base[sk] = sv
				}
			default:
				groups = append(groups, sub)
			}
		}
		if len(groups) == 0 {
			return []map[string]any{base}, false
		}
		var out []map[string]any
		for _, g := range groups {
			for _, r := range g {
				row := make(map[string]any, len(base)+len(r))
				for k, v := range base {
					row[k] = v
				}
				for k, v := range r {
					row[k] = v
				}
				out = append(out, row)
			}
		}
		return out, true
	case []any:
		if len(x) == 0 {
			return []map[string]any{{prefix: ""}}, false
		}
		scalars := true
		for _, it := range x {
			switch it.(type) {
			case map[string]any, []any:
				scalars = false
			}
		}
		if scalars {
			parts := make([]string, len(x))
			for i, it := range x {
				parts[i] = scalarText(it)
			}
			return []map[string]any{{prefix: strings.Join(parts, "; ")}}, false
		}
		var out []map[string]any
		for _, it := range x {
			sub, _ := flatten(prefix, it)
			out = append(out, sub...)
		}
		return out, true
	default:
		return []map[string]any{{prefix: x}}, false
	}
}

// scalarText is a plain JSON value as text, numbers as JSON writes them.
func scalarText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		return x
	default:
		return fmt.Sprint(x)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (g *gstRun) fail(err error) int {
	fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: %s\n", g.name, publicMessage(g.env, err))
	return exitFor(err)
}

func (g *gstRun) done(failed bool) int {
	if err := g.finish(); err != nil {
		return g.fail(err)
	}
	if failed {
		return ExitFailed
	}
	return ExitOK
}

func gstLookup(op string) func(ctx context.Context, g *gstRun, args []string) int {
	return func(ctx context.Context, g *gstRun, args []string) int {
		fs := g.flags(g.name)
		acceptCache := fs.Bool("accept-cache", false, "let the service answer from its own cache (search)")
		fy := fs.String("fy", "", `financial year, e.g. "FY 2025-26" (preference)`)
		list, code := g.parse(fs, args)
		if code >= 0 {
			return code
		}
		if len(list) == 0 {
			fmt.Fprintf(g.env.Stderr, "gstdesk gst %s: give at least one GSTIN\n", g.name)
			return ExitUsage
		}
		if op == lookup.OpPreference && *fy == "" {
			fmt.Fprintln(g.env.Stderr, `gstdesk gst preference: --fy is required, e.g. --fy "FY 2025-26"`)
			return ExitUsage
		}
		failed := false
		for _, in := range list {
			a, _, code, ok := g.ask(ctx, lookups.Question{Op: op, Input: in, FY: *fy, Fresh: g.fresh, AcceptCache: *acceptCache})
			if !ok {
				return code
			}
			key := a.Key
			if op == lookup.OpPreference {
				key, _, _ = strings.Cut(a.Key, "|")
			}
			if key == "" {
				key = strings.ToUpper(strings.TrimSpace(in))
			}
			rec := answerRecord("gstin", key, a)
			if op != lookup.OpPreference && a.NotRegistered() {
				// The service's answer that no taxpayer has the GSTIN: a result, not a failed call.
				rec = map[string]any{"gstin": key, "not_registered": true, "message": lookup.NotRegisteredMessage}
				g.emit(rec)
				continue
			}
			if op == lookup.OpPreference && a.Error == nil {
				_, f, _ := strings.Cut(a.Key, "|")
				rec["financial_year"] = f
			}
			g.emit(rec)
			failed = failed || a.Error != nil || a.StandsIn
		}
		return g.done(failed)
	}
}

func gstChanged(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("changed")
	date := fs.String("date", "", "date of the changes, DD-MM-YYYY")
	state := fs.String("state", "", "two-digit state code")
	page := fs.Int("page", 1, "page to fetch")
	all := fs.Bool("all", false, "fetch every page")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 || *date == "" || *state == "" || *page < 1 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst changed --date DD-MM-YYYY --state NN [--page N | --all]")
		return ExitUsage
	}
	failed := false
	for p, last := *page, *page; p <= last; p++ {
		a, cl, code, ok := g.ask(ctx, lookups.Question{Op: lookup.OpChanged, Date: *date, State: *state, Page: p, Fresh: g.fresh})
		if !ok {
			return code
		}
		g.emit(answerRecord("key", a.Key, a))
		if a.Error != nil {
			failed = true
			break
		}
		failed = failed || a.StandsIn
		if *all {
			last = cl.TotalPages
		}
	}
	return g.done(failed)
}

func gstApplicant(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("applicant")
	list, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(list) == 0 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst applicant ENROLMENT...")
		return ExitUsage
	}
	failed := false
	for _, e := range list {
		a, _, code, ok := g.ask(ctx, lookups.Question{Op: lookup.OpApplicant, Input: e, Fresh: g.fresh})
		if !ok {
			return code
		}
		g.emit(answerRecord("key", strings.ToUpper(strings.TrimSpace(e)), a))
		failed = failed || a.Error != nil || a.StandsIn
	}
	return g.done(failed)
}

func gstApplicantCheck(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("applicant-check")
	email := fs.String("email", "", "e-mail address to check")
	mobile := fs.String("mobile", "", "mobile number to check")
	list, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(list) != 1 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst applicant-check ENROLMENT [--email E] [--mobile M]")
		return ExitUsage
	}
	a, _, code, ok := g.ask(ctx, lookups.Question{Op: lookup.OpApplicantCheck, Input: list[0], Email: *email, Mobile: *mobile})
	if !ok {
		return code
	}
	g.emit(answerRecord("key", strings.ToUpper(strings.TrimSpace(list[0])), a))
	return g.done(a.Error != nil || a.StandsIn)
}

func gstLogin(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("login")
	user := fs.String("username", "", "GST portal user name of the taxpayer")
	gst := fs.String("gstin", "", "GSTIN of the taxpayer (default: the workspace's)")
	otp := fs.String("otp", "", "the OTP the portal sent; without it, an OTP is requested")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 || *user == "" {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst login --username U --gstin G [--otp NNNNNN]")
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if *otp == "" {
		if err := g.d.Returns.RequestOTP(ctx, *user, *gst); err != nil {
			g.emit(map[string]any{"gstin": strings.ToUpper(*gst), "error": errorObject(apperr.Command.Public(err))})
			return g.done(true)
		}
		g.emit(map[string]any{"gstin": strings.ToUpper(*gst), "otp_sent": true})
		fmt.Fprintln(g.env.Stderr, "An OTP was sent to the taxpayer. Run again with --otp NNNNNN.")
		return g.done(false)
	}
	if g.d.Core.InProcessDemo(ctx) {
		// The demo's simulator lives only as long as this process: ask for the OTP first, as the
		// app would have done in an earlier step.
		if err := g.d.Returns.RequestOTP(ctx, *user, *gst); err != nil {
			g.emit(map[string]any{"gstin": strings.ToUpper(*gst), "error": errorObject(apperr.Command.Public(err))})
			return g.done(true)
		}
	}
	v, err := g.d.Returns.VerifyOTP(ctx, *user, *gst, *otp)
	if err != nil {
		g.emit(map[string]any{"gstin": strings.ToUpper(*gst), "error": errorObject(apperr.Command.Public(err))})
		return g.done(true)
	}
	if v.Warning != "" {
		fmt.Fprintln(g.env.Stderr, "warning:", v.Warning)
	}
	g.emit(map[string]any{"gstin": v.GSTIN, "session_expiry": v.SessionExpiry})
	return g.done(false)
}

func gstLogout(ctx context.Context, g *gstRun, args []string) int {
	fs := g.flags("logout")
	gst := fs.String("gstin", "", "GSTIN of the taxpayer (default: the workspace's)")
	rest, code := g.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintln(g.env.Stderr, "usage: gstdesk gst logout [--gstin G]")
		return ExitUsage
	}
	if err := g.open(ctx); err != nil {
		return g.fail(err)
	}
	if err := g.d.Returns.Logout(ctx, *gst); err != nil {
		return g.fail(err)
	}
	return g.done(false)
}
