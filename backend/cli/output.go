package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/export"
	"gstdesk/backend/store"
)

// outFilePerm is the mode of a new file a command writes with --out (a file the person asked for,
// readable as any file they save; one that exists keeps its mode).
const outFilePerm = 0o644

// checkOut says, when the flags are parsed and before any work is done or stored, why --out cannot
// be written ("" when it can or is not given): its folder must exist, and it must not be (links
// followed) the database or any file in the data folder, nor a file the command reads (outGuard).
func checkOut(env Env, path string) string {
	if path == "" {
		return ""
	}
	if err := export.CheckDestination(path); err != nil {
		return fmt.Sprintf("cannot write --out %s: %v.", path, err)
	}
	if err := outGuard(env).Check(path); err != nil {
		return "refusing --out: " + guardReason(err) + ". Nothing was written."
	}
	return ""
}

// checkOutDir is checkOut for --out DIR of a command that writes several files into a folder.
func checkOutDir(env Env, dir string) string {
	if err := outGuard(env).CheckFolder(dir); err != nil {
		return "refusing --out: " + guardReason(err) + ". Nothing was written."
	}
	return ""
}

// guardReason is a Guard's refusal without its sentinel's words.
func guardReason(err error) string {
	return strings.TrimPrefix(err.Error(), export.ErrProtected.Error()+": ")
}

// outGuard is the guard of every file a command writes for the person (export.Guard): the data
// folder, and every file named on the command line other than --out's own value (an input given
// by a flag or as an argument), so no command has to list what it reads.
func outGuard(env Env) *export.Guard {
	if env.guard != nil {
		return env.guard
	}
	return commandGuard(env, nil)
}

// commandGuard builds the guard of a command run with args.
func commandGuard(env Env, args []string) *export.Guard {
	g := &export.Guard{}
	dir := ""
	if env.Getenv != nil {
		dir = env.Getenv("GSTDESK_DATA_DIR")
	}
	if dir == "" {
		dir, _ = store.DataDir()
	}
	if dir != "" {
		g.Dirs = append(g.Dirs, dir)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "out" {
			if !hasVal {
				i++ // the value of --out is the destination, not an input
			}
			continue
		}
		if strings.HasPrefix(a, "-") && hasVal {
			a = val
		}
		g.Reads = append(g.Reads, a)
	}
	return g
}

// checkBinaryOut refuses a binary format (XLSX) for a terminal: with no --out it must go to a file
// or a pipe, never onto the screen.
func checkBinaryOut(env Env, f export.Format, out string) string {
	if f == export.XLSX && out == "" && terminal(env.Stdout) {
		return "--format xlsx writes a binary file: give --out FILE.xlsx (or redirect standard output to a file)."
	}
	return ""
}

// writeOutput writes a command's output to --out, whole or not at all (export.WriteFileAtomic: a
// failure or Ctrl-C leaves the previous file or none), or to standard output when out is "".
func writeOutput(env Env, out string, write func(io.Writer) error) error {
	if out == "" {
		return write(env.Stdout)
	}
	if err := outGuard(env).Check(out); err != nil {
		return err
	}
	return export.WriteFileAtomic(out, outFilePerm, write)
}

// writeJSONLines writes each row as one JSON line (HTML characters as they are, not escaped): the
// output of a command's rows with --format json.
func writeJSONLines[T any](w io.Writer, rows []T) error {
	enc := newJSON(w)
	for i := range rows {
		if err := enc.Encode(&rows[i]); err != nil {
			return err
		}
	}
	return nil
}

// openFor opens the workspace for the command name ("recon", "recon runs"), or says on stderr why
// it cannot ("gstdesk NAME: ...") and returns the exit status to end with (ok false).
func openFor(ctx context.Context, env Env, name string) (d *desk.Desk, code int, ok bool) {
	d, err := openDesk(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "gstdesk %s: %s\n", name, publicMessage(env, err))
		return nil, exitFor(err), false
	}
	return d, ExitOK, true
}

// writeBytes is a write function of bytes already made.
func writeBytes(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}
}

// isTerminal reports whether w is a terminal: a character device other than the null device (a
// file or a pipe is not; `> /dev/null` is not either).
func isTerminal(w io.Writer) bool {
	f, ok := underlying(w).(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(st, null) {
		return false
	}
	return true
}

// terminal is isTerminal; tests, which have no terminal, replace it.
var terminal = isTerminal

// publicMessage is what a command prints of err (apperr.Command's face). An internal error's
// details go to the log file of the data folder, and the message names that file by its real path,
// so "the details are in the log" can be followed; when no log can be written the details are
// printed instead.
func publicMessage(env Env, err error) string {
	p := apperr.Command.Public(err)
	if p == nil || p.Kind != apperr.Internal {
		if p == nil {
			return ""
		}
		return p.Message
	}
	msg := strings.TrimSuffix(p.Message, " The details are in the log.")
	dir := env.Getenv("GSTDESK_DATA_DIR")
	if dir == "" {
		d, derr := store.DataDir()
		if derr != nil {
			return msg + " Details: " + err.Error()
		}
		dir = d
	}
	path, lerr := store.AppendLog(dir, fmt.Sprintf("time=%s level=ERROR msg=\"internal error\" face=command err=%q\n", time.Now().UTC().Format(time.RFC3339), err.Error()))
	if lerr != nil {
		return fmt.Sprintf("%s Details (the log %s could not be written: %v): %v", msg, path, lerr, err)
	}
	return msg + " The details are in the log: " + path
}

// stamp writes a moment for the command line's JSON: RFC 3339 in UTC to the second
// ("2026-11-27T05:50:00Z"), the one layout every record uses; "" for the zero time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
