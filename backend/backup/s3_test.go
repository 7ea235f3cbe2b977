package backup

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

// The S3 tests run against versitygw (github.com/versity/versitygw), a real S3 server over a
// folder, which `make setup` installs; it listens on a loopback port for the test's length.
const (
	s3Access = "AKGSTDESKTEST"
	s3Secret = "gstdesk-test-secret-0123456789"
)

// s3Server starts versitygw over a temporary folder holding the bucket "books" and returns its
// address.
func s3Server(t *testing.T) string {
	t.Helper()
	// Litestream's S3 client cannot combine its own HTTP client with a CA bundle named in the
	// environment (some machines set one for their proxies); the test server is plain http.
	t.Setenv("AWS_CA_BUNDLE", "")
	bin, err := exec.LookPath("versitygw")
	if err != nil {
		if gp := os.Getenv("GOPATH"); gp != "" {
			bin = filepath.Join(gp, "bin", "versitygw")
		} else if home, herr := os.UserHomeDir(); herr == nil {
			bin = filepath.Join(home, "go", "bin", "versitygw")
		}
		if _, serr := os.Stat(bin); serr != nil {
			t.Fatalf("versitygw (the S3 server these tests run against) is not installed: run make setup (%v)", err)
		}
	}
	root, meta := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "books"), 0o700); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "--access", s3Access, "--secret", s3Secret, "--port", addr, "--quiet", "posix", "--sidecar", meta, root)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return "http://" + addr
		}
		select {
		case err := <-exited:
			t.Fatalf("versitygw stopped: %v\n%s", err, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func s3Target(endpoint, bucket string) Target {
	t := Target{ID: "s3t", Name: "cloud", Kind: KindS3, Endpoint: endpoint, Bucket: bucket, Path: "gstdesk/office"}
	t.Normalize()
	return t
}

var goodKeys = Secrets{AccessKeyID: s3Access, SecretAccessKey: s3Secret}

// TestS3ReplicateRestoreVerify: the same road as the folder target, on a real S3 server: sync,
// restore the latest and an earlier point, verify, size.
func TestS3ReplicateRestoreVerify(t *testing.T) {
	ctx := context.Background()
	tg := s3Target(s3Server(t), "books")
	l := openLive(t)
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tg}, DatabaseID: l.id, DeskID: l.desk.ID, By: "command",
		Secrets: func(Target) Secrets { return goodKeys }})
	l.insert(t, 100)
	if _, err := rep.SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	at := time.Now()
	time.Sleep(5 * time.Millisecond)
	l.insert(t, 50)
	st, err := rep.SyncOnce(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s := st.Targets[0]; s.State != StateOK || s.ReplicatedTXID != s.LocalTXID {
		t.Fatalf("status = %+v", s)
	}
	c, err := tg.Open(ctx, goodKeys)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, tg, c, filepath.Join(t.TempDir(), "then"), l.db.Dir, at)
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 100 {
		t.Errorf("rows at the earlier point = %d, want 100", got)
	}
	v, err := Verify(ctx, tg, c, l.db.DB, l.db.Dir, t.TempDir())
	if err != nil || !v.OK {
		t.Fatalf("verify = %+v (%v)", v, err)
	}
	sz, err := Measure(ctx, tg, c)
	if err != nil || sz.Bytes == 0 {
		t.Errorf("size = %+v (%v)", sz, err)
	}
	// Another database may not write this replica.
	other := openLive(t)
	other.insert(t, 9)
	otherBefore := other.state(t)
	_, err = New(Config{Path: other.db.Path, Dir: other.db.Dir, Targets: []Target{tg}, DatabaseID: other.id, DeskID: other.desk.ID,
		Secrets: func(Target) Secrets { return goodKeys }}).SyncOnce(ctx)
	if apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), `"cloud"`) || !strings.Contains(err.Error(), "another gstdesk database") {
		t.Errorf("another database's sync: %v, want conflict naming the target", err)
	}
	other.unchanged(t, otherBefore, "the refused sync into another database's replica")
}

// TestS3BadInput: wrong credentials, a bucket that does not exist and a server that is down each
// get an error naming the target, and the live database is untouched.
func TestS3BadInput(t *testing.T) {
	ctx := context.Background()
	endpoint := s3Server(t)
	l := openLive(t)
	l.insert(t, 4)
	before := l.state(t)
	l2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + l2.Addr().String()
	l2.Close()
	tests := []struct {
		name string
		t    Target
		s    Secrets
		kind apperr.Kind
		want string
	}{
		{"wrong secret", s3Target(endpoint, "books"), Secrets{AccessKeyID: s3Access, SecretAccessKey: "wrong"}, apperr.Unauthorised, "refused the access key"},
		{"unknown key", s3Target(endpoint, "books"), Secrets{AccessKeyID: "NOBODY", SecretAccessKey: "x"}, apperr.Unauthorised, "refused the access key"},
		{"no bucket", s3Target(endpoint, "ledgers"), goodKeys, apperr.NotFound, `bucket "ledgers" does not exist`},
		{"server down", s3Target(down, "books"), goodKeys, apperr.Unavailable, "cannot be reached"},
	}
	for _, tc := range tests {
		s := tc.s
		_, err := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tc.t}, DatabaseID: l.id, DeskID: l.desk.ID,
			Secrets: func(Target) Secrets { return s }}).SyncOnce(ctx)
		if apperr.KindOf(err) != tc.kind || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `"cloud"`) {
			t.Errorf("%s: %v (%s), want %s containing %q and the target's name", tc.name, err, apperr.KindOf(err), tc.kind, tc.want)
		}
		var ae *apperr.Error
		if errors.As(err, &ae) && (strings.Contains(ae.Message, s3Secret) || strings.Contains(ae.Message, "wrong")) {
			t.Errorf("%s: the message shows a secret: %s", tc.name, ae.Message)
		}
		l.unchanged(t, before, tc.name)
	}
}
