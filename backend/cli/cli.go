// Package cli is gstdesk's command line: the same binary that opens the window answers
// subcommands (gstdesk version, gstdesk gst ..., gstdesk tds ...) for batch and scripted use.
// Each subcommand lives in its own file and registers itself in init.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/buildinfo"
	"gstdesk/backend/desk"
	"gstdesk/backend/export"
)

// Version is the version of gstdesk (see package buildinfo).
var Version = buildinfo.Version

// Env is what a subcommand may use: its streams and the process environment.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads an environment variable; tests replace it.
	Getenv func(string) string
	// Workspace is the workspace (name or id) this command works in: --workspace, else
	// GSTDESK_WORKSPACE, else "" for the last used one. Main sets it.
	Workspace string

	// opened collects the desks the command opened, so that Main can tell whether one of them
	// refused a write (a read-only desk): such a command exits 2 whatever path it took.
	opened *[]*desk.Desk
	// guard is what no file the command writes for the person may be (the data folder, the files
	// named on its command line); Main sets it (outGuard).
	guard *export.Guard
}

// Exit statuses shared by every subcommand.
const (
	ExitOK      = 0
	ExitFailed  = 1 // some item failed or the input was invalid
	ExitUsage   = 2 // the command line itself was wrong
	exitUnknown = ExitUsage
)

// Command is one subcommand.
type Command struct {
	Name    string
	Summary string
	Run     func(ctx context.Context, env Env, args []string) int
	// UsesWorkspace says the command works in a workspace, so an unknown --workspace (or
	// GSTDESK_WORKSPACE) stops it before anything else; commands that keep no data (tds calc,
	// simulate) and workspace itself (it names its own) leave it false.
	UsesWorkspace bool
}

var commands = map[string]Command{}

// register adds a subcommand; each command file calls it from init.
func register(c Command) {
	if _, dup := commands[c.Name]; dup {
		panic("cli: command registered twice: " + c.Name)
	}
	commands[c.Name] = c
}

// IsCommand reports whether args name a subcommand, so main knows not to open the window.
func IsCommand(args []string) bool {
	if len(args) == 0 {
		return false
	}
	a := args[0]
	if a == "-h" || a == "--help" || a == "-v" || a == "--version" {
		return true
	}
	_, ok := commands[a]
	return ok || !strings.HasPrefix(a, "-")
}

// Main runs the subcommand named by args[0] and returns the process exit status.
func Main(ctx context.Context, env Env, args []string) int {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.Stdin == nil {
		env.Stdin = os.Stdin
	}
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "--help":
		args = []string{"help"}
	case "-v", "--version":
		args = []string{"version"}
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "gstdesk: unknown command %q\n\n", args[0])
		usage(env.Stderr)
		return exitUnknown
	}
	ref, rest, err := takeWorkspaceFlag(args[1:])
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk %s: %v\n", args[0], err)
		return ExitUsage
	}
	if ref == "" {
		ref = strings.TrimSpace(env.Getenv("GSTDESK_WORKSPACE"))
	}
	env.Workspace = ref
	if ref != "" && c.UsesWorkspace {
		// An unknown workspace is a usage error, said before any other work starts.
		d, err := openDesk(ctx, env)
		if err != nil {
			fmt.Fprintf(env.Stderr, "gstdesk %s: %s\n", args[0], apperr.Command.Public(err).Message)
			return exitFor(err)
		}
		d.Close()
	}
	var opened []*desk.Desk
	env.opened = &opened
	env.guard = commandGuard(env, rest)
	stdout := &checkedWriter{w: env.Stdout}
	env.Stdout = stdout
	code := c.Run(ctx, env, rest)
	if err := stdout.Err(); err != nil {
		// A full disk or a closed pipe: what the command printed is not all there, whatever the
		// command itself thought.
		fmt.Fprintf(env.Stderr, "gstdesk %s: the output could not be written to standard output (%v): nothing printed can be trusted to be whole. Free space on the disk, or write to a file with room (--out FILE where the command has it), and run the command again.\n", args[0], err)
		if code == ExitOK {
			code = ExitFailed
		}
	}
	for _, d := range opened {
		if d.Workspaces.WritesRefused() > 0 {
			// A change refused by a desk that only reads (one that follows a replica, or whose
			// replica another desk took over): the command itself must change (run it on the
			// writer desk), whatever status its own path chose.
			return ExitUsage
		}
	}
	return code
}

// takeWorkspaceFlag removes --workspace NAME (or --workspace=NAME) from a command's arguments:
// every command accepts it.
func takeWorkspaceFlag(args []string) (string, []string, error) {
	var ref string
	rest := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "workspace" {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return "", nil, fmt.Errorf("--workspace needs a workspace name or id (gstdesk workspace list shows them)")
			}
			i++
			val = args[i]
		}
		if strings.TrimSpace(val) == "" {
			return "", nil, fmt.Errorf("--workspace needs a workspace name or id (gstdesk workspace list shows them)")
		}
		ref = strings.TrimSpace(val)
	}
	return ref, rest, nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gstdesk: GST lookups, GSTR-2A review and salary TDS for accountants.")
	fmt.Fprintln(w, "\nWith no arguments gstdesk opens its window. Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].Summary)
	}
	fmt.Fprintln(w, "\nEvery command accepts --workspace NAME (or GSTDESK_WORKSPACE=NAME); otherwise the last used workspace")
	fmt.Fprintln(w, "applies ('gstdesk workspace list' shows them).")
	fmt.Fprintln(w, "Environment: GSTDESK_DATA_DIR (data folder), GSTDESK_WORKSPACE, GSTDESK_BASE_URL, GSTDESK_API_KEY, GSTDESK_API_SECRET.")
	fmt.Fprintln(w, "Run 'gstdesk help COMMAND' for a command's flags.")
}

func init() {
	register(Command{Name: "version", Summary: "print the version of gstdesk", Run: func(_ context.Context, env Env, _ []string) int {
		fmt.Fprintf(env.Stdout, "gstdesk %s\n", Version)
		return ExitOK
	}})
	register(Command{Name: "help", Summary: "show the commands, or a command's flags", Run: func(ctx context.Context, env Env, args []string) int {
		if len(args) > 0 {
			if c, ok := commands[args[0]]; ok && args[0] != "help" {
				return c.Run(ctx, env, []string{"-h"})
			}
		}
		usage(env.Stdout)
		return ExitOK
	}})
}

// openDesk opens the application over the data folder of GSTDESK_DATA_DIR (default: the user's
// config folder): the same area services the window binds, so a command and a click take one road.
// What opening found and did that the person should know (a data folder made private) goes to
// standard error.
func openDesk(ctx context.Context, env Env) (*desk.Desk, error) {
	d, err := desk.Open(ctx, desk.Options{Dir: env.Getenv("GSTDESK_DATA_DIR"), Getenv: env.Getenv, Workspace: env.Workspace, Face: apperr.Command})
	if err != nil {
		if env.Workspace != "" && apperr.KindOf(err) == apperr.NotFound {
			return nil, usageError{err} // an unknown --workspace: the message lists the workspaces
		}
		return nil, err
	}
	if env.opened != nil {
		*env.opened = append(*env.opened, d)
	}
	for _, n := range d.Core.Notices() {
		fmt.Fprintln(env.Stderr, "gstdesk:", n)
	}
	// A command that wrote ships its changes to the backup targets as its desk closes; a failure
	// is said, never silent (the data is safe here; the next command or the window tries again).
	d.Backup.Reported = func(_ backup.Status, err error) {
		if err != nil {
			fmt.Fprintln(env.Stderr, "gstdesk: backup:", publicMessage(env, err))
		}
	}
	return d, nil
}

// usageError is a refusal the person fixes on the command line (exit 2): an unknown workspace,
// credentials given to the demo.
type usageError struct{ error }

func (u usageError) Unwrap() error { return u.error }

// exitFor is the exit status of a command that failed with err: 2 for a usage error, else 1.
func exitFor(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return ExitUsage
	}
	return ExitFailed
}

// parseAnywhere parses flags wherever they stand among the arguments (names first or flags first)
// and returns the other arguments; a code >= 0 means stop with it (0 after -h).
func parseAnywhere(fs *flag.FlagSet, args []string) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ExitOK
			}
			return nil, ExitUsage
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, -1
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
