package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInternalErrorNamesTheLog: the window's message for an internal error names the log file by
// the path openLog really opened, and the details are in that file.
func TestInternalErrorNamesTheLog(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GSTDESK_DATA_DIR", dir)
	old := logPath
	t.Cleanup(func() { logPath = old })
	log := openLog()
	want := filepath.Join(dir, "gstdesk.log")
	if logPath != want {
		t.Fatalf("logPath = %q, want %q", logPath, want)
	}
	out, _ := formatError(log, errors.New("sql: no such table: secret_detail")).(string)
	var got struct{ Kind, Message string }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Kind != "internal" || !strings.HasSuffix(got.Message, "The details are in the log: "+want) || strings.Contains(got.Message, "secret_detail") {
		t.Errorf("message %q, want one naming %s without the detail", got.Message, want)
	}
	b, err := os.ReadFile(want)
	if err != nil || !strings.Contains(string(b), "secret_detail") {
		t.Errorf("log holds %q (%v), want the detail", b, err)
	}
}
