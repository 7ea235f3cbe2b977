package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/desk"
	deskbackup "gstdesk/backend/desk/backup"
)

func init() {
	register(Command{Name: "backup", Summary: "back up the data folder to a folder, S3 or SFTP; restore, verify, follow", Run: runBackup})
}

const backupUsage = `usage:
  gstdesk backup target add --kind folder --path DIR [--name NAME] [--retention-days N]
  gstdesk backup target add --kind s3 --bucket B [--path PREFIX] [--endpoint URL] [--region R]
                            [--access-key-id ID --secret-stdin] [--name NAME] [--retention-days N]
  gstdesk backup target add --kind sftp --host H [--port N] --user U [--path DIR]
                            [--key-file F] [--host-key "ssh-ed25519 AAAA..."] [--password-stdin]
  gstdesk backup target list
  gstdesk backup target remove NAME
  gstdesk backup sync          ship every committed change to the targets now
  gstdesk backup run           replicate continuously until stopped (Ctrl+C), without the window
  gstdesk backup status        the state of each target (last replicated, lag, error)
  gstdesk backup points [--target NAME]
  gstdesk backup restore --to DIR [--at "DD/MM/YYYY HH:MM"] [--target NAME]
  gstdesk backup verify [--target NAME]
  gstdesk backup size
  gstdesk backup takeover --yes  make this desk the writer of the targets' replicas
  gstdesk backup follow --to DIR --kind folder --path DIR (or a target's other flags, as for target add)
                               a second desk: restore the replica into DIR and follow it read-only
  gstdesk backup follow [--dir DIR] [--once]
                               keep following into a second desk's folder (default: GSTDESK_DATA_DIR)

Backups are continuous copies of the whole data folder's database (every workspace), made with
Litestream: while the window or 'backup run' is open every committed change reaches the targets
within a second or two, and every command that writes ships its changes as it ends. The first
target is the replica; every other target mirrors it. Each target keeps --retention-days days of
restore points (default 7).
Secrets never go on the command line: --secret-stdin and --password-stdin read them from standard
input into the keychain; without a keychain set GSTDESK_BACKUP_S3_ACCESS_KEY_ID and
GSTDESK_BACKUP_S3_SECRET_ACCESS_KEY, or GSTDESK_BACKUP_SFTP_PASSWORD, for each run.
'restore' writes the database as it was at --at (default: the latest point) into DIR, a new or
empty folder, never the live one; open it with GSTDESK_DATA_DIR=DIR. A time to the minute means
the end of that minute. A restored folder is another desk: it reads the replicas but does not
write them until 'backup takeover' (stop gstdesk on the other desk first).
'verify' restores the latest point into a temporary folder, runs PRAGMA integrity_check and
compares the row count of every table with the live database.
'follow' makes a second desk that reads another desk's data without touching it (a client's 2A,
reconciliations and payroll): DIR holds a copy of the replica that follow keeps up to date within
a second or two of each change the writer desk ships, until Ctrl+C (--once: until it holds what
the replica holds now). Open it with GSTDESK_DATA_DIR=DIR gstdesk (the window follows while it is
open) or run commands with GSTDESK_DATA_DIR=DIR: everything reads, and every change is refused
(exit 2). 'takeover --yes' run there makes it the writer once the writer desk has stopped.
Output: one JSON object per line. Exit 0 on success, 1 when it failed, 2 for a usage error.`

func runBackup(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.Stderr, backupUsage)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	b := &bkRun{env: env, name: args[0]}
	var run func(ctx context.Context, args []string) int
	switch args[0] {
	case "target":
		if len(args) < 2 {
			return b.usage("say add, list or remove")
		}
		b.name = "target " + args[1]
		switch args[1] {
		case "add":
			run = b.targetAdd
		case "list":
			run = b.targetList
		case "remove":
			run = b.targetRemove
		default:
			return b.usage(fmt.Sprintf("unknown subcommand %q: say add, list or remove", args[1]))
		}
		args = args[1:]
	case "sync":
		run = b.sync
	case "run":
		run = b.run
	case "status":
		run = b.status
	case "points":
		run = b.points
	case "restore":
		run = b.restore
	case "verify":
		run = b.verify
	case "size":
		run = b.size
	case "takeover":
		run = b.takeover
	case "follow":
		run = b.follow
	default:
		fmt.Fprintf(env.Stderr, "gstdesk backup: unknown subcommand %q\n\n%s\n", args[0], backupUsage)
		return ExitUsage
	}
	code := run(ctx, args[1:])
	if b.d != nil {
		b.d.Close()
	}
	return code
}

type bkRun struct {
	env  Env
	name string
	d    *desk.Desk
}

func (b *bkRun) flags() *flag.FlagSet {
	fs := flag.NewFlagSet("backup "+b.name, flag.ContinueOnError)
	fs.SetOutput(b.env.Stderr)
	fs.Usage = func() { fmt.Fprintln(b.env.Stderr, backupUsage) }
	return fs
}

// parse parses the flags; code >= 0 means stop with it. Only the names in allowed may stand
// among the other arguments.
func (b *bkRun) parse(fs *flag.FlagSet, args []string, positional int) ([]string, int) {
	pos, code := parseAnywhere(fs, args)
	if code >= 0 {
		return nil, code
	}
	if len(pos) > positional {
		return nil, b.usage(fmt.Sprintf("unexpected argument %q", pos[positional]))
	}
	return pos, -1
}

func (b *bkRun) usage(msg string) int {
	fmt.Fprintf(b.env.Stderr, "gstdesk backup %s: %s\n", b.name, msg)
	return ExitUsage
}

func (b *bkRun) fail(err error) int {
	fmt.Fprintf(b.env.Stderr, "gstdesk backup %s: %s\n", b.name, publicMessage(b.env, err))
	if k := apperr.KindOf(err); k == apperr.Invalid || k == apperr.NotFound {
		return ExitUsage
	}
	return exitFor(err)
}

func (b *bkRun) open(ctx context.Context) (*deskbackup.Service, error) {
	env := b.env
	env.Workspace = "" // backups hold the whole data folder, not one workspace
	d, err := openDesk(ctx, env)
	if err != nil {
		return nil, err
	}
	b.d = d
	return d.Backup, nil
}

func (b *bkRun) print(rec any) {
	out := jsonLine(rec)
	fmt.Fprintln(b.env.Stdout, string(out))
}

// readSecret reads one line of standard input (a secret piped in, never typed on the command line).
func (b *bkRun) readSecret() (string, error) {
	line, err := bufio.NewReader(b.env.Stdin).ReadString('\n')
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		if err == nil {
			err = fmt.Errorf("empty line")
		}
		return "", fmt.Errorf("read the secret from standard input: %v", err)
	}
	return line, nil
}

// targetFlags defines the flags that describe a target (target add, follow); read reads its
// secret from standard input when asked to, after the flags are parsed (code >= 0: stop with it).
func (b *bkRun) targetFlags(fs *flag.FlagSet) (spec *deskbackup.TargetSpec, read func() int) {
	spec = &deskbackup.TargetSpec{}
	fs.StringVar(&spec.Kind, "kind", "", "folder, s3 or sftp")
	fs.StringVar(&spec.Name, "name", "", "a name for the target (default: the folder, bucket or host)")
	fs.StringVar(&spec.Path, "path", "", "the folder; the key prefix in the bucket; the folder on the SFTP server")
	fs.IntVar(&spec.RetentionDays, "retention-days", backup.DefaultRetentionDays, "days of restore points to keep")
	fs.StringVar(&spec.Endpoint, "endpoint", "", "s3: the service's address (empty for AWS S3)")
	fs.StringVar(&spec.Bucket, "bucket", "", "s3: the bucket")
	fs.StringVar(&spec.Region, "region", "", "s3: the region")
	fs.StringVar(&spec.AccessKeyID, "access-key-id", "", "s3: the access key id (its secret from --secret-stdin)")
	secretStdin := fs.Bool("secret-stdin", false, "s3: read the secret access key from standard input")
	fs.StringVar(&spec.Host, "host", "", "sftp: the server")
	fs.IntVar(&spec.Port, "port", 0, "sftp: the port (default 22)")
	fs.StringVar(&spec.User, "user", "", "sftp: the user")
	fs.StringVar(&spec.KeyFile, "key-file", "", "sftp: a private key file")
	fs.StringVar(&spec.HostKey, "host-key", "", "sftp: the server's public host key (as in known_hosts, without the host name)")
	passwordStdin := fs.Bool("password-stdin", false, "sftp: read the password from standard input")
	return spec, func() int {
		if spec.Kind == "" {
			return b.usage("--kind folder, s3 or sftp is required")
		}
		if *secretStdin || *passwordStdin {
			s, err := b.readSecret()
			if err != nil {
				return b.usage(err.Error())
			}
			if *secretStdin {
				spec.SecretAccessKey = s
			} else {
				spec.Password = s
			}
		}
		return -1
	}
}

func (b *bkRun) targetAdd(ctx context.Context, args []string) int {
	fs := b.flags()
	spec, read := b.targetFlags(fs)
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	if code := read(); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	t, err := svc.AddTarget(ctx, *spec)
	if err != nil {
		return b.fail(err)
	}
	b.print(map[string]any{"added": t.Name, "id": t.ID, "kind": t.Kind, "where": t.Where(), "retention_days": t.RetentionDays})
	return ExitOK
}

func (b *bkRun) targetList(ctx context.Context, args []string) int {
	if _, code := b.parse(b.flags(), args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	ts, err := svc.Targets(ctx)
	if err != nil {
		return b.fail(err)
	}
	for _, t := range ts {
		b.print(t)
	}
	return ExitOK
}

func (b *bkRun) targetRemove(ctx context.Context, args []string) int {
	pos, code := b.parse(b.flags(), args, 1)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return b.usage("name the target to remove (gstdesk backup target list shows them)")
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	t, err := svc.RemoveTarget(ctx, pos[0])
	if err != nil {
		return b.fail(err)
	}
	b.print(map[string]any{"removed": t.Name, "where": t.Where(), "note": "what the target holds stays there"})
	return ExitOK
}

func (b *bkRun) printStatus(st backup.Status) {
	if st.Following != nil {
		b.print(map[string]any{"following": st.Following, "read_only": st.ReadOnly})
	}
	if st.ReadOnly != "" && st.Following == nil {
		b.print(map[string]any{"read_only": st.ReadOnly})
	}
	for _, t := range st.Targets {
		b.print(t)
	}
}

func (b *bkRun) sync(ctx context.Context, args []string) int {
	if _, code := b.parse(b.flags(), args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	st, err := svc.Sync(ctx)
	if st.Elsewhere {
		b.print(map[string]any{"note": fmt.Sprintf("another gstdesk (%s, process %d) replicates this data folder and ships every change within a second or two; the state below is what it last reported", st.By, st.PID)})
	}
	b.printStatus(st)
	if err != nil {
		return b.fail(err)
	}
	return ExitOK
}

func (b *bkRun) status(ctx context.Context, args []string) int {
	if _, code := b.parse(b.flags(), args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	st, err := svc.Status(ctx)
	if err != nil {
		return b.fail(err)
	}
	b.printStatus(st)
	if err := svc.CheckTargets(ctx); err != nil {
		// A target that leads into the data folder now: the status above says it too; the exit
		// status must not say all is well.
		fmt.Fprintf(b.env.Stderr, "gstdesk backup status: %s\n", publicMessage(b.env, err))
		return ExitFailed
	}
	return ExitOK
}

// run replicates until SIGINT or SIGTERM, printing each target's state when it changes. A status
// it cannot read is said on standard error (each new failure once; replication goes on), and
// ends it with failure when it is still so at the end. When another desk takes the replica over,
// replication stops here: run says so and ends with failure.
func (b *bkRun) run(ctx context.Context, args []string) int {
	if _, code := b.parse(b.flags(), args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := svc.Start(ctx, "backup run"); err != nil {
		return b.fail(err)
	}
	if !svc.Running() {
		if r := svc.ReadOnly(); r != nil {
			return b.fail(r) // another desk took the replica over: this one does not replicate
		}
		st, err := svc.Status(ctx)
		if err != nil {
			return b.fail(err)
		}
		if len(st.Targets) == 0 {
			return b.fail(apperr.New(apperr.NotFound, "No backup target is set up: add one with gstdesk backup target add."))
		}
		return b.fail(apperr.New(apperr.Conflict, "Another gstdesk (the window, or backup run) already replicates this data folder."))
	}
	last := map[string]string{}
	said := "" // the status failure last said, so that it is said once, not every second
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		st, err := svc.Status(ctx)
		if err != nil {
			if msg := publicMessage(b.env, err); msg != said {
				said = msg
				fmt.Fprintf(b.env.Stderr, "gstdesk backup %s: %s\n", b.name, msg)
			}
		} else {
			said = ""
		}
		for _, t := range st.Targets {
			key := t.State + "|" + t.Error
			if last[t.ID] != key {
				last[t.ID] = key
				b.print(t)
			}
		}
		if r := svc.ReadOnly(); r != nil && !svc.Running() {
			// Another desk took the replica over: this desk replicates nothing more.
			if err := svc.Stop(); err != nil {
				return b.fail(err)
			}
			if st, err := svc.Status(context.Background()); err == nil {
				b.printStatus(st)
			}
			return b.fail(r)
		}
		select {
		case <-ctx.Done():
			if err := svc.Stop(); err != nil {
				return b.fail(err)
			}
			st, err := svc.Status(context.Background())
			if err != nil {
				return b.fail(err)
			}
			b.printStatus(st)
			return ExitOK
		case <-tick.C:
		}
	}
}

func (b *bkRun) points(ctx context.Context, args []string) int {
	fs := b.flags()
	target := fs.String("target", "", "the target (default: the first)")
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	pts, err := svc.Points(ctx, *target)
	if err != nil {
		return b.fail(err)
	}
	for _, p := range pts {
		b.print(map[string]any{"txid": p.TXID, "at": stamp(p.At), "snapshot": p.Snapshot, "bytes": p.Bytes})
	}
	return ExitOK
}

func (b *bkRun) restore(ctx context.Context, args []string) int {
	fs := b.flags()
	to := fs.String("to", "", "a new or empty folder to restore into")
	at := fs.String("at", "", `the time to restore, "DD/MM/YYYY HH:MM" (default: the latest point)`)
	target := fs.String("target", "", "the target (default: the first)")
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	if *to == "" {
		return b.usage("--to DIR is required: a new or empty folder")
	}
	var when time.Time
	if *at != "" {
		var err error
		if when, err = backup.ParseWhen(*at, time.Local); err != nil {
			return b.usage(apperr.Command.Public(err).Message)
		}
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	r, err := svc.Restore(ctx, *target, *to, when)
	if err != nil {
		return b.fail(err)
	}
	b.print(map[string]any{"restored": r.Path, "txid": r.TXID, "point_at": stamp(r.At), "bytes": r.Bytes,
		"open_with": "GSTDESK_DATA_DIR=" + r.Dir})
	return ExitOK
}

func (b *bkRun) verify(ctx context.Context, args []string) int {
	fs := b.flags()
	target := fs.String("target", "", "the target (default: the first)")
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	v, err := svc.Verify(ctx, *target)
	if err != nil {
		return b.fail(err)
	}
	for _, t := range v.Tables {
		b.print(t)
	}
	b.print(map[string]any{"target": v.Target, "txid": v.TXID, "point_at": stamp(v.At), "integrity": v.Integrity, "ok": v.OK})
	if !v.OK {
		fmt.Fprintf(b.env.Stderr, "gstdesk backup verify: the replica on %q differs from the live database (integrity: %s); see the tables with \"same\": false. A write since the last sync also shows here: run it again after gstdesk backup sync.\n", v.Target, v.Integrity)
		return ExitFailed
	}
	return ExitOK
}

func (b *bkRun) size(ctx context.Context, args []string) int {
	if _, code := b.parse(b.flags(), args, 0); code >= 0 {
		return code
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	sz, err := svc.Sizes(ctx)
	for _, s := range sz {
		b.print(s)
	}
	if err != nil {
		return b.fail(err)
	}
	return ExitOK
}

// follow starts a second desk in --to DIR from a target's replica, or keeps following into --dir
// DIR, printing its status whenever it changes, until Ctrl+C, standard input closing
// (--while-stdin-open, the window's follower) or, with --once, until the copy has caught up.
func (b *bkRun) follow(ctx context.Context, args []string) int {
	fs := b.flags()
	spec, read := b.targetFlags(fs)
	to := fs.String("to", "", "a new or empty folder for a second desk (with a target's flags)")
	dir := fs.String("dir", "", "a second desk's folder to keep following (default: GSTDESK_DATA_DIR)")
	once := fs.Bool("once", false, "stop once the copy holds what the replica holds now")
	whileStdin := fs.Bool("while-stdin-open", false, "stop when standard input closes")
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	switch {
	case *to != "" && *dir != "":
		return b.usage("give --to DIR (a new second desk) or --dir DIR (one that follows already), not both")
	case *to != "":
		if code := read(); code >= 0 {
			return code
		}
		svc, err := b.open(ctx)
		if err != nil {
			return b.fail(err)
		}
		r, err := svc.StartFollowing(ctx, *spec, *to)
		if err != nil {
			return b.fail(err)
		}
		b.print(map[string]any{"following": r.Path, "txid": r.TXID, "point_at": stamp(r.At), "bytes": r.Bytes,
			"open_with": "GSTDESK_DATA_DIR=" + r.Dir})
		b.d.Close()
		b.d, *dir = nil, r.Dir
	case spec.Kind != "":
		return b.usage("a target's flags go with --to DIR: a folder that follows already knows its target")
	case *dir == "":
		*dir = b.env.Getenv("GSTDESK_DATA_DIR")
		if *dir == "" {
			return b.usage("give --to DIR and a target's flags to start a second desk, or --dir DIR to keep one following")
		}
	}
	env := b.env
	outer := env.Getenv
	env.Getenv = func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return *dir
		}
		return outer(k)
	}
	env.Workspace = ""
	d, err := openDesk(ctx, env)
	if err != nil {
		return b.fail(err)
	}
	b.d = d
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *whileStdin {
		go func() {
			_, _ = io.Copy(io.Discard, b.env.Stdin)
			stop()
		}()
	}
	var last backup.FollowStatus
	err = d.Backup.Follow(ctx, *once, func(st backup.FollowStatus) {
		last = st
		b.print(st)
	})
	if err != nil {
		return b.fail(err)
	}
	if *once && last.Error != "" {
		return b.fail(apperr.New(apperr.Unavailable, "%s", last.Error))
	}
	return ExitOK
}

func (b *bkRun) takeover(ctx context.Context, args []string) int {
	fs := b.flags()
	yes := fs.Bool("yes", false, "confirm: gstdesk on the other desk has been stopped")
	if _, code := b.parse(fs, args, 0); code >= 0 {
		return code
	}
	if !*yes {
		return b.usage("taking over makes this desk write the replicas the other desk writes now: stop gstdesk there, then run it again with --yes")
	}
	svc, err := b.open(ctx)
	if err != nil {
		return b.fail(err)
	}
	ts, err := svc.TakeOver(ctx)
	if err != nil {
		return b.fail(err)
	}
	for _, t := range ts {
		b.print(map[string]any{"writer_of": t.Name, "where": t.Where()})
	}
	return ExitOK
}
