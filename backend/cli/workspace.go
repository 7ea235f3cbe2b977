package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/store"
)

func init() {
	register(Command{Name: "workspace", Summary: "create, list, show, select, change or remove client workspaces", Run: runWorkspace})
}

const workspaceUsage = `usage:
  gstdesk workspace create --name NAME --gstin GSTIN --env demo|test|production [--base-url URL]
  gstdesk workspace list
  gstdesk workspace show [NAME]
  gstdesk workspace use NAME
  gstdesk workspace set NAME [--gstin G] [--env E] [--base-url URL] [--rename NEW]
  gstdesk workspace remove NAME --yes

A workspace is one client: a GSTIN, the environment it talks to (demo: made-up answers from
gstdesk's built-in demo service; test: the service's sandbox; production: the real service), and
everything gstdesk keeps for that client (GSTR-2A pulls, reconciliations, payroll runs, settings).
'create' and 'use' make a workspace the one every later command (and the window) opens; any
command also takes --workspace NAME, or GSTDESK_WORKSPACE=NAME, for that one run.
GSTDESK_BASE_URL overrides the selected workspace's base URL; GSTDESK_API_KEY and
GSTDESK_API_SECRET its credentials (otherwise the keychain's, saved from Settings).
A workspace's GSTIN cannot change while it holds that client's pulls: create another workspace.
'remove' deletes a workspace and everything it holds; without --yes it only says what it would delete.
Output: one JSON object per line. Exit 0 on success, 1 when it failed, 2 for a usage error
(an unknown workspace lists the workspaces there are).`

func runWorkspace(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, workspaceUsage)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	w := &wsRun{env: env, name: args[0]}
	var run func(ctx context.Context, args []string) int
	switch args[0] {
	case "create":
		run = w.create
	case "list":
		run = w.list
	case "show":
		run = w.show
	case "use":
		run = w.use
	case "set":
		run = w.set
	case "remove":
		run = w.remove
	default:
		fmt.Fprintf(env.Stderr, "gstdesk workspace: unknown subcommand %q\n\n%s\n", args[0], workspaceUsage)
		return ExitUsage
	}
	code := run(ctx, args[1:])
	if w.d != nil {
		w.d.Close()
	}
	return code
}

type wsRun struct {
	env  Env
	name string
	d    *desk.Desk
}

func (w *wsRun) flags() *flag.FlagSet {
	fs := flag.NewFlagSet("workspace "+w.name, flag.ContinueOnError)
	fs.SetOutput(w.env.Stderr)
	fs.Usage = func() { fmt.Fprintln(w.env.Stderr, workspaceUsage) }
	return fs
}

// parse parses flags wherever they stand among the arguments; code >= 0 means stop with it.
func (w *wsRun) parse(fs *flag.FlagSet, args []string) ([]string, int) {
	return parseAnywhere(fs, args)
}

func (w *wsRun) usage(msg string) int {
	fmt.Fprintf(w.env.Stderr, "gstdesk workspace %s: %s\n", w.name, msg)
	return ExitUsage
}

func (w *wsRun) fail(err error) int {
	fmt.Fprintf(w.env.Stderr, "gstdesk workspace %s: %s\n", w.name, apperr.Command.Public(err).Message)
	if apperr.KindOf(err) == apperr.NotFound {
		return ExitUsage // an unknown workspace: the message lists the ones there are
	}
	return exitFor(err)
}

func (w *wsRun) open(ctx context.Context) error {
	env := w.env
	if w.name != "show" && w.name != "list" {
		// These name the workspace they act on: a stale GSTDESK_WORKSPACE must not stop them.
		env.Workspace = ""
	}
	d, err := openDesk(ctx, env)
	if err != nil {
		return err
	}
	w.d = d
	return nil
}

func (w *wsRun) print(rec any) {
	b := jsonLine(rec)
	w.env.Stdout.Write(append(b, '\n'))
}

// wsRecord is a workspace as the command prints it.
type wsRecord struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	GSTIN       string `json:"gstin"`
	Environment string `json:"environment"`
	BaseURL     string `json:"base_url,omitempty"`
	Current     bool   `json:"current"`
	LastUsedAt  string `json:"last_used_at"`
}

func (w *wsRun) record(ws store.Workspace) wsRecord {
	return wsRecord{ID: ws.ID, Name: ws.Name, GSTIN: ws.GSTIN, Environment: ws.Environment, BaseURL: ws.BaseURL,
		Current: w.d != nil && w.d.Core.Workspace().ID == ws.ID, LastUsedAt: ws.LastUsedAt}
}

func (w *wsRun) create(ctx context.Context, args []string) int {
	fs := w.flags()
	var spec workspaces.Spec
	fs.StringVar(&spec.Name, "name", "", "the client's name")
	fs.StringVar(&spec.GSTIN, "gstin", "", "the client's GSTIN")
	fs.StringVar(&spec.Environment, "env", "", "demo, test or production")
	fs.StringVar(&spec.BaseURL, "base-url", "", "the service's address, when not the environment's own")
	rest, code := w.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		return w.usage(fmt.Sprintf("unexpected argument %q: give the name with --name.", rest[0]))
	}
	if strings.TrimSpace(spec.Name) == "" || spec.Environment == "" {
		return w.usage("--name and --env are required (and --gstin for test or production).")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	ws, err := w.d.Workspaces.Create(ctx, spec)
	if err != nil {
		return w.failInput(err)
	}
	w.print(w.record(ws))
	return ExitOK
}

// failInput reports a refused change: a bad or conflicting value the person typed is a usage
// error (exit 2), anything else a failure.
func (w *wsRun) failInput(err error) int {
	fmt.Fprintf(w.env.Stderr, "gstdesk workspace %s: %s\n", w.name, apperr.Command.Public(err).Message)
	switch apperr.KindOf(err) {
	case apperr.Invalid, apperr.Conflict, apperr.NotFound:
		return ExitUsage
	}
	return ExitFailed
}

func (w *wsRun) list(ctx context.Context, args []string) int {
	rest, code := w.parse(w.flags(), args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		return w.usage("takes no arguments.")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	all, err := w.d.Workspaces.List(ctx)
	if err != nil {
		return w.fail(err)
	}
	for _, ws := range all {
		w.print(w.record(ws))
	}
	return ExitOK
}

// showRecord is `workspace show`: the workspace, where its calls go, and what it holds.
type showRecord struct {
	wsRecord
	EffectiveBaseURL string           `json:"effective_base_url"`
	Credentials      string           `json:"credentials"`
	Holds            workspaces.Usage `json:"holds"`
}

func (w *wsRun) show(ctx context.Context, args []string) int {
	rest, code := w.parse(w.flags(), args)
	if code >= 0 {
		return code
	}
	if len(rest) > 1 {
		return w.usage("give at most one workspace name.")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	ws := w.d.Core.Workspace()
	if len(rest) == 1 {
		var err error
		if ws, err = w.d.Workspaces.Find(ctx, rest[0]); err != nil {
			return w.fail(err)
		}
	}
	u, err := w.d.Workspaces.Usage(ctx, ws.ID)
	if err != nil {
		return w.fail(err)
	}
	rec := showRecord{wsRecord: w.record(ws), Holds: u}
	if ws.ID == w.d.Core.Workspace().ID {
		if info, err := w.d.Workspaces.Info(ctx); err == nil {
			rec.EffectiveBaseURL = info.BaseURL
			rec.Credentials = info.Credentials.Source
		}
		if ws.Environment == store.EnvDemo && rec.EffectiveBaseURL == w.d.Core.DemoURL() {
			rec.EffectiveBaseURL = "built-in demo service"
		}
	}
	w.print(rec)
	return ExitOK
}

func (w *wsRun) use(ctx context.Context, args []string) int {
	rest, code := w.parse(w.flags(), args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		return w.usage("give the workspace's name: gstdesk workspace use NAME")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	ws, err := w.d.Workspaces.Switch(ctx, rest[0])
	if err != nil {
		return w.fail(err)
	}
	w.print(w.record(ws))
	return ExitOK
}

func (w *wsRun) set(ctx context.Context, args []string) int {
	fs := w.flags()
	var ch workspaces.Change
	fs.StringVar(&ch.GSTIN, "gstin", "", "the client's GSTIN")
	fs.StringVar(&ch.Environment, "env", "", "demo, test or production")
	fs.StringVar(&ch.BaseURL, "base-url", "", `the service's address ("" for the environment's own)`)
	fs.StringVar(&ch.Name, "rename", "", "a new name")
	rest, code := w.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		return w.usage("give the workspace's name: gstdesk workspace set NAME [--gstin G] [--env E] [--base-url URL] [--rename NEW]")
	}
	changed := false
	fs.Visit(func(f *flag.Flag) {
		changed = true
		if f.Name == "base-url" && strings.TrimSpace(f.Value.String()) == "" {
			ch.ClearBaseURL = true
		}
	})
	if !changed {
		return w.usage("say what to change: --gstin, --env, --base-url or --rename.")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	ws, err := w.d.Workspaces.Update(ctx, rest[0], ch)
	if err != nil {
		return w.failInput(err)
	}
	w.print(w.record(ws))
	return ExitOK
}

func (w *wsRun) remove(ctx context.Context, args []string) int {
	fs := w.flags()
	yes := fs.Bool("yes", false, "really delete the workspace and everything it holds")
	rest, code := w.parse(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		return w.usage("give the workspace's name: gstdesk workspace remove NAME --yes")
	}
	if err := w.open(ctx); err != nil {
		return w.fail(err)
	}
	if !*yes {
		ws, err := w.d.Workspaces.Find(ctx, rest[0])
		if err != nil {
			return w.fail(err)
		}
		u, err := w.d.Workspaces.Usage(ctx, ws.ID)
		if err != nil {
			return w.fail(err)
		}
		fmt.Fprintf(w.env.Stderr, "gstdesk workspace remove: this deletes %s. Nothing was deleted: run again with --yes to delete it.\n", removal(ws, u))
		return ExitUsage
	}
	ws, u, err := w.d.Workspaces.Remove(ctx, rest[0])
	if err != nil {
		return w.failInput(err)
	}
	fmt.Fprintf(w.env.Stderr, "gstdesk workspace remove: deleted %s.\n", removal(ws, u))
	w.print(map[string]any{"removed": w.record(ws), "deleted": u})
	return ExitOK
}

// removal says what removing a workspace deletes.
func removal(ws store.Workspace, u workspaces.Usage) string {
	what := "nothing else"
	if held := u.Held(); len(held) > 0 {
		what = strings.Join(held, ", ")
	}
	return fmt.Sprintf("workspace %q (%s, %s) and what it holds: %s", ws.Name, orNone(ws.GSTIN), ws.Environment, what)
}

func orNone(g string) string {
	if g == "" {
		return "no GSTIN"
	}
	return g
}
