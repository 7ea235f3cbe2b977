package cli

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gstdesk/backend/gstapi/gstapitest"
)

// lockedBuffer is a bytes.Buffer safe to write from the command and read from the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestSimulateServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }},
			[]string{"simulate", "--addr", "127.0.0.1:0", "--seed", "3"})
	}()
	urlRe := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)`)
	var base string
	for i := 0; i < 500 && base == ""; i++ {
		if m := urlRe.FindStringSubmatch(errb.String()); m != nil {
			base = m[1]
			break
		}
		select {
		case code := <-done:
			t.Fatalf("simulate exited %d: %s", code, errb.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if base == "" {
		t.Fatalf("no URL printed: %q", errb.String())
	}
	for _, want := range []string{"API key: " + gstapitest.DefaultAPIKey, "API secret: " + gstapitest.DefaultAPISecret, "Taxpayer OTP: " + gstapitest.DefaultOTP, "27AAPFU0939F1ZV"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q: %s", want, errb.String())
		}
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/authenticate", nil)
	req.Header.Set("x-api-key", gstapitest.DefaultAPIKey)
	req.Header.Set("x-api-secret", gstapitest.DefaultAPISecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("authenticate: %d", resp.StatusCode)
	}
	cancel()
	select {
	case code := <-done:
		if code != ExitOK {
			t.Errorf("exit = %d, want %d", code, ExitOK)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("simulate did not stop after cancel")
	}
	if out.String() != "" {
		t.Errorf("stdout = %q, want nothing", out.String())
	}
}

func TestSimulateUsage(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		wantErr  string
	}{
		{[]string{"simulate", "extra"}, ExitUsage, `unexpected argument "extra"`},
		{[]string{"simulate", "--seed", "x"}, ExitUsage, "invalid value"},
		{[]string{"simulate", "--taxpayers", "0"}, ExitUsage, "must be 1 or more"},
		{[]string{"simulate", "--addr", "256.0.0.1:99999"}, ExitFailed, "cannot listen"},
		{[]string{"help", "simulate"}, ExitOK, "--addr"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := Main(context.Background(), Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}, tt.args)
		if code != tt.wantCode || !strings.Contains(errb.String()+out.String(), tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want %d containing %q", tt.args, code, errb.String(), tt.wantCode, tt.wantErr)
		}
	}
}
