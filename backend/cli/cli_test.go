package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}, args)
	return code, out.String(), errb.String()
}

func TestMain(t *testing.T) {
	tests := []struct {
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{[]string{"version"}, ExitOK, "gstdesk " + Version + "\n", ""},
		{[]string{"--version"}, ExitOK, "gstdesk " + Version, ""},
		{[]string{"help"}, ExitOK, "version", ""},
		{[]string{"--help"}, ExitOK, "With no arguments gstdesk opens its window", ""},
		{[]string{"frobnicate"}, ExitUsage, "", `unknown command "frobnicate"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := run(t, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit = %d, want %d", code, tt.wantCode)
			}
			if !strings.Contains(out, tt.wantStdout) {
				t.Errorf("stdout = %q, want it to contain %q", out, tt.wantStdout)
			}
			if !strings.Contains(errs, tt.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errs, tt.wantStderr)
			}
		})
	}
}

func TestIsCommand(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"version"}, true},
		{[]string{"gst"}, true},
		{[]string{"-assetdir"}, false}, // wails dev flags go to the window
		{[]string{"--help"}, true},
	}
	for _, tt := range tests {
		if got := IsCommand(tt.args); got != tt.want {
			t.Errorf("IsCommand(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
