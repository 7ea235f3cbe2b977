package cli

import (
	"context"
	"fmt"

	"gstdesk/backend/desk"
)

func init() {
	register(Command{Name: "demo", Summary: "load or clear the demo workspace's made-up figures", Run: runDemo, UsesWorkspace: true})
}

const demoUsage = `usage:
  gstdesk demo status
  gstdesk demo load
  gstdesk demo clear

The demo workspace answers from gstdesk's built-in demo service (made-up taxpayers; no call
leaves this computer). The window fills it once, the first time it opens, with three months of a
made-up client: GSTR-2A, GSTR-2B, the IMS lists, a purchase register reconciled against GSTR-2B
and IMS, and a payroll month with its TDS, each the same step a person's own action takes.
'load' fills it again (nothing is added when the figures are there already); 'clear' removes
everything the demo workspace holds (its settings stay) and the next start leaves it empty.
Both work only in the demo workspace (--workspace NAME chooses another one for this run).
Output: one JSON object: {"demo": true, "state": "loaded"|"cleared"|"", "loaded": ..., "what": [...]}.
Exit 0 on success, 1 when it failed, 2 for a usage error (not the demo workspace).`

func runDemo(ctx context.Context, env Env, args []string) int {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, demoUsage)
		if len(args) == 1 {
			return ExitOK
		}
		return ExitUsage
	}
	var act func(*desk.Desk, context.Context) (desk.DemoData, error)
	switch args[0] {
	case "status":
		act = (*desk.Desk).DemoState
	case "load":
		act = (*desk.Desk).LoadDemo
	case "clear":
		act = (*desk.Desk).ClearDemo
	default:
		fmt.Fprintf(env.Stderr, "gstdesk demo: unknown subcommand %q\n\n%s\n", args[0], demoUsage)
		return ExitUsage
	}
	name := "demo " + args[0]
	d, code, ok := openFor(ctx, env, name)
	if !ok {
		return code
	}
	defer d.Close()
	st, err := act(d, ctx)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk %s: %s\n", name, publicMessage(env, err))
		if !st.Demo && args[0] != "status" {
			return ExitUsage
		}
		return ExitFailed
	}
	b := jsonLine(st)
	env.Stdout.Write(append(b, '\n'))
	return ExitOK
}
