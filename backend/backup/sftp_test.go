//go:build !windows

package backup

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

// sftpServer starts Debian's OpenSSH server (which `make setup` installs) on a loopback port with
// a host key and a client key made for the test, and returns a target for dir on it (as the user
// running the tests, who logs in with the client key) and the server's host key line.
func sftpServer(t *testing.T) (Target, string) {
	t.Helper()
	sshd, err := exec.LookPath("sshd")
	if err != nil {
		sshd = "/usr/sbin/sshd"
	}
	if _, err := os.Stat(sshd); err != nil {
		t.Fatalf("sshd (Debian's openssh-server, the SFTP server these tests run against) is not installed: run make setup (%v)", err)
	}
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, k := range []string{"host", "client"} {
		out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(dir, k)).CombinedOutput()
		if err != nil {
			t.Fatalf("ssh-keygen: %v %s", err, out)
		}
	}
	pub, err := os.ReadFile(filepath.Join(dir, "client.pub"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		t.Fatal(err)
	}
	hostPub, err := os.ReadFile(filepath.Join(dir, "host.pub"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().(*net.TCPAddr)
	l.Close()
	cfg := fmt.Sprintf(`ListenAddress 127.0.0.1:%d
HostKey %s
AuthorizedKeysFile %s
PidFile %s
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
Subsystem sftp internal-sftp
`, addr.Port, filepath.Join(dir, "host"), filepath.Join(dir, "authorized_keys"), filepath.Join(dir, "sshd.pid"))
	if err := os.WriteFile(filepath.Join(dir, "sshd_config"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	// sshd wants its privilege-separation folder even in the foreground.
	_ = os.MkdirAll("/run/sshd", 0o755)
	cmd := exec.Command(sshd, "-D", "-e", "-f", filepath.Join(dir, "sshd_config"))
	// A file, not a pipe: the per-connection processes sshd forks (in sessions of their own) keep
	// a pipe open after sshd is gone, and Wait would wait for them.
	logf, err := os.Create(filepath.Join(dir, "sshd.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	// Its own process group: the per-connection sshd processes it forks go with it at the end.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	})
	for {
		c, err := net.Dial("tcp", addr.String())
		if err == nil {
			c.Close()
			break
		}
		select {
		case err := <-exited:
			b, _ := os.ReadFile(logf.Name())
			t.Fatalf("sshd stopped: %v\n%s", err, b)
		case <-time.After(20 * time.Millisecond):
		}
	}
	remote := t.TempDir()
	tg := Target{ID: "box", Name: "office box", Kind: KindSFTP, Host: "127.0.0.1", Port: addr.Port, User: u.Username,
		KeyFile: filepath.Join(dir, "client"), HostKey: strings.TrimSpace(string(hostPub)), Path: remote}
	tg.Normalize()
	return tg, strings.TrimSpace(string(hostPub))
}

// TestSFTPReplicateRestore: sync to a real OpenSSH server's SFTP, restore from it; a wrong host
// key and a wrong key are refused with the target's name.
func TestSFTPReplicateRestore(t *testing.T) {
	ctx := context.Background()
	tg, _ := sftpServer(t)
	l := openLive(t)
	l.insert(t, 60)
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	// The path is the absolute folder given, not one of that name under the user's home.
	if got, _ := os.ReadDir(tg.Path); !filepath.IsAbs(tg.Path) || len(got) == 0 {
		t.Fatalf("nothing replicated into %s (absolute %v)", tg.Path, filepath.IsAbs(tg.Path))
	}
	c, err := tg.Open(ctx, Secrets{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, tg, c, filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 60 {
		t.Errorf("rows restored over SFTP = %d, want 60", got)
	}

	wrongHost := tg
	wrongHost.HostKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
	wrongKey := tg
	kdir := t.TempDir()
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", filepath.Join(kdir, "k")).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v %s", err, out)
	}
	wrongKey.KeyFile = filepath.Join(kdir, "k")
	// A port nobody listens on: the server is down or the address is wrong.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := tg
	down.Port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	l.insert(t, 5)
	before := l.state(t)
	for _, tc := range []struct {
		name string
		t    Target
		kind apperr.Kind
		want string
	}{
		{"wrong host key", wrongHost, apperr.Conflict, "another host key"},
		{"wrong client key", wrongKey, apperr.Unauthorised, "password or key"},
		{"server down", down, apperr.Unavailable, "cannot be reached"},
	} {
		_, err := l.replicator(tc.t).SyncOnce(ctx)
		if apperr.KindOf(err) != tc.kind || !strings.Contains(err.Error(), `"office box"`) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v (%s), want %s naming the target and containing %q", tc.name, err, apperr.KindOf(err), tc.kind, tc.want)
		}
		l.unchanged(t, before, tc.name)
	}
}

// TestMirrorKeepsItsConnections: continuous replication to an SFTP target with an SFTP mirror
// keeps one connection per target however many mirror passes it makes (it used to open a new
// connection to the first target and to every mirror each pass, every 30 s, and never closed
// them). The server's own log counts the logins.
func TestMirrorKeepsItsConnections(t *testing.T) {
	ctx := context.Background()
	tg, _ := sftpServer(t)
	mirror := tg
	mirror.ID, mirror.Name, mirror.Path = "box2", "office box copy", t.TempDir()
	l := openLive(t)
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tg, mirror}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window",
		SyncInterval: 20 * time.Millisecond, MirrorInterval: 20 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(5 * time.Second)
	l.insert(t, 10)
	const passes = 15
	seen := map[time.Time]bool{}
	waitFor(t, fmt.Sprintf("%d mirror passes", passes), func() bool {
		st := rep.Status()
		if m := st.Targets[1]; m.State == StateOK && !m.LastReplicatedAt.IsZero() {
			seen[m.LastReplicatedAt] = true
		}
		if m := st.Targets[1]; m.Error != "" {
			t.Fatalf("mirror: %s", m.Error)
		}
		return len(seen) >= passes
	})
	log, err := os.ReadFile(filepath.Join(filepath.Dir(tg.KeyFile), "sshd.log"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), "Accepted publickey"); n != 2 {
		t.Errorf("%d logins to the SFTP server over %d mirror passes, want 2 (one per target)", n, len(seen))
	}
}
